// Every request of `reeve ask` fits the model's context window, end to end against the scripted
// server over HTTP through the official OpenAI SDK. The scripted model ("scripted") has the generic
// profile: a 32,768-token window. The server records each request's size (its body's characters
// / 4); a tool result cut to fit says so and says how to get the rest. Scout's reasoning and steps
// count in the Task's token limit with its notes, and chat history gives way to the window.
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runReeve } from '../../helpers/cli';
import { reply, type RecordedRequest } from '../../llm-server';
import { agentTestEnv } from '../organize/agent-fixtures';
import { sentMessages, sentText, sentTools } from './ask-fixtures';

const env = agentTestEnv();
const WINDOW = 32_768;
const model = (): string[] => ['--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'scripted'];
const CUT = "Cut to fit the model's context window";

/** A note of about `chars` characters in numbered-looking lines. */
function longNote(title: string, chars: number): string {
  const lines = [`# ${title}`];
  for (let i = 0; lines.join('\n').length < chars; i++) lines.push(`Line ${i} of ${title}: solar panels, inverters and the south roof, with some words to fill it.`);
  return `${lines.join('\n')}\n`;
}

/** The Task answers plainly whenever the queue of Scout's turns is empty. */
function taskAnswers(): void {
  env.server.respondWith(() => reply.toolCall('propose_edits', { summary: 'Done.', edits: [] }));
}

function expectAllFit(): RecordedRequest[] {
  const chat = env.server.chatRequests();
  expect(chat.length).toBeGreaterThan(1);
  for (const r of chat) expect(r.approxTokens, `request #${r.index}`).toBeLessThanOrEqual(WINDOW);
  return chat;
}

/** The text of the tool results a request carried (the latest exchange). */
function toolResults(r: RecordedRequest | undefined): string[] {
  return sentMessages(r).filter((m) => m.role === 'tool').map((m) => m.content);
}

describe('reeve ask: every request fits the context window', () => {
  it('shares one turn among 200 parallel fetch_note calls: cut results say how to read on', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`Notes/Long ${i}.md`] = longNote(`Long ${i}`, 14_000);
    const tv = await env.vault(files);
    const calls = Array.from({ length: 200 }, (_, i) => ({ name: 'fetch_note', arguments: { path: `Notes/Long ${i % 20}.md` } }));
    env.server.script(reply.toolCalls(...calls), reply.toolCall('update_selection', { selectedPaths: ['Notes/Long 0.md'], reasoning: 'the first', confidence: 'done' }));
    taskAnswers();
    const r = await runReeve(['ask', tv.dir, 'what about the roof?', '--agents', 'scout,task', '--json', ...model()]);
    expect(r.code, r.stderr).toBe(0);
    const chat = expectAllFit();
    const results = toolResults(chat[1]);
    // At most 20 calls a turn are run and sent back; the last result says the rest were not run.
    expect(results).toHaveLength(20);
    expect(results.at(-1)).toContain('180 more tool calls were in your reply and were not run');
    expect(results[0]).toContain(CUT);
    expect(results[0]).toMatch(/Call fetch_note with \{"path": "Notes\/Long 0\.md", "fromLine": \d+\} \(by itself\) to read on from line \d+\./);
    // The 180 calls that never ran are not steps Scout took.
    expect(sentText(chat.find((q) => sentTools(q).includes('propose_edits')))).toContain("Scout's steps: read [[Notes/Long 0]]");
    expect(sentText(chat.find((q) => sentTools(q).includes('propose_edits')))).not.toContain('skipped');
  });

  it('reads on where a cut note stopped with fetch_note fromLine', async () => {
    const tv = await env.vault({ 'Notes/Long.md': longNote('Long', 30_000) });
    env.server.script(
      reply.toolCall('fetch_note', { path: 'Notes/Long.md' }),
      reply.toolCall('fetch_note', { path: 'Notes/Long.md', fromLine: 120 }),
      reply.toolCall('update_selection', { selectedPaths: ['Notes/Long.md'], reasoning: 'it', confidence: 'done' }),
    );
    taskAnswers();
    const r = await runReeve(['ask', tv.dir, 'roof?', '--agents', 'scout,task', '--json', ...model()]);
    expect(r.code, r.stderr).toBe(0);
    const chat = expectAllFit();
    const [first] = toolResults(chat[1]);
    expect(first).toMatch(/\(lines 1-\d+ of \d+ shown; call fetch_note with \{"path": "Notes\/Long\.md", "fromLine": \d+\} for the rest\)/);
    const second = toolResults(chat[2]).at(-1);
    expect(second).toMatch(/^<note path="Notes\/Long\.md" lines="\d+">\n120\| Line 118 of Long/);
  });

  it('bounds 50 parallel view_all_notes pages, and says which offset comes next', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1200; i++) files[`Archive/Some rather long folder name/Note number ${String(i).padStart(4, '0')} about things.md`] = `# ${i}\n`;
    const tv = await env.vault(files);
    const calls = Array.from({ length: 50 }, (_, i) => ({ name: 'view_all_notes', arguments: { offset: i * 20, limit: 200 } }));
    env.server.script(reply.toolCalls(...calls), reply.toolCall('update_selection', { selectedPaths: [], reasoning: 'none', confidence: 'done' }));
    taskAnswers();
    const r = await runReeve(['ask', tv.dir, 'list?', '--agents', 'scout,task', '--json', ...model()]);
    expect(r.code, r.stderr).toBe(0);
    const chat = expectAllFit();
    const results = toolResults(chat[1]);
    expect(results[0]).toContain(CUT);
    const shown = (results[0] ?? '').split('\n').filter((l) => l.startsWith('- ')).length;
    expect(results[0]).toContain(`Call view_all_notes with {"offset": ${shown}}`);
  });

