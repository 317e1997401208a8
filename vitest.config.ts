import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `obsidian` ships only types: tests (and the plugin code under test) get the project's
// Obsidian test runtime instead, built on obsidian-test-mocks.
const runtime = fileURLToPath(new URL('./tests/obsidian/index.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [{ find: /^obsidian$/, replacement: runtime }],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/browser/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A temp folder per run, which must be empty at the end (tests/setup/temp-folder.ts).
    globalSetup: ['tests/setup/temp-folder.ts'],
  },
});
