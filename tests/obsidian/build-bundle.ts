// Builds the real plugin bundle (production options, as `npm run build` does) into a temp file,
// so tests load exactly what users install without depending on a previous build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import esbuild from 'esbuild';
import { pluginOptions } from '../../esbuild.options.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

export async function buildPluginBundle(): Promise<string> {
  const outfile = path.join(mkdtempSync(path.join(tmpdir(), 'reeve-bundle-')), 'main.js');
  await esbuild.build({ ...pluginOptions(true, outfile), absWorkingDir: root, logLevel: 'silent' });
  return outfile;
}

/** Removes a bundle `buildPluginBundle` built, with its folder (a megabyte each in the temp folder). */
export function removePluginBundle(file: string): void {
  if (file !== '') rmSync(path.dirname(file), { recursive: true, force: true });
}