// The scripted server streams arguments 8 characters an event: 400 KB (three windows' worth) stands
// for the 5 MB of the report, which would take minutes to stream.
  it('refuses a huge search query without echoing it, and sends the call back cut', async () => {
    const tv = await env.vault({ 'Notes/A.md': '# A\n\nsolar\n' });
    const huge = 'solar '.repeat(70_000);
    env.server.script(reply.toolCall('search_keyword', { query: huge }), reply.toolCall('update_selection', { selectedPaths: ['Notes/A.md'], reasoning: 'A', confidence: 'done' }));
    taskAnswers();
    const r = await runReeve(['ask', tv.dir, 'solar?', '--agents', 'scout,task', '--json', ...model()]);
    expect(r.code, r.stderr).toBe(0);
    const chat = expectAllFit();
    expect(chat[1]?.rawBody).not.toContain('solar '.repeat(1000));
    expect(toolResults(chat[1])[0]).toMatch(/query: Invalid length: Expected <=500 but received 420000/);
    // The schema says the bound, so a model that reads it never gets there.
    const spec = (chat[0]?.body.tools as { function: { name: string; parameters: { properties: Record<string, { maxLength?: number }> } } }[]).find((t) => t.function.name === 'search_keyword');
    expect(spec?.function.parameters.properties.query?.maxLength).toBe(500);
  });

  it("keeps a huge reasoning of Scout's out of the Task's request", async () => {
    const tv = await env.vault({ 'Notes/A.md': '# A\n\nsolar\n' });
    const reasoning = 'because '.repeat(50_000);
    env.server.script(
      reply.toolCall('update_selection', { selectedPaths: ['Notes/A.md'], reasoning, confidence: 'done' }),
      reply.toolCall('update_selection', { selectedPaths: ['Notes/A.md'], reasoning: 'A is about solar.', confidence: 'done' }),
    );
    taskAnswers();
    const r = await runReeve(['ask', tv.dir, 'solar?', '--agents', 'scout,task', '--json', ...model()]);
    expect(r.code, r.stderr).toBe(0);
    const chat = expectAllFit();
    const task = chat.find((q) => sentTools(q).includes('propose_edits'));
    expect(sentText(task)).toContain("Scout's reasoning: A is about solar.");
    expect(task?.rawBody).not.toContain('because '.repeat(300));
  });

  it("counts Scout's reasoning and steps in the Task's token limit, with the notes", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`Notes/Long ${i}.md`] = longNote(`Long ${i}`, 6_000);
    const tv = await env.vault(files);
    const searches = (turn: number): ReturnType<typeof reply.toolCalls> =>
      reply.toolCalls(...Array.from({ length: 20 }, (_, i) => ({ name: 'search_keyword', arguments: { query: `${turn}-${i} ${'roof '.repeat(95)}` } })));
    env.server.script(
      searches(1),
      searches(2),
      searches(3),
      searches(4),
      reply.toolCall('update_selection', { selectedPaths: Object.keys(files), reasoning: 'r'.repeat(2000), confidence: 'done' }),
    );
    taskAnswers();
    const r = await runReeve(['ask', tv.dir, 'roof?', '--agents', 'scout,task', '--json', ...model()]);
    expect(r.code, r.stderr).toBe(0);
    const chat = expectAllFit();
    const task = sentText(chat.find((q) => sentTools(q).includes('propose_edits')));
    const start = task.indexOf('# Prior agent context');
    const end = task.indexOf('# Request');
    expect(start).toBeGreaterThanOrEqual(0);
    // The default token limit is 16,000 (four characters a token; the lines saying why each note
    // was picked come on top of its tokens).
    expect(end - start).toBeLessThanOrEqual(16_000 * 4 + 2_000);
    expect(task).toContain("Scout's steps (the last 30 of 80)");
  });

  it('lets the oldest chat history give way to the window, a request never parted from its answer', async () => {
    const tv = await env.vault({ 'Notes/A.md': longNote('A', 40_000) });
    const turns = Array.from({ length: 5 }, (_, i) => ({ request: `question ${i}`, currentNote: null, answer: `answer ${i} ${'long answer text '.repeat(1_500)}`, edits: [], at: '' }));
    const history = path.join(tv.dir, '..', `${path.basename(tv.dir)}-history.json`);
    writeFileSync(history, JSON.stringify(turns));
    onTestFinished(() => rmSync(history, { force: true }));
    taskAnswers();
    const r = await runReeve(['ask', tv.dir, 'and now?', '--current', 'Notes/A.md', '--history', history, '--json', ...model()]);
    expect(r.code, r.stderr).toBe(0);
    const [req] = env.server.chatRequests();
    expect(req?.approxTokens).toBeLessThanOrEqual(WINDOW);
    const text = sentText(req);
    expect(text).toContain('answer 4');
    // (Trimmed as any other conversation, it kept "question 0" and paired it with "answer 4".)
    expect(text).toContain('question 4');
    expect(text).not.toContain('question 0');
    expect(text).toContain('and now?');
  });
});
