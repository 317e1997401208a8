// The bundled third-party code is credited: THIRD-PARTY-NOTICES.md names every npm package that the
// production main.js and cli.mjs hold (read from esbuild's metafile), with its licence text, and a
// change to the bundles that the file does not follow fails here.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('THIRD-PARTY-NOTICES.md', () => {
  it('is what the production bundles hold (npm run notices writes it)', async () => {
    const run = await promisify(execFile)(process.execPath, ['scripts/third-party-notices.mjs', '--check'], { cwd: root }).then(
      () => 0,
      (e: { code?: number; stderr?: string }) => e.code ?? 1,
    );
    expect(run).toBe(0);
  }, 60_000);
});
