// A folder of the vault that is another disk (a mount point): a move into or out of it cannot be a
// rename, and used to fail at its first step with a raw "EXDEV: cross-device link not permitted"
// (found by the issue 11 audit). The job is refused before anything runs, naming both paths, and
// organize leaves such moves out of its plan with the same reason. Needs a tmpfs mount (root in a
// container that allows it); skips with one line otherwise.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOrganize } from '../../src/agents/organize/plan-organize';
import { parseRulesJson } from '../../src/dsl/rules';
import { executeJob } from '../../src/edits/journal/execute-job';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let v: TempVault;
let mounted = false;
beforeAll(async () => {
  v = await tempVault({ 'Inbox/a.md': 'a [[b]]\n', 'Inbox/b.md': 'b\n', 'Mounted/keep.md': 'k\n' });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', path.join(v.dir, 'Mounted')], { stdio: 'ignore' });
    mounted = true;
  } catch {
    process.stderr.write('skipped: journal-other-disk needs to mount a tmpfs inside a vault (root, and a system that allows it)\n');
  }
});
afterAll(async () => {
  if (mounted) execFileSync('umount', [path.join(v.dir, 'Mounted')]);
  await removeVault(v);
});

describe('a folder of the vault on another disk', () => {
  it('a job moving into it is refused before anything runs, naming both paths', async (ctx) => {
    if (!mounted) ctx.skip();
    const before = await snapshot(v.dir);
    const port = await NodeVault.open(v.dir);
    const report = await executeJob(port, { description: 'moves', operations: [{ opId: 'o1', type: 'move', source: 'Inbox/b.md', destination: 'Mounted/b.md' }] });
    expect(report.failure?.reason).toContain('Inbox/b.md and Mounted/b.md are on different disks');
    expect(report.failure?.reason).not.toContain('EXDEV');
    expect(await snapshot(v.dir)).toEqual(before);
  });

  it('a job moving out of it is refused the same way', async (ctx) => {
    if (!mounted) ctx.skip();
    await fs.writeFile(path.join(v.dir, 'Mounted/out.md'), 'o\n');
    const port = await NodeVault.open(v.dir);
    const report = await executeJob(port, { description: 'moves', operations: [{ opId: 'o1', type: 'move', source: 'Mounted/out.md', destination: 'Inbox/out.md' }] });
    expect(report.failure?.reason).toContain('Mounted/out.md and Inbox/out.md are on different disks');
    expect(await fs.readFile(path.join(v.dir, 'Mounted/out.md'), 'utf8')).toBe('o\n');
    await fs.rm(path.join(v.dir, 'Mounted/out.md'));
  });

  it('organize leaves those moves out of its plan and plans the rest', async (ctx) => {
    if (!mounted) ctx.skip();
    const port = await NodeVault.open(v.dir);
    const rules = parseRulesJson(JSON.stringify({ rules: [
      { name: 'B', if: 'file.name == "b"', thenMoveTo: '/Mounted' },
      { name: 'A', if: 'file.name == "a"', thenMoveTo: '/Sorted' },
    ] }));
    const plan = await planOrganize(port, { folder: 'Inbox', rules, sources: new Set(['rules']), allowOutside: true, planId: 'p' });
    expect(plan.operations.filter((o) => o.type === 'move').map((o) => (o.type === 'move' ? o.source : ''))).toEqual(['Inbox/a.md']);
    expect(plan.conflicts.map((c) => c.detail)).toEqual([expect.stringContaining('Inbox/b.md and Mounted/b.md are on different disks')]);
  });
});
