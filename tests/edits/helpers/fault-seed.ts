// The fault-injection properties run a fixed sample of cases, so that a CI run is reproducible and
// a failure names a case anyone can replay; the known failing cases are pinned as `it.fails` in
// journal-known-gaps.test.ts. For a soak over fresh random cases:
//   REEVE_FAULT_SEED=random REEVE_FAULT_RUNS=200 npx vitest run tests/edits/journal-damaged.test.ts
export function faultSeed(): { seed?: number } {
  const raw = process.env.REEVE_FAULT_SEED;
  if (raw === 'random') return {};
  return { seed: raw === undefined ? 20_261_124 : Number(raw) };
}
