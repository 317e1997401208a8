import { defineConfig } from 'vitest/config';

// Browser tests: the pending-block widgets driven in real Chromium (see tests/browser/session.ts).
// The test files run under Node and drive the page; the page itself is bundled separately, with
// 'obsidian' answered by the test runtime (tests/browser/test-page.ts, once per run in
// global-setup.ts), so no alias is needed here.
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/browser/global-setup.ts'],
    pool: 'forks',
    // One Chromium at a time: each file starts its own, and CI machines are small.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
