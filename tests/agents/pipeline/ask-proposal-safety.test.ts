// A proposal never damages what is there, and a bad edit costs only itself: `reeve ask` against
// the scripted server over HTTP, a real vault on disk.
import { rm } from 'node:fs/promises';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReeve } from '../../helpers/cli';
import { reply } from '../../llm-server';
import { agentTestEnv } from '../organize/agent-fixtures';
import { SOLAR_VAULT, sentText } from './ask-fixtures';

const env = agentTestEnv();
const model = (): string[] => ['--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'scripted'];

interface AskJson {
  answer: string;
  edits: { file: string; type: string }[];
  refused: { file: string; reason: string }[];
}

describe('reeve ask: one bad edit', () => {
  it('refuses a path through a note or a name too long for the disk with a reason in vault terms, and the other edits stand', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const answer = {
      summary: 'Done.',
      edits: [
        { file: 'Projects/Solar.md/child.md', position: 'create', content: 'x' },
        { file: `Projects/${'n'.repeat(300)}.md`, position: 'create', content: 'x' },
        { file: 'Projects/Solar.md/child.md', position: 'end', content: 'x' },
        { file: 'Projects/Solar.md', position: 'end', content: 'Call Anna.' },
      ],
    };
    env.server.script(reply.toolCall('propose_edits', answer), reply.toolCall('propose_edits', answer));
    const r = await runReeve(['ask', tv.dir, 'do it', '--current', 'Projects/Solar', '--depth', '1', '--json', ...model()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits.map((e) => [e.file, e.type])).toEqual([['Projects/Solar.md', 'add']]);
    expect(out.refused.map((x) => x.file)).toEqual(['Projects/Solar.md/child.md', `Projects/${'n'.repeat(300)}.md`, 'Projects/Solar.md/child.md']);
    for (const x of out.refused) expect(x.reason).not.toContain(tv.dir);
    expect(out.refused[0]?.reason).toMatch(/Projects\/Solar\.md is a note, not a folder/);
    expect(out.refused[1]?.reason).toMatch(/longer than the 255 bytes a file system allows in a name/);
    // The correction turn named the problems in vault terms too: no path of the user's disk reaches a model.
    expect(sentText(env.server.chatRequests()[1])).toMatch(/Projects\/Solar\.md is a note, not a folder/);
    expect(env.server.requests.map((q) => JSON.stringify(q.body)).join('\n')).not.toContain(tv.dir);
    expect(await tv.read('Projects/Solar.md')).toContain('Call Anna.');
  });
});

describe('reeve ask: names and places of new notes', () => {
  it('refuses hidden names, Windows device names and names with outer spaces or a trailing dot', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const before = await tv.snapshot();
    const names = ['Projects/.hidden.md', 'Projects/CON.md', 'Projects/aux.txt.md', 'Projects/ spaced.md', 'Projects/spaced .md', 'Projects/ Folder/a.md', 'Projects/Dots./a.md'];
    const answer = { summary: 'Done.', edits: names.map((file) => ({ file, position: 'create', content: 'x' })) };
    env.server.script(reply.toolCall('propose_edits', answer), reply.toolCall('propose_edits', answer));
    const r = await runReeve(['ask', tv.dir, 'make notes', '--current', 'Projects/Solar', '--json', ...model()]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits).toEqual([]);
    expect(out.refused.map((x) => x.file)).toEqual(names);
    expect(out.refused.map((x) => x.reason)).toEqual([
      expect.stringMatching(/hidden/),
      expect.stringMatching(/device name on Windows/),
      expect.stringMatching(/device name on Windows/),
      expect.stringMatching(/starts or ends with a space/),
      expect.stringMatching(/starts or ends with a space/),
      expect.stringMatching(/starts or ends with a space/),
      expect.stringMatching(/ends with a dot/),
    ]);
    expect(await tv.snapshot()).toEqual(before);
  });

  it('under --scope current or linked creates only in the current note\'s folder, and says so in the prompt', async () => {
    for (const scope of ['current', 'linked']) {
      const tv = await env.vault(SOLAR_VAULT);
      env.server.reset();
      const answer = { summary: 'Done.', edits: [{ file: 'Recipes/New.md', position: 'create', content: 'x' }, { file: 'Projects/New.md', position: 'create', content: 'y' }] };
      env.server.script(reply.toolCall('propose_edits', answer), reply.toolCall('propose_edits', answer));
      const r = await runReeve(['ask', tv.dir, 'make notes', '--current', 'Projects/Solar', '--scope', scope, '--json', ...model()]);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as AskJson;
      expect(out.edits.map((e) => e.file)).toEqual(['Projects/New.md']);
      expect(out.refused).toEqual([{ file: 'Recipes/New.md', reason: '"Recipes/New.md" is outside the current note\'s folder ("Projects"), where new notes may go in this scope' }]);
      expect(sentText(env.server.chatRequests()[0])).toContain('New notes may be created only in the current note\'s folder ("Projects").');
    }
  });
});

