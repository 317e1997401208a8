// Cases the fault-injection properties found that recovery does not yet handle, pinned so they are
// seen, replayable, and flipped to passing tests when fixed (an `it.fails` that starts passing
// fails the suite). Recovery stops and names the file instead of guessing: nothing is lost, but
// the vault is not brought back by itself. A second gap, in the rollback of damaged journals (a
// note edited, then rewritten by a later move whose records were lost: e.g. seed 201858, a flipped
// byte, crash at the last step), is accepted as such a stop in journal-damaged.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCrashRecovery } from './helpers/fault-cases';

describe('known gaps in journal recovery', () => {
  // A created note that a later step of the same job rewrote (a link to a moved file), with the
  // crash after that step: resume replays the create and finds the rewritten text.
  it.fails('resume: a created note rewritten later in the same job (seed 858124)', async () => {
    await checkCrashRecovery(858124, 'resume');
  }, 60_000);

  it('the property runner reproduces a case from its seed', () => {
    expect(fc.sample(fc.integer({ min: 1, max: 1_000_000 }), { seed: 20_261_124, numRuns: 1 })).toEqual(fc.sample(fc.integer({ min: 1, max: 1_000_000 }), { seed: 20_261_124, numRuns: 1 }));
  });
});
