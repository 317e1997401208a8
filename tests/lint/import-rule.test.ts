// Proves the layering rule bites: the project's own eslint.config.mjs, run by the real eslint
// binary on a scratch project laid out like this one, fails on a core file importing 'obsidian'
// and passes the files that may.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const USES_OBSIDIAN = "import { Notice } from 'obsidian';\n\nexport function notify(text: string): Notice {\n  return new Notice(text);\n}\n";

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

describe('lint: only main.ts, src/views/** and obsidian-*.ts import obsidian', () => {
  let dir = '';
  let results: LintResult[] = [];
  let exitCode = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'reeve-lint-'));
    for (const f of ['eslint.config.mjs', 'tsconfig.json', 'manifest.json', 'LICENSE']) await copyFile(path.join(root, f), path.join(dir, f));
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const files: Record<string, string> = {
      'src/edits/imports-obsidian.ts': USES_OBSIDIAN,
      'src/views/notice-view.ts': USES_OBSIDIAN,
      'src/agents/llm/obsidian-notice.ts': USES_OBSIDIAN,
      'main.ts': USES_OBSIDIAN,
    };
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), text);
    }
    try {
      const out = await run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '--format', 'json', 'main.ts', 'src'], { cwd: dir });
      results = JSON.parse(out.stdout) as LintResult[];
    } catch (e) {
      const err = e as { code: number; stdout: string };
      exitCode = err.code;
      results = JSON.parse(err.stdout) as LintResult[];
    }
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const rulesFor = (rel: string): (string | null)[] =>
    results.find((r) => r.filePath === path.join(dir, rel))?.messages.map((m) => m.ruleId) ?? ['<file not linted>'];

  it('fails lint when a core file imports obsidian', () => {
    expect(exitCode).toBe(1);
    expect(rulesFor('src/edits/imports-obsidian.ts')).toEqual(['no-restricted-imports']);
  });

  it('allows the UI, obsidian-*.ts adapters and main.ts', () => {
    expect(rulesFor('src/views/notice-view.ts')).toEqual([]);
    expect(rulesFor('src/agents/llm/obsidian-notice.ts')).toEqual([]);
    expect(rulesFor('main.ts')).toEqual([]);
  });
});
