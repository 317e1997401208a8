// `reeve ask` end to end: the CLI in-process, a real vault on disk, the official OpenAI SDK over
// HTTP to the scripted LLM server. Edits land as pending blocks that `reeve pending` accepts.
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReeve } from '../../helpers/cli';
import { reply } from '../../llm-server';
import { agentTestEnv } from '../organize/agent-fixtures';
import { SOLAR_VAULT, sentText, sentTools } from './ask-fixtures';

const env = agentTestEnv();
const model = (): string[] => ['--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'scripted'];

interface AskJson {
  answer: string;
  edits: { id: string; file: string; type: string }[];
  refused: { file: string; reason: string }[];
  scout: { selected: { path: string; why: { kind: string; detail: string }[] }[]; confidence: string | null };
  dropped: unknown[];
  usage: { total: { inputTokens: number }; costUsd: number };
  stopped: boolean;
  question: string | null;
}

describe('reeve ask: Task alone', () => {
  it('answers from the current note and its links, and an edit lands as a pending block that pending accept applies', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(reply.toolCall('propose_edits', { summary: 'Added a task.', edits: [{ file: 'Projects/Solar.md', position: 'after:## Tasks', content: '- compare SunCo and Helio' }] }));
    const r = await runReeve(['ask', tv.dir, 'add a task to compare installers', '--current', 'Projects/Solar', '--depth', '1', '--json', ...model()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.answer).toBe('Added a task.');
    expect(out.edits.map((e) => [typeof e.id, e.file, e.type])).toEqual([['string', 'Projects/Solar.md', 'add']]);
    // The model read the current note and its direct links, numbered; not depth-2 notes.
    const sent = sentText(env.server.chatRequests()[0]);
    expect(sent).toContain('<note path="Projects/Solar.md"');
    expect(sent).toContain('3| We plan panels on the south roof.');
    expect(sent).toContain('<note path="Projects/Budget.md"');
    expect(sent).not.toContain('People/Contacts.md');
    expect(await tv.read('Projects/Solar.md')).toContain('```ai-edit');

    const listed = await runReeve(['pending', tv.dir, 'list', '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: out.edits[0]?.id, kind: 'edit', note: 'Projects/Solar.md' })]);
    const accepted = await runReeve(['pending', tv.dir, 'accept', '--all']);
    expect(accepted.code).toBe(0);
    expect(await tv.read('Projects/Solar.md')).toBe('# Solar roof\n\nWe plan panels on the south roof.\nSee [[Budget]] and [[Installers]].\n\n## Tasks\n- compare SunCo and Helio\n- get quotes\n');
  });

  it('refuses out-of-scope, ../ and config-folder edits after one correction, leaving the vault byte-identical', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const before = await tv.snapshot();
    const bad = {
      summary: 'Done.',
      edits: [
        { file: 'Recipes/Bread.md', position: 'end', content: 'x' },
        { file: '../outside.md', position: 'create', content: 'x' },
        { file: '.obsidian/app.json', position: 'create', content: '{}' },
      ],
    };
    env.server.script(reply.toolCall('propose_edits', bad), reply.toolCall('propose_edits', bad));
    const r = await runReeve(['ask', tv.dir, 'do it', '--current', 'Projects/Solar', '--scope', 'current', '--json', ...model()]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits).toEqual([]);
    expect(out.refused.map((x) => x.reason).join('\n')).toMatch(/outside the editable scope/);
    expect(out.refused).toHaveLength(3);
    // The first refusal went back to the model with what to fix; nothing was written.
    const feedback = sentText(env.server.chatRequests()[1]);
    expect(feedback).toContain('Nothing was proposed yet');
    expect(feedback).toMatch(/Recipes\/Bread\.md.*outside the editable scope/);
    expect(await tv.snapshot()).toEqual(before);
    expect(existsSync(path.join(tv.dir, '..', 'outside.md'))).toBe(false);
    expect(existsSync(path.join(tv.dir, '.obsidian', 'app.json'))).toBe(false);
  });

  it('names the allowed positions when a capability is off, and proposes the corrected edit', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(
      reply.toolCall('propose_edits', { summary: 'Fixed.', edits: [{ file: 'Projects/Budget.md', position: 'replace:3', content: 'Panels: 7000 EUR' }] }),
      reply.toolCall('propose_edits', { summary: 'Added instead.', edits: [{ file: 'Projects/Budget.md', position: 'end', content: 'Panels may be 7000 EUR.' }] }),
    );
    const r = await runReeve(['ask', tv.dir, 'fix the budget', '--current', 'Projects/Budget', '--allow', 'add', '--json', ...model()]);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits.map((e) => e.type)).toEqual(['add']);
    const system = sentText(env.server.chatRequests()[0]);
    expect(system).toContain('The "delete" permission is off');
    expect(system).not.toContain('replace:N');
    expect(sentText(env.server.chatRequests()[1])).toMatch(/permission.*the positions allowed are: start, end, after:<heading line>, insert:N/);
  });

  it('hands back both lines and their neighbours when an anchor matches twice', async () => {
    const tv = await env.vault({ 'Notes/Twice.md': 'alpha\ntodo: check\nbeta\ngamma\ntodo: check\ndelta\n' });
    env.server.script(
      reply.toolCall('propose_edits', { summary: 'x', edits: [{ file: 'Notes/Twice.md', find: 'todo: check', replace: 'done' }] }),
      reply.toolCall('propose_edits', { summary: 'Done.', edits: [{ file: 'Notes/Twice.md', find: 'beta\ngamma\ntodo: check', replace: 'beta\ngamma\ndone' }] }),
    );
    const r = await runReeve(['ask', tv.dir, 'mark the second todo done', '--current', 'Notes/Twice', '--json', ...model()]);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits).toHaveLength(1);
    const feedback = sentText(env.server.chatRequests()[1]);
    expect(feedback).toMatch(/matches 2 times.*at lines 2, 5/);
    expect(feedback).toContain('   1| alpha');
    expect(feedback).toContain('   6| delta');
  });

  it('an anchor that matches nowhere gets the nearest lines back; one that matches after normalising whitespace is proposed', async () => {
    const tv = await env.vault({ 'Notes/Plan.md': '# Plan\n\n- buy  panels   today\n- call Anna\n' });
    env.server.script(
      reply.toolCall('propose_edits', { summary: 'x', edits: [{ file: 'Notes/Plan.md', find: '- call Ana', replace: '- called Anna' }] }),
      reply.toolCall('propose_edits', { summary: 'Done.', edits: [{ file: 'Notes/Plan.md', find: '- buy panels today', replace: '- bought panels' }] }),
    );
    const r = await runReeve(['ask', tv.dir, 'update the plan', '--current', 'Notes/Plan', '--json', ...model()]);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(sentText(env.server.chatRequests()[1])).toMatch(/the find text is not in the note.*closest lines are 4: "- call Anna"/);
    expect(out.edits.map((e) => e.type)).toEqual(['replace']);
    expect(await tv.read('Notes/Plan.md')).toContain('"before":"- buy  panels   today","after":"- bought panels"');
  });

  it('a missing note gets the closest existing paths back', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(
      reply.toolCall('propose_edits', { summary: 'x', edits: [{ file: 'Projects/Budgets.md', position: 'end', content: 'x' }] }),
      reply.toolCall('propose_edits', { summary: 'Done.', edits: [] }),
    );
    await runReeve(['ask', tv.dir, 'x', '--current', 'Projects/Solar', '--json', ...model()]);
    expect(sentText(env.server.chatRequests()[1])).toMatch(/no such note.*closest existing notes are "Projects\/Budget\.md"/);
  });

  it('proposes nothing from a reply cut at the token limit or a malformed answer', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const before = await tv.snapshot();
    env.server.script(reply.turn({ text: '{"summary": "x", "edits": [{"file": "Projects/Solar.md", "position": "end", "content": "y"', finish: 'length' }), reply.turn({ text: '{"summary": "x", "edits": [{"file": "Projects/Solar.md", "position": "end", "content": "y"', finish: 'length' }));
    const r = await runReeve(['ask', tv.dir, 'add y', '--current', 'Projects/Solar', '--json', ...model()]);
    expect(r.code).toBe(1);
    expect(await tv.snapshot()).toEqual(before);

    // A malformed answer document goes back to the model like a malformed native call, until the turns run out.
    env.server.reset();
    const malformed = reply.text('{"summary": "x", "edits": [{"file": "Projects/Solar.md", "position": "end" "content": "y"}]}');
    env.server.script(malformed, malformed, malformed, malformed, malformed, malformed);
    const m = await runReeve(['ask', tv.dir, 'add y', '--current', 'Projects/Solar', '--json', ...model()]);
    expect(m.code).toBe(1);
    expect(sentText(env.server.chatRequests()[1])).toMatch(/the arguments are not valid JSON/);
    expect((JSON.parse(m.stdout) as { error: string }).error).toMatch(/gave no answer in \d+ turns/);
    expect(m.stderr.trim().split('\n')).toHaveLength(1);
    expect(await tv.snapshot()).toEqual(before);
  });

  it('a model that cannot be reached fails with exit 1 and one line on stderr, in text mode too', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const before = await tv.snapshot();
    env.server.script(reply.error(401, 'invalid key'));
    const r = await runReeve(['ask', tv.dir, 'x', '--current', 'Projects/Solar', ...model()]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: .*401/);
    expect(await tv.snapshot()).toEqual(before);
  });

  it('a plain answer in text is an answer with no edits', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(reply.text('The budget is 9,500 EUR in all.'));
    const r = await runReeve(['ask', tv.dir, 'what is the budget?', '--current', 'Projects/Budget', '--json', ...model()]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as AskJson).answer).toBe('The budget is 9,500 EUR in all.');
  });
});

