// Plan notes tell the truth about their operations: after undo they say "undone"; after a crash
// and recovery they say what recovery did; and accepting never runs an operation twice, even when
// a crash came between the job's end and the marking of its blocks.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAcceptedOperations } from '../../src/edits/journal/run-plan-operations';
import { decideOpBlocks } from '../../src/edits/pending/plan-note';
import { buildScopePolicy, EDIT_CAPABILITIES, ORGANIZE_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { runReeve } from '../helpers/cli';
import { FaultVault, SimulatedCrash } from './helpers/fault-vault';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
});

const FILES = { 'Inbox/a.md': 'a [[b]]\n', 'Inbox/b.md': 'b\n', 'Inbox/c.pdf': 'pdf', 'Notes/n.md': '[[a]] [[b]]\n' };
const RULES = JSON.stringify({ rules: [{ name: 'All', if: 'file.ext == "md" OR file.ext == "pdf"', thenMoveTo: 'Sorted' }] });

async function organized(apply = true): Promise<{ v: TempVault; note: string }> {
  const v = (tv = await makeTempVault(FILES));
  const rules = path.join(v.dir, '..', `${path.basename(v.dir)}.rules.json`);
  await fs.writeFile(rules, RULES);
  const r = await runReeve(['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--json', ...(apply ? ['--apply'] : [])]);
  await fs.rm(rules);
  expect(r.code).toBe(0);
  return { v, note: (JSON.parse(r.stdout) as { note: string }).note };
}

async function states(v: TempVault): Promise<string[]> {
  const r = await runReeve(['pending', v.dir, 'list', '--json']);
  return (JSON.parse(r.stdout) as { kind: string; state: string }[]).filter((e) => e.kind === 'op').map((e) => e.state);
}

const notReeve = (snap: Map<string, string>): Map<string, string> => new Map([...snap].filter(([k]) => !k.startsWith('Reeve') && !k.startsWith('.obsidian')));

describe('plan notes after the fact', () => {
  it('say "undone" after undo, and accept --all runs nothing again', async () => {
    const { v } = await organized();
    expect(new Set(await states(v))).toEqual(new Set(['done']));
    expect((await runReeve(['undo', v.dir])).code).toBe(0);
    expect(new Set(await states(v))).toEqual(new Set(['undone']));
    const before = notReeve(await v.snapshot());
    const again = await runReeve(['pending', v.dir, 'accept', '--all']);
    expect(again.code).toBe(0);
    expect(notReeve(await v.snapshot())).toEqual(before);
  });

  it('never run an operation twice when its block still says "accepted" after the job ran', async () => {
    const { v, note } = await organized();
    // As after a crash between the job's end and the marking of its blocks.
    const text = await v.read(note);
    await v.write(note, text.replaceAll('"state":"done"', '"state":"accepted"'));
    const before = notReeve(await v.snapshot());
    const r = await runReeve(['pending', v.dir, 'accept', '--all']);
    expect(notReeve(await v.snapshot())).toEqual(before);
    expect(r.code).toBe(0);
    expect(new Set(await states(v))).toEqual(new Set(['done']));
    // And undo still undoes the one job that ran.
    expect((await runReeve(['undo', v.dir])).code).toBe(0);
    expect(await v.read('Inbox/a.md')).toBe('a [[b]]\n');
  });

  it('say what recovery did after a crash mid-job, and accept --all runs nothing again', async () => {
    for (const [mode, state] of [['--resume', 'done'], ['--rollback', 'undone']] as const) {
      for (const k of [2, 4]) {
        const { v, note } = await organized(false);
        const policy = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: [...EDIT_CAPABILITIES, ...ORGANIZE_CAPABILITIES] });
        const port = await NodeVault.open(v.dir);
        await decideOpBlocks(port, note, null, 'accept', policy);
        await expect(runAcceptedOperations(new FaultVault(port, k), note, policy)).rejects.toThrow(SimulatedCrash);
        expect(new Set(await states(v))).toEqual(new Set(['accepted']));
        const r = await runReeve(['recover', v.dir, mode]);
        expect(r.code).toBe(0);
        expect(new Set(await states(v)), `${mode}, crash at ${k}`).toEqual(new Set([state]));
        const after = notReeve(await v.snapshot());
        expect((await runReeve(['pending', v.dir, 'accept', '--all'])).code).toBe(0);
        expect(notReeve(await v.snapshot())).toEqual(after);
        await v.cleanup();
        tv = undefined;
      }
    }
  });
});
