// One case rule (case-folded.ts), asked by the plan's shadow VFS and by the Node adapter: for any
// vault of names that differ only in case (a case-sensitive disk holds them side by side) and any
// move, rename or new folder, the plan refuses exactly what the adapter refuses, so a plan that
// previews clean runs clean. Destinations are in folders that exist, spelled as they are: the
// adapter creates missing folders without asking the rule (see the report of this change).
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { simulatePlan } from '../../src/vault-vfs/shadow/shadow-vfs';
import { VaultPathExistsError } from '../../src/vault-vfs/vault-port';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-case-rule-'));
afterAll(async () => fs.rm(root, { recursive: true, force: true }));
let counter = 0;

/** Whether this disk tells `a` from `A` (the property needs one that does). */
async function caseSensitiveDisk(): Promise<boolean> {
  const probe = path.join(root, 'probe');
  await fs.writeFile(probe, '');
  const sensitive = await fs.stat(path.join(root, 'PROBE')).then(
    () => false,
    () => true,
  );
  await fs.rm(probe);
  return sensitive;
}

const FILES = ['Note.md', 'note.md', 'NOTE.md', 'Dir/x.md', 'Dir/X.md', 'dir/y.md', 'Other.md'];
const NAMES = ['Note.md', 'note.md', 'NOTE.md', 'nOte.md', 'x.md', 'X.md', 'y.md', 'Other.md', 'other.md', 'new.md'];

const arbCase = fc
  .subarray(FILES, { minLength: 1 })
  .chain((files) =>
    fc.record({
      files: fc.constant(files),
      op: fc.oneof(
        fc.record({ kind: fc.constant('move' as const), source: fc.constantFrom(...files), folder: fc.constantFrom('', ...new Set(files.filter((f) => f.includes('/')).map((f) => f.slice(0, f.indexOf('/'))))), name: fc.constantFrom(...NAMES) }),
        fc.record({ kind: fc.constant('folder' as const), name: fc.constantFrom('Dir', 'dir', 'DIR', 'Note.md', 'NOTE.MD', 'New') }),
      ),
    }),
  );

async function adapterRefuses(files: readonly string[], op: PlannedOperation): Promise<boolean> {
  const dir = path.join(root, `v${counter++}`);
  for (const f of files) {
    await fs.mkdir(path.dirname(path.join(dir, f)), { recursive: true });
    await fs.writeFile(path.join(dir, f), `# ${f}\n`);
  }
  const vault = await NodeVault.open(dir, { metadataCache: false });
  try {
    if (op.type === 'create_folder') await vault.createFolder(op.path);
    else if (op.type === 'move') await vault.rename(op.source, op.destination);
    return false;
  } catch (e) {
    if (e instanceof VaultPathExistsError) return true;
    throw e;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('the case rule', () => {
  it('refuses in the plan exactly what the Node adapter refuses', async (ctx) => {
    if (!(await caseSensitiveDisk())) ctx.skip();
    await fc.assert(
      fc.asyncProperty(arbCase, async ({ files, op: raw }) => {
        const op: PlannedOperation =
          raw.kind === 'folder' ? { opId: 'o', type: 'create_folder', path: raw.name } : { opId: 'o', type: 'move', source: raw.source, destination: raw.folder === '' ? raw.name : `${raw.folder}/${raw.name}` };
        if (op.type === 'move' && op.source === op.destination) return;
        const entries = [...new Set(files.flatMap((f) => (f.includes('/') ? [f.slice(0, f.indexOf('/')), f] : [f])))].map((p) =>
          files.includes(p) ? { kind: 'file' as const, path: p, stat: { size: 1, ctime: 0, mtime: 0 } } : { kind: 'folder' as const, path: p },
        );
        const planned = simulatePlan(entries, [op], { configDir: '.obsidian' });
        // An existing folder made again is no conflict in a plan (nothing to do), while the adapter refuses it.
        if (op.type === 'create_folder' && entries.some((e) => e.path === op.path && e.kind === 'folder')) return;
        const planRefuses = planned.conflicts.some((c) => c.kind === 'case_collision' || c.kind === 'destination_exists');
        expect(await adapterRefuses(files, op), JSON.stringify({ files, op, conflicts: planned.conflicts })).toBe(planRefuses);
      }),
      { numRuns: 150, seed: 20_261_124 },
    );
  }, 60_000);

  it('lets a case-only rename keep a pair a pair in the plan, as the adapter does', () => {
    const entries = ['Case.md', 'case.md'].map((p) => ({ kind: 'file' as const, path: p, stat: { size: 1, ctime: 0, mtime: 0 } }));
    const sim = simulatePlan(entries, [{ opId: 'r', type: 'rename', source: 'Case.md', destination: 'CASE.md' }], { configDir: '.obsidian' });
    expect(sim.conflicts).toEqual([]);
    expect(sim.after.map((e) => e.path).sort()).toEqual(['CASE.md', 'case.md']);
  });
});
