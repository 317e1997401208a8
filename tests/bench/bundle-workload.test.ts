// The bench runs each workload as an esbuild bundle (bench/bundle-workload.ts), as the CLI ships.
// A bundle has one import.meta for all its modules and lives in bench/.cache/bundled, so each
// module's import.meta.dirname/filename must still name its own source file (the workloads find
// their fixtures, the corpus generator's text and the example vault by them), and `obsidian`
// must be the test runtime bundled in, not a bare import Node cannot resolve.
import { readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBench } from '../../bench/bundle-workload';

const fixture = path.join(import.meta.dirname, 'fixtures', 'where-am-i.ts');

describe('bundleForBench', () => {
  it("keeps each module's own import.meta.dirname and filename", async () => {
    const out = await bundleForBench(fixture, 'test-where-am-i');
    try {
      expect(path.dirname(out)).toBe(path.resolve(import.meta.dirname, '..', '..', 'bench', '.cache', 'bundled'));
      const mod = (await import(pathToFileURL(out).href + `?t=${Date.now()}`)) as { dirname: string; filename: string };
      expect(mod.dirname).toBe(path.dirname(fixture));
      expect(mod.filename).toBe(fixture);
    } finally {
      rmSync(out, { force: true });
    }
  }, 60_000);

  it('bundles the Obsidian adapter with the test runtime in place of the obsidian package', async () => {
    const out = await bundleForBench(path.resolve(import.meta.dirname, '..', '..', 'src', 'vault-vfs', 'obsidian-vault.ts'), 'test-obsidian-vault');
    try {
      const text = readFileSync(out, 'utf8');
      expect(text).not.toMatch(/from\s+["']obsidian["']/);
      expect(text).toContain('tests/obsidian/');
    } finally {
      rmSync(out, { force: true });
    }
  }, 60_000);
});