describe('reeve ask: pending blocks already in a note', () => {
  it('shows each as one marked unit, refuses edits touching its lines with the reason, and the numbers after it land right', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(reply.toolCall('propose_edits', { summary: 'East.', edits: [{ file: 'Projects/Solar.md', position: 'replace:3', content: 'We plan panels on the east roof.' }] }));
    const first = await runReeve(['ask', tv.dir, 'east roof', '--current', 'Projects/Solar', '--depth', '0', '--json', ...model()]);
    const id = (JSON.parse(first.stdout) as { edits: { id: string }[] }).edits[0]?.id ?? '';
    const withBlock = await tv.read('Projects/Solar.md');
    expect(withBlock.split('\n').slice(2, 6).map((l) => l.slice(0, 9))).toEqual(['```ai-edi', `{"id":"${id.slice(0, 2)}`, '```', '#ai_edit']);

    env.server.reset();
    const second = {
      summary: 'Three quotes.',
      edits: [
        { file: 'Projects/Solar.md', position: 'insert:4', content: 'wedged in' },
        { file: 'Projects/Solar.md', position: 'delete:4' },
        { file: 'Projects/Solar.md', find: '#ai_edit', replace: 'gone' },
        { file: 'Projects/Solar.md', position: 'replace:10', content: '- get three quotes' },
      ],
    };
    env.server.script(reply.toolCall('propose_edits', second), reply.toolCall('propose_edits', second));
    const r = await runReeve(['ask', tv.dir, 'three quotes', '--current', 'Projects/Solar', '--depth', '0', '--json', ...model()]);
    expect(r.code).toBe(0);
    const sent = sentText(env.server.chatRequests()[0]);
    expect(sent).toContain(`3-6| [pending edit ${id}: replaces "We plan panels on the south roof." with "We plan panels on the east roof."; waiting for the user; these lines cannot be edited]`);
    expect(sent).toContain(' 7| See [[Budget]] and [[Installers]].');
    expect(sent).not.toContain('```ai-edit');
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits.map((e) => e.type)).toEqual(['replace']);
    expect(out.refused.map((x) => x.reason)).toEqual([0, 1, 2].map(() => `lines 3-6 are the pending edit ${id}, waiting for the user to accept or reject it; its lines cannot be edited, so edit above or below them`));
    // The first block is intact, byte for byte; accepting both gives what each said.
    expect(await tv.read('Projects/Solar.md')).toContain(withBlock.split('\n').slice(2, 6).join('\n'));
    expect((await runReeve(['pending', tv.dir, 'accept', '--all'])).code).toBe(0);
    expect(await tv.read('Projects/Solar.md')).toBe('# Solar roof\n\nWe plan panels on the east roof.\nSee [[Budget]] and [[Installers]].\n\n## Tasks\n- get three quotes\n');
  });
});

describe('reeve ask: a note renamed after a proposal', () => {
  it('keeps its blocks recorded; a copy of a block stays not proposed here', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    env.server.script(reply.toolCall('propose_edits', { summary: 'Added.', edits: [{ file: 'Projects/Solar.md', position: 'end', content: 'Call Anna.' }] }));
    expect((await runReeve(['ask', tv.dir, 'remind me', '--current', 'Projects/Solar', '--depth', '0', ...model()])).code).toBe(0);
    const text = await tv.read('Projects/Solar.md');
    const block = text.slice(text.indexOf('```ai-edit'));
    const listed = async (): Promise<[string, boolean][]> => (JSON.parse((await runReeve(['pending', tv.dir, 'list', '--json'])).stdout) as { note: string; proposedHere: boolean }[]).map((e) => [e.note, e.proposedHere]);
    // A copy beside the original in its note is no proposal of Reeve's there.
    await tv.write('Projects/Copy.md', block);
    expect(await listed()).toEqual([['Projects/Copy.md', false], ['Projects/Solar.md', true]]);
    await rm(path.join(tv.dir, 'Projects/Copy.md'));
    // Renamed outside Reeve (a file manager, another device): the ledger still names Solar.md.
    await tv.write('Projects/Sun.md', text);
    await rm(path.join(tv.dir, 'Projects/Solar.md'));
    expect(await listed()).toEqual([['Projects/Sun.md', true]]);
    // Two notes holding it after the rename: neither is vouched for.
    await tv.write('Projects/Copy.md', block);
    expect(await listed()).toEqual([['Projects/Copy.md', false], ['Projects/Sun.md', false]]);
    await rm(path.join(tv.dir, 'Projects/Copy.md'));
    const accepted = await runReeve(['pending', tv.dir, 'accept', '--note', 'Projects/Sun.md', '--all']);
    expect(accepted.stderr).toBe('');
    expect(accepted.code).toBe(0);
    expect(await tv.read('Projects/Sun.md')).toBe(`${SOLAR_VAULT['Projects/Solar.md'] ?? ''}Call Anna.\n`);
  });
});

describe('reeve ask: a new note whose name differs only by case', () => {
  it('is refused with the true reason, for the note and for a folder on its way', async () => {
    const tv = await env.vault(SOLAR_VAULT);
    const before = await tv.snapshot();
    const answer = { summary: 'Done.', edits: [{ file: 'Projects/solar.md', position: 'create', content: 'x' }, { file: 'projects/New.md', position: 'create', content: 'y' }] };
    env.server.script(reply.toolCall('propose_edits', answer), reply.toolCall('propose_edits', answer));
    const r = await runReeve(['ask', tv.dir, 'make notes', '--current', 'Projects/Solar', '--json', ...model()]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AskJson;
    expect(out.edits).toEqual([]);
    expect(out.refused).toEqual([
      { file: 'Projects/solar.md', reason: '"Projects/solar.md" differs only by case from "Projects/Solar.md", which exists: Obsidian, Windows and macOS take them for one name; use "Projects/Solar.md"' },
      { file: 'projects/New.md', reason: '"projects" differs only by case from "Projects", which exists: Obsidian, Windows and macOS take them for one name; use "Projects"' },
    ]);
    expect(await tv.snapshot()).toEqual(before);
  });
});
