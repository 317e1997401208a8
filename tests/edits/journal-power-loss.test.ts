// A power loss, not only a process crash: the Node adapter leaves the link rewrites of a journaled
// move unsynced until the journal writes its next record (deferred-syncs.ts), so a power loss may
// tear any of them: the new text lost (the old one back), or the file left empty. For random mixed
// jobs, crash at every mutating call, tear every unsynced file one of those ways, then recover:
// the vault (every path and byte) must equal the state after (resume) or before (rollback) the job.
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { recoverJobs } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { FaultVault, SimulatedCrash } from './helpers/fault-vault';
import { copy, makeCase, prng, root, writeVault } from './helpers/fault-cases';
import { faultSeed } from './helpers/fault-seed';
import { snapshot } from './helpers/temp-vault';

afterAll(async () => fs.rm(root, { recursive: true, force: true }));

/**
 * A FaultVault over `vault` that also forwards the deferred syncs (dead after the crash, like every
 * other call), and keeps each file's bytes as of the last sync: what a power loss can go back to.
 */
function powerLossVault(vault: NodeVault, dir: string, start: Record<string, string>, crashAt: number, rnd: () => number): { port: FaultVault; durable: () => Record<string, string> } {
  const port = new FaultVault(vault, crashAt, rnd);
  let durable = start;
  const sync = async (): Promise<void> => {
    if (port.dead) throw new SimulatedCrash('syncDeferredWrites after the crash');
    await vault.syncDeferredWrites();
    durable = await snapshot(dir);
  };
  return { port: Object.assign(port, { syncDeferredWrites: sync }), durable: () => durable };
}

/** Each file not yet synced keeps its new text, is left empty, or has its text as of the last sync. */
async function tear(vault: NodeVault, dir: string, durable: Record<string, string>, rnd: () => number): Promise<number> {
  const unsynced = vault.unsyncedFiles();
  for (const p of unsynced) {
    const abs = path.join(dir, p);
    const r = rnd();
    if (r < 1 / 3) continue;
    const old = durable[p];
    await fs.writeFile(abs, r < 2 / 3 || old === undefined ? '' : Buffer.from(old, 'base64')).catch(() => undefined);
  }
  return unsynced.length;
}

async function checkPowerLoss(seed: number, mode: 'resume' | 'rollback'): Promise<number> {
  const c = makeCase(seed, { frontmatter: seed % 2 === 0 });
  const rnd = prng(seed ^ 0x2545f491);
  const batchSize = 1 + (seed % 4);
  const base = await writeVault(c);
  const before = await snapshot(base);
  const clean = await copy(base);
  const cleanVault = await NodeVault.open(clean);
  // The invariant the recovery rests on: nothing the vault wrote is unsynced when a record goes out.
  const append = cleanVault.state.append.bind(cleanVault.state);
  cleanVault.state.append = async (name, data) => {
    expect(cleanVault.unsyncedFiles(), `seed ${seed}: unsynced writes when the journal was appended`).toEqual([]);
    await append(name, data);
  };
  const { port: counting } = powerLossVault(cleanVault, clean, before, Infinity, rnd);
  expect((await executeJob(counting, { description: `seed ${seed}`, operations: c.ops }, { batchSize })).failure).toBeNull();
  const expected = mode === 'resume' ? await snapshot(clean) : before;
  let torn = 0;
  for (let k = 1; k <= counting.mutations; k++) {
    const dir = await copy(base);
    const vault = await NodeVault.open(dir);
    const { port, durable } = powerLossVault(vault, dir, before, k, rnd);
    await expect(executeJob(port, { description: 'x', operations: c.ops }, { batchSize })).rejects.toThrow(SimulatedCrash);
    torn += await tear(vault, dir, durable(), rnd);
    const { reports } = await recoverJobs(await NodeVault.open(dir), mode);
    expect(reports).toHaveLength(1);
    expect(await snapshot(dir), `seed ${seed}, power lost at call ${k}, ${mode}`).toEqual(expected);
  }
  return torn;
}

const runs = Number(process.env.REEVE_FAULT_RUNS ?? 6);

describe('journal under power loss (unsynced link rewrites torn)', () => {
  for (const mode of ['resume', 'rollback'] as const) {
    it(`ends exactly as ${mode === 'resume' ? 'after' : 'before'} the job, at every crash point (${mode})`, async () => {
      let torn = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (seed) => {
          torn += await checkPowerLoss(seed, mode);
        }),
        { numRuns: runs, ...faultSeed() },
      );
      // The property means something only if some crash found rewrites waiting for their sync.
      expect(torn).toBeGreaterThan(0);
    }, 30_000 + runs * 10_000);
  }
});
