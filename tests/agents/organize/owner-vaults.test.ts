// Organize on generated vaults shaped like real owners' (tests/fixtures/owner-vaults): every folder
// the owner organized gets (almost) no proposal, and on the whole vault through `reeve organize
// --json` every proposal is one the owner would accept, explained in their terms. Three seeds, so
// no one vault is what the code was tuned on. And `--allow-trash` never trashes a daily note for
// its date: the conflict copy goes, the original stays.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasCopyMarker, conflictOriginal } from '../../../src/agents/organize/owner/copy-markers';
import { measureChurn, writeOwnerVault } from '../../../bench/quality/measure-churn';
import { generateOwnerVault, type OwnerVault } from '../../fixtures/owner-vaults/owner-vault';
import { runReeve } from '../../helpers/cli';
import { makeTempVault } from '../../helpers/temp-vault';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function written(seed: number): Promise<{ dir: string; vault: OwnerVault }> {
  const vault = generateOwnerVault({ seed });
  const dir = await mkdtemp(path.join(tmpdir(), 'reeve-owner-'));
  dirs.push(dir);
  await writeOwnerVault(dir, vault);
  return { dir, vault };
}

/** The aim: at most 1% of an organized folder's files proposed, at most 5 under 500 files. */
const allowed = (files: number): number => (files < 500 ? 5 : Math.floor(files / 100));

interface JsonPlan {
  operations: { type: string; source?: string; destination?: string; path?: string; reason?: string }[];
}

describe.each([1, 2, 3])('an owner vault, seed %i', (seed) => {
  it('each folder its owner organized: no more proposals than the aim, and none the owner would reject', async () => {
    const { dir, vault } = await written(seed);
    for (const folder of vault.organized) {
      const c = await measureChurn(dir, folder, vault.files);
      expect({ folder, proposed: c.proposed <= allowed(c.files), rejected: c.rejected }).toEqual({ folder, proposed: true, rejected: [] });
      expect(c.plan.operations.filter((op) => op.type === 'create_folder')).toEqual([]);
    }
  });

  it('the whole vault through the CLI: only the loose files move, each to its home, explained in the owner\'s terms', async () => {
    const { dir, vault } = await written(seed);
    const r = await runReeve(['organize', dir, '--dry-run', '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as JsonPlan;
    const homes = new Map(vault.files.map((f) => [f.path, f.homes]));
    const moves = plan.operations.filter((op) => op.type === 'move' || op.type === 'rename');
    for (const op of moves) {
      const to = op.destination ?? '';
      expect({ op: op.source, home: homes.get(op.source ?? '')?.includes(to.slice(0, Math.max(0, to.lastIndexOf('/')))) }).toEqual({ op: op.source, home: true });
      expect(op.source?.includes('/')).toBe(false);
    }
    const tool = moves.find((op) => op.destination?.startsWith(`${vault.names.tools}/`));
    expect(tool?.reason).toMatch(new RegExp(`joins your ${vault.names.tools} where its \\d+ siblings are`, 'u'));
    const daily = moves.find((op) => /^\d{4}-\d{2}-\d{2}\.md$/u.test(op.source ?? ''));
    expect(daily?.reason).toMatch(/your Daily notes settings keep them in /u);
    // The only folder the plan may make is the one the owner's daily notes format names.
    for (const op of plan.operations.filter((o) => o.type === 'create_folder')) expect(op.path?.startsWith(`${vault.names.diary}/`)).toBe(true);
  });
});

describe('copy markers', () => {
  it('are what sync tools and systems write, never a date', () => {
    for (const copy of ['2024-03-02 (conflicted copy 2026-11-01)', "Note (Ana's conflicted copy 2026-11-01 101112)", 'Note.sync-conflict-20261101-101112-ABCDEFG', 'report copy', 'report copy 2', 'report - Copy', 'report (1)', 'report 1', '2024-03-02 2'])
      expect([copy, hasCopyMarker(copy)]).toEqual([copy, true]);
    for (const name of ['2024-03-02', '2024_03_02', 'Meeting 2024-03-02', 'Trip March 2', 'Chapter-12', 'v1.2']) expect([name, hasCopyMarker(name)]).toEqual([name, false]);
    expect(conflictOriginal('2024-03-02 (conflicted copy 2026-11-01)')).toBe('2024-03-02');
    expect(conflictOriginal('2024-03-02.sync-conflict-20261101-101112-ABCDEFG')).toBe('2024-03-02');
  });

  it('--allow-trash trashes the conflict copy of a daily note, never the note, and says why truly', async () => {
    const text = '# Saturday\n\n- the same day, synced twice\n';
    const tv = await makeTempVault({ 'Diary/2024-03-02.md': text, 'Diary/2024-03-02 (conflicted copy 2026-11-01).md': text, 'Diary/2024-03-03.md': '# Sunday\n' });
    try {
      const r = await runReeve(['organize', tv.dir, '--folder', 'Diary', '--allow-trash', '--dry-run', '--json']);
      expect(r.code).toBe(0);
      const plan = JSON.parse(r.stdout) as JsonPlan;
      const trash = plan.operations.filter((op) => op.type === 'trash');
      expect(trash.map((op) => op.path)).toEqual(['Diary/2024-03-02 (conflicted copy 2026-11-01).md']);
      expect(trash[0]?.reason).toMatch(/which is kept: its name has no copy marker/u);
      expect(plan.operations.some((op) => op.source === 'Diary/2024-03-02.md' || op.path === 'Diary/2024-03-02.md')).toBe(false);
    } finally {
      await tv.cleanup();
    }
  });
});
