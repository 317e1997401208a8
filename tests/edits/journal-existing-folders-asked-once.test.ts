// Before a job starts, the journal records which of the paths it creates did not exist yet (the
// intent copy's `absent`), asking the vault about each destination and the folders above it. A
// folder found there is asked about once, not once per operation into it (issue 29: a job of
// 5,000 renames in 50 folders asked 10,000 times, each a realpath and an lstat). The vault is a
// real NodeVault on real files; the questions are counted on their way to it.
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

/** The vault, with every `exists` question it is asked counted per path. */
function countingExists(v: NodeVault): { port: NodeVault; asked: Map<string, number> } {
  const asked = new Map<string, number>();
  const port = new Proxy(v, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key === 'exists') {
        return (p: string) => {
          asked.set(p, (asked.get(p) ?? 0) + 1);
          return target.exists(p);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { port, asked };
}

describe('a job asks about an existing destination folder once', () => {
  it('40 renames in one folder: the folder is asked about once by the journal, and the job applies and undoes byte for byte', async () => {
    const ops = 40;
    const files: Record<string, string> = {};
    for (let i = 0; i < ops; i++) files[`F/n${i}.md`] = `# n${i}\n\nSee [[n${(i + 1) % ops}]].\n`;
    vault = await tempVault(files);
    const before = await snapshot(vault.dir);
    const { port, asked } = countingExists(await NodeVault.open(vault.dir));
    const report = await executeJob(port, {
      description: 'renames',
      operations: Array.from({ length: ops }, (_, i) => ({ opId: `o${i}`, type: 'rename' as const, source: `F/n${i}.md`, destination: `F/m${i}.md` })),
    });
    expect(report.failure).toBeNull();
    expect(report.state).toBe('applied');
    // Each destination is new and is asked about; the folder above them once by the journal's
    // record of what is absent and once by the preflight's (each step's own check that its
    // folder is there, one per rename, comes on top): 42, where it was 82.
    for (let i = 0; i < ops; i++) expect(asked.get(`F/m${i}.md`)).toBeGreaterThanOrEqual(1);
    expect(asked.get('F') ?? 0).toBeLessThanOrEqual(ops + 2);
    const undone = await undoJob(port, report.job);
    expect(undone.state).toBe('reverted');
    const after = await snapshot(vault.dir);
    for (const [p, text] of Object.entries(before)) expect(after[p]).toBe(text);
  });
});