describe('reeve ask: Scout then Task', () => {
  it('Scout searches, follows links and selects with reasons; the Task prompt carries them as prior agent context', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(
      reply.toolCall('search_keyword', { query: 'solar' }),
      reply.toolCall('get_links', { path: 'Projects/Solar.md', direction: 'out' }),
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md', 'Projects/Budget', 'Nope/Missing.md'], reasoning: 'The project note and its budget.', confidence: 'done' }),
      reply.toolCall('propose_edits', { summary: 'It costs 9,500 EUR.', edits: [] }),
    );
    const r = await runReeve(['ask', tv.dir, 'how much will the solar roof cost?', '--agents', 'scout,task', '--exclude', 'Private', '--json', ...model()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.scout.confidence).toBe('done');
    expect(out.scout.selected.map((s) => s.path)).toEqual(['Projects/Solar.md', 'Projects/Budget.md']);
    expect(out.scout.selected[0]?.why.map((w) => w.kind)).toContain('title');
    expect(out.scout.selected[1]?.why).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'link', detail: '1 link from [[Projects/Solar.md]]' })]));
    const requests = env.server.chatRequests();
    // Scout's walls: the excluded folder's note never reached the model.
    expect(sentText(requests[1])).not.toContain('Private/Secrets.md');
    expect(requests).toHaveLength(4);
    const task = sentText(requests[3]);
    expect(task).toContain('# Prior agent context');
    expect(task).toContain("Scout's reasoning: The project note and its budget.");
    expect(task).toContain('<note path="Projects/Budget.md"');
    expect(task).not.toContain('<note path="Projects/Installers.md"');
    expect(out.usage.total.inputTokens).toBeGreaterThan(0);
  });

  it('the Scout prompt names only the tools that are on', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(reply.toolCall('update_selection', { selectedPaths: [], reasoning: 'nothing', confidence: 'done' }), reply.text('Nothing found.'));
    await runReeve(['ask', tv.dir, 'anything', '--agents', 'scout,task', '--json', ...model()]);
    const tools = sentTools(env.server.chatRequests()[0]);
    expect(tools).toEqual(expect.arrayContaining(['update_selection', 'search_keyword', 'fetch_note', 'ask_user']));
    expect(tools).not.toContain('propose_edits');
    // No semantic index in this run: search by meaning cannot work, so it is neither offered nor named.
    expect(tools).not.toContain('search_semantic');
    expect(sentText(env.server.chatRequests()[0])).not.toContain('search_semantic');
  });

  it('the propose_edits schema shows only the positions the capabilities allow, as the prompt does', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const schemaFor = async (allow: string): Promise<string> => {
      env.server.reset();
      env.server.script(reply.toolCall('propose_edits', { summary: 'ok', edits: [] }));
      expect((await runReeve(['ask', tv.dir, 'anything', '--current', 'Projects/Solar', '--allow', allow, '--json', ...model()])).code).toBe(0);
      const tools = env.server.chatRequests()[0]?.body.tools as { function: { name: string; parameters: unknown } }[];
      return JSON.stringify(tools.find((t) => t.function.name === 'propose_edits')?.function.parameters);
    };
    const addOnly = await schemaFor('add');
    expect(addOnly).toContain('insert:N');
    expect(addOnly).not.toMatch(/replace:N|delete:N|"find"|"replace"|create|open/);
    const all = await schemaFor('add,delete,create,navigate');
    expect(all).toMatch(/replace:N.*delete:N.*create.*open/);
    expect(all).toContain('"find"');
  });

  it('a question stops a non-interactive run with exit 1; --answer resumes it', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(reply.toolCall('ask_user', { question: 'Which roof, house or garage?' }));
    const stopped = await runReeve(['ask', tv.dir, 'plan the roof', '--agents', 'scout,task', '--json', ...model()]);
    expect(stopped.code).toBe(1);
    expect((JSON.parse(stopped.stdout) as AskJson).question).toBe('Which roof, house or garage?');
    expect(stopped.stderr).toContain('--answer');

    env.server.script(
      reply.toolCall('ask_user', { question: 'Which roof, house or garage?' }),
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md'], reasoning: 'house', confidence: 'done' }),
      reply.toolCall('propose_edits', { summary: 'The house roof.', edits: [] }),
    );
    const answered = await runReeve(['ask', tv.dir, 'plan the roof', '--agents', 'scout,task', '--answer', 'the house', '--json', ...model()]);
    expect(answered.code).toBe(0);
    expect(sentText(env.server.chatRequests()[2])).toContain('The user answered: the house');
  });
});

