// `reeve pending` checks what a block promised and what the vault says now (issue 23), through the
// CLI entry on temp vaults, with blocks `reeve ask` proposed through the scripted model over HTTP:
// - accept holds a block to the vault's settings now (data.json's excluded folders and the Task's
//   capabilities) and to the scope it was proposed under, recorded in the ledger;
// - reject of a block Reeve has no record of needs --unrecorded, as accept does;
// - reject --all across notes is one journaled job: one `reeve undo` takes it all back.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { runReeve } from '../helpers/cli';
import { reply } from '../llm-server';
import { agentTestEnv } from '../agents/organize/agent-fixtures';
import type { TempVault } from '../helpers/temp-vault';

const env = agentTestEnv();
const model = (): string[] => ['--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'scripted'];

const FILES = {
  'Home.md': '# Home\n\nSee [[a]], [[b]] and [[c]].\n',
  'Notes/a.md': '# A\n\nalpha line\n',
  'Notes/b.md': '# B\n\nbeta line\n',
  'Notes/c.md': '# C\n\ngamma line\n',
};

async function writeSettings(tv: TempVault, settings: unknown): Promise<void> {
  const dir = path.join(tv.dir, '.obsidian', 'plugins', 'reeve');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'data.json'), JSON.stringify(settings));
}

/** `reeve ask` proposes a replace of line 3 in each of `notes`; returns the run's JSON. */
async function proposeReplaces(tv: TempVault, notes: string[], extra: string[] = []): Promise<{ edits: { id: string; file: string }[] }> {
  env.server.script(reply.toolCall('propose_edits', { summary: 'Reworded.', edits: notes.map((file) => ({ file, position: 'replace:3', content: 'reworded line' })) }));
  const r = await runReeve(['ask', tv.dir, 'reword', '--current', 'Home', '--depth', '1', '--json', ...extra, ...model()]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as { edits: { id: string; file: string }[] };
  expect(out.edits.map((e) => e.file)).toEqual(notes);
  return out;
}

describe('reeve pending accept checks the block against the vault now and the policy it was proposed under', () => {
  it('a replace in a folder excluded since (data.json) is refused with the reason, exit 1, vault byte-identical', async () => {
    const tv = await env.vault(FILES);
    await proposeReplaces(tv, ['Notes/a.md']);
    await writeSettings(tv, { excludedFolders: ['Notes'] });
    const before = await tv.snapshot();
    const r = await runReeve(['pending', tv.dir, 'accept', '--all']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: "Notes/a.md" is in the excluded folder "Notes"\n');
    expect(r.stdout).toMatch(/^refused {2}edit \S+ in Notes\/a\.md: "Notes\/a\.md" is in the excluded folder "Notes"$/m);
    expect(await tv.snapshot()).toEqual(before);
  });

  it('a replace under capabilities reduced to add (data.json) is refused with the reason, exit 1, vault byte-identical', async () => {
    const tv = await env.vault(FILES);
    const { edits } = await proposeReplaces(tv, ['Notes/a.md']);
    await writeSettings(tv, { agents: { task: { capabilities: ['add'] } } });
    const before = await tv.snapshot();
    const r = await runReeve(['pending', tv.dir, 'accept', '--id', edits[0]?.id ?? '']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: replacing text needs the "delete" permission, which this task does not have\n');
    expect(await tv.snapshot()).toEqual(before);
    // The same block, with the capabilities back, is accepted.
    await writeSettings(tv, {});
    expect((await runReeve(['pending', tv.dir, 'accept', '--all'])).code).toBe(0);
    expect(await tv.read('Notes/a.md')).toBe('# A\n\nreworded line\n');
  });

  it('the ledger records the scope: a note created under --scope current and moved out of that folder is refused by it', async () => {
    const tv = await env.vault(FILES);
    env.server.script(reply.toolCall('propose_edits', { summary: 'Made it.', edits: [{ file: 'Fresh.md', position: 'create', content: '# Fresh\n' }] }));
    const asked = await runReeve(['ask', tv.dir, 'make a note', '--current', 'Home', '--scope', 'current', '--allow', 'add,create', '--json', ...model()]);
    expect(asked.code).toBe(0);
    const ledger = await readFile(path.join(tv.dir, '.obsidian', 'plugins', 'reeve', 'ledger', 'proposals.jsonl'), 'utf8');
    expect(JSON.parse(ledger.trim().split('\n').pop() ?? '{}')).toMatchObject({ note: 'Fresh.md', policy: { scope: 'current', currentNote: 'Home.md' } });
    // Moved on disk (not by Reeve): the block went with its note, and is still Reeve's...
    await mkdir(path.join(tv.dir, 'Sub'));
    await rename(path.join(tv.dir, 'Fresh.md'), path.join(tv.dir, 'Sub', 'Fresh.md'));
    const listed = JSON.parse((await runReeve(['pending', tv.dir, 'list', '--json'])).stdout) as { note: string; proposedHere: boolean }[];
    expect(listed).toEqual([expect.objectContaining({ note: 'Sub/Fresh.md', proposedHere: true })]);
    // ...but the scope it was proposed under put new notes beside Home.md only.
    const before = await tv.snapshot();
    const r = await runReeve(['pending', tv.dir, 'accept', '--all']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: the policy it was proposed under refuses it: "Sub/Fresh.md" is outside the current note\'s folder ("/"), where new notes may go in this scope\n');
    expect(await tv.snapshot()).toEqual(before);
  });
});

describe('reeve pending reject', () => {
  const typed = `# Typed\n${editBlockText({ id: 'e-typed', type: 'replace', before: 'words a stranger wrote', after: 'x' }, '\n')}\ntail\n`;

  it('of a block Reeve has no record of needs --unrecorded, as accept does', async () => {
    const tv = await env.vault({ 'n.md': typed });
    const before = await tv.snapshot();
    for (const args of [['--all'], ['--id', 'e-typed']]) {
      const r = await runReeve(['pending', tv.dir, 'reject', ...args]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: not proposed here: Reeve has no record of proposing it .*reeve pending reject --unrecorded/);
      expect(await tv.snapshot()).toEqual(before);
    }
    const r = await runReeve(['pending', tv.dir, 'reject', '--all', '--unrecorded']);
    expect(r.code).toBe(0);
    expect(await tv.read('n.md')).toBe('# Typed\nwords a stranger wrote\ntail\n');
  });

  it('--all across 3 notes is one job: one undo puts all three back byte for byte', async () => {
    const tv = await env.vault(FILES);
    await proposeReplaces(tv, ['Notes/a.md', 'Notes/b.md', 'Notes/c.md']);
    const proposed = await tv.snapshot();
    const r = await runReeve(['pending', tv.dir, 'reject', '--all']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    for (const n of ['a', 'b', 'c']) expect(await tv.read(`Notes/${n}.md`)).toBe(FILES[`Notes/${n}.md` as keyof typeof FILES]);
    const undone = await runReeve(['undo', tv.dir]);
    expect(undone.code).toBe(0);
    expect(await tv.snapshot()).toEqual(proposed);
  });
});
