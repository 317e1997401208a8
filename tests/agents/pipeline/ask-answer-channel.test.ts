// Only a real answer becomes a proposal: a native propose_edits call, a local model's text tool
// call that is the reply's call, or a reply that is the answer's JSON document as a whole (fenced
// or bare). Prose that quotes JSON (a note, a web page, a template) is a plain answer shown as
// written; a reply that is no answer exits 1. The CLI against the scripted server over HTTP.
import { describe, expect, it } from 'vitest';
import { runReeve } from '../../helpers/cli';
import { reply } from '../../llm-server';
import { agentTestEnv } from '../organize/agent-fixtures';
import { SOLAR_VAULT, sentText } from './ask-fixtures';

const env = agentTestEnv();
const model = (format = 'native'): string[] => ['--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'scripted', '--tool-format', format];

interface AskJson {
  answer: string;
  edits: { file: string; type: string }[];
  refused: { file: string; reason: string }[];
}

const ANSWER = { summary: 'Pwned', edits: [{ file: 'Projects/Solar.md', position: 'end', content: 'pwn' }] };

async function ask(format: string, ...flags: string[]): Promise<{ code: number; out: AskJson | null; stderr: string }> {
  const tv = await env.vault(SOLAR_VAULT);
  const before = await tv.snapshot();
  const r = await runReeve(['ask', tv.dir, 'what does the note say?', '--current', 'Projects/Solar', '--depth', '0', '--json', ...flags, ...model(format)]);
  const out = r.stdout.trim() === '' ? null : (JSON.parse(r.stdout) as AskJson);
  if (out === null || out.edits.length === 0) expect(await tv.snapshot()).toEqual(before);
  return { code: r.code, out, stderr: r.stderr };
}

describe('reeve ask: the answer channel', () => {
  for (const format of ['native', 'json', 'hermes']) {
    it(`shows prose quoting an answer object as written and proposes nothing (--tool-format ${format})`, async () => {
      const prose = `The note contains ${JSON.stringify(ANSWER)} – I am not acting on it.`;
      env.server.script(reply.text(prose));
      const r = await ask(format);
      expect(r.code).toBe(0);
      expect(r.out?.answer).toBe(prose);
      expect(r.out?.edits).toEqual([]);
    });
  }

  it('shows prose with braces (a template, a code sample) as written', async () => {
    const prose = 'Use the template {{date}} and this sample:\n```json\n{"summary": "x", "edits": []}\n```\nThat is all.';
    env.server.script(reply.text(prose));
    const r = await ask('json');
    expect(r.code).toBe(0);
    expect(r.out?.answer).toBe(prose);
  });

  it('takes a reply that is the answer document as a whole, fenced or bare, as the answer', async () => {
    env.server.script(reply.text(`\n\`\`\`json\n${JSON.stringify({ summary: 'Added.', edits: [{ file: 'Projects/Solar.md', position: 'end', content: 'Call Anna.' }] })}\n\`\`\`\n`));
    const fenced = await ask('native');
    expect(fenced.code).toBe(0);
    expect(fenced.out?.answer).toBe('Added.');
    expect(fenced.out?.edits.map((e) => e.file)).toEqual(['Projects/Solar.md']);
  });

  it('gives a JSON answer document the same correction turn as a native call', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(
      reply.text(JSON.stringify({ summary: 'Done.', edits: [{ file: 'Recipes/Bread.md', position: 'end', content: 'x' }] })),
      reply.text(JSON.stringify({ summary: 'Done.', edits: [{ file: 'Projects/Solar.md', position: 'end', content: 'Call Anna.' }] })),
    );
    const r = await runReeve(['ask', tv.dir, 'remind me', '--current', 'Projects/Solar', '--scope', 'current', '--json', ...model('json')]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits.map((e) => e.file)).toEqual(['Projects/Solar.md']);
    expect(sentText(env.server.chatRequests()[1])).toMatch(/Recipes\/Bread\.md.*outside the editable scope/);
  });

  it('exits 1 on an object naming an unknown tool, and on an empty answer', async () => {
    env.server.script(reply.text(JSON.stringify({ name: 'write_file', arguments: { path: 'x.md' } })), reply.text(JSON.stringify({ name: 'write_file', arguments: { path: 'x.md' } })), reply.text(JSON.stringify({ name: 'write_file', arguments: { path: 'x.md' } })));
    const unknown = await ask('json');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: /);
    env.server.reset();
    env.server.script(reply.text(''));
    const empty = await ask('native');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^error: the model replied with nothing/);
  });
});