describe('reeve ask: the semantic index', () => {
  it('only loads the index without --yes, and with --yes embeds the notes first so Scout can search by meaning', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const flags = ['--agents', 'scout,task', '--embed-model', 'scripted-embed', '--dimensions', '64', '--json', ...model()];
    env.server.script(reply.toolCall('search_semantic', { query: 'roof panels' }), reply.toolCall('update_selection', { selectedPaths: [], reasoning: 'x', confidence: 'done' }), reply.text('ok'));
    const loaded = await runReeve(['ask', tv.dir, 'roof?', ...flags]);
    expect(loaded.code).toBe(0);
    expect(loaded.stderr).toMatch(/no semantic index for this model.*--yes/);
    expect(env.server.requests.filter((r) => r.api === 'openai-embeddings')).toHaveLength(0);
    // Without an index Scout is not offered search by meaning at all (a call to it is an unknown tool).
    expect(sentTools(env.server.chatRequests()[0])).not.toContain('search_semantic');

    env.server.reset();
    env.server.script(reply.toolCall('search_semantic', { query: 'roof panels' }), reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md'], reasoning: 'x', confidence: 'done' }), reply.text('ok'));
    const built = await runReeve(['ask', tv.dir, 'roof?', ...flags, '--yes']);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(env.server.requests.filter((r) => r.api === 'openai-embeddings').length).toBeGreaterThan(0);
    expect(sentText(env.server.chatRequests()[1])).toMatch(/notes for "roof panels" \(by meaning\):\n- Projects\/Solar\.md \(score [\d.]+; semantic:/);
  });

  it('refuses --yes without --embed-model', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const r = await runReeve(['ask', tv.dir, 'x', '--yes', ...model()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes agrees to embedding notes');
  });
});

describe('reeve ask: history', () => {
  it('carries the earlier turns and what came of their edits into the next request', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const history = `${tv.dir}/../chat-${Date.now()}.json`;
    env.server.script(reply.toolCall('propose_edits', { summary: 'Added.', edits: [{ file: 'Projects/Solar.md', position: 'end', content: 'Call Anna.' }, { file: 'Recipes/Bread.md', position: 'end', content: 'x' }] }), reply.toolCall('propose_edits', { summary: 'Added.', edits: [{ file: 'Projects/Solar.md', position: 'end', content: 'Call Anna.' }] }));
    const first = await runReeve(['ask', tv.dir, 'remind me to call Anna', '--current', 'Projects/Solar', '--depth', '0', '--history', history, ...model()]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Proposed 1 edit');
    env.server.script(reply.text('Done before.'));
    await runReeve(['ask', tv.dir, 'did you do it?', '--current', 'Projects/Solar', '--depth', '0', '--history', history, '--json', ...model()]);
    rmSync(history, { force: true });
    const sent = sentText(env.server.chatRequests()[2]);
    expect(sent).toContain('(viewing Projects/Solar.md) remind me to call Anna');
    expect(sent).toMatch(/add in Projects\/Solar\.md \(block e[^)]*\): proposed, not yet decided/);
  });

  it('keeps what the history file holds beyond the turns (its own keys, a turn\'s extra keys) when it appends a turn', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const history = path.join(tv.dir, '..', `${path.basename(tv.dir)}-kept.json`);
    const earlier = { request: 'hello', answer: 'hi', currentNote: null, edits: [], at: '2026-01-01T00:00:00Z', mood: 'kind', tool: { name: 'other', v: 2 } };
    writeFileSync(history, JSON.stringify({ title: 'Solar chat', owner: { name: 'Ana' }, turns: [earlier] }));
    try {
      env.server.script(reply.text('Noted.'));
      const r = await runReeve(['ask', tv.dir, 'note it', '--depth', '0', '--history', history, ...model()]);
      expect(r.code).toBe(0);
      const doc = JSON.parse(readFileSync(history, 'utf8')) as { title: string; owner: unknown; turns: Record<string, unknown>[] };
      expect(doc.title).toBe('Solar chat');
      expect(doc.owner).toEqual({ name: 'Ana' });
      expect(doc.turns).toHaveLength(2);
      expect(doc.turns[0]).toEqual(earlier);
      expect(doc.turns[1]).toMatchObject({ request: 'note it', answer: 'Noted.' });
    } finally {
      rmSync(history, { force: true });
    }
  });

  it('refuses --add and --current paths outside the vault or in the config folder as bad input (exit 2)', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const add = await runReeve(['ask', tv.dir, 'x', '--add', '../../etc/passwd', ...model()]);
    expect(add.code).toBe(2);
    expect(add.stderr).toMatch(/^error: --add \.\.\/\.\.\/etc\/passwd: "\.\." segments are not allowed/);
    const current = await runReeve(['ask', tv.dir, 'x', '--current', '.obsidian/app.json', ...model()]);
    expect(current.code).toBe(2);
    expect(env.server.chatRequests()).toHaveLength(0);
  });

  it('refuses a damaged history file with where it is wrong, writing nothing', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const file = `${tv.dir}/../bad-${Date.now()}.json`;
    await import('node:fs').then((fs) => fs.promises.writeFile(file, '{"turns":[{"request":"a","answer":3}]}'));
    const r = await runReeve(['ask', tv.dir, 'x', '--history', file, ...model()]);
    rmSync(file, { force: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('turns[0].answer should be text');
  });
});

describe('reeve ask: read-only notes', () => {
  it('proposes no block in a note the user made read-only, says why, and leaves it byte-identical', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const file = path.join(tv.dir, 'Projects', 'Budget.md');
    chmodSync(file, 0o444);
    const reply2 = { summary: 'Added.', edits: [{ file: 'Projects/Budget.md', position: 'end', content: 'Total: 9500 EUR' }, { file: 'Projects/Solar.md', position: 'end', content: 'See the budget.' }] };
    env.server.script(reply.toolCall('propose_edits', reply2), reply.toolCall('propose_edits', reply2));
    const r = await runReeve(['ask', tv.dir, 'total the budget', '--current', 'Projects/Solar', '--depth', '1', '--json', ...model()]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits.map((e) => e.file)).toEqual(['Projects/Solar.md']);
    expect(out.refused).toEqual([{ file: 'Projects/Budget.md', reason: expect.stringMatching(/read-only \(mode 444\); nothing was written/) as string }]);
    expect(readFileSync(file, 'utf8')).toBe(SOLAR_VAULT['Projects/Budget.md']);
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });
});
