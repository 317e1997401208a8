// Crash at every step of random mixed jobs, then recover with rollback: see helpers/fault-cases.ts.
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import { afterAll, describe, it } from 'vitest';
import { checkCrashRecovery, root } from './helpers/fault-cases';
import { faultSeed } from './helpers/fault-seed';

afterAll(async () => fs.rm(root, { recursive: true, force: true }));

/** More runs for a soak: REEVE_FAULT_RUNS=50 npx vitest run tests/edits/journal-faults-rollback.test.ts */
const runs = Number(process.env.REEVE_FAULT_RUNS ?? 6);

describe('journal under injected crashes, recovered with rollback', () => {
  it('ends exactly as before the job, at every crash point, even when the recovery crashes too', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), (seed) => checkCrashRecovery(seed, 'rollback', { frontmatter: seed % 2 === 0 })),
      { numRuns: runs, ...faultSeed() },
    );
  }, 30_000 + runs * 10_000);
});
