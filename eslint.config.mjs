// Lint: Obsidian's plugin guidelines (eslint-plugin-obsidianmd recommended, which includes
// typescript-eslint's type-checked rules), plus Reeve's layering rule: only main.ts,
// src/views/** and files named obsidian-*.ts may import 'obsidian'.
import { defineConfig, globalIgnores } from 'eslint/config';
import obsidianmd from 'eslint-plugin-obsidianmd';

const OBSIDIAN_IMPORT_MESSAGE =
  "Only main.ts, src/views/** and files named obsidian-*.ts may import 'obsidian'; the core runs under plain Node (see DESIGN.md, Layers).";

/** Code that runs only under Node: the CLI, the Node adapter, tests, benchmarks, scripts. */
const NODE_SIDE = [
  'src/cli/**',
  'src/vault-vfs/node/**',
  // The stdio server of `reeve mcp`: only the CLI imports it.
  'src/mcp/stdio-*.ts',
  // The plugin's MCP endpoint: Node's http, loaded only behind Platform.isDesktopApp (src/views/mcp/).
  'src/mcp/http/**',
  'tests/**',
  'bench/**',
  'scripts/**',
  '*.mjs',
  'vitest.config.ts',
];

export default defineConfig([
  globalIgnores(['node_modules/', 'dist/', 'main.js', 'coverage/', 'bench/.cache/', 'src/dsl/grammar.ts', 'tests/fixtures/**']),
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'obsidian', message: OBSIDIAN_IMPORT_MESSAGE }] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // TypeScript itself reports undefined names, with the right globals for each file.
      'no-undef': 'off',
    },
  },
  {
    files: ['main.ts', 'src/views/**/*.ts', '**/obsidian-*.ts', 'tests/obsidian/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The core runs in Obsidian and in Node alike: it has no `window`, and its timers are Node's or
    // the browser's, so the popout-window rules belong to the UI only.
    files: ['src/**/*.ts'],
    ignores: ['src/views/**', '**/obsidian-*.ts'],
    rules: {
      'obsidianmd/prefer-window-timers': 'off',
      'obsidianmd/no-global-this': 'off',
    },
  },
  {
    files: NODE_SIDE,
    rules: {
      'obsidianmd/no-nodejs-modules': 'off',
      'obsidianmd/hardcoded-config-path': 'off',
      'obsidianmd/prefer-window-timers': 'off',
      'obsidianmd/no-global-this': 'off',
      'obsidianmd/ui/sentence-case': 'off',
      'import/no-nodejs-modules': 'off',
      'no-console': 'off',
      'obsidianmd/rule-custom-message': 'off',
      'no-unsanitized/method': 'off',
    },
  },
  {
    // Test runtimes patch methods on prototypes on purpose.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
  },
]);
