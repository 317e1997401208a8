// Runs the CLI in-process with captured output, and builds the real binary for process-level tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import esbuild from 'esbuild';
import { cliOptions } from '../../esbuild.options.mjs';
import { runCli } from '../../src/cli/main';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runReeve(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env,
    cwd: process.cwd(),
  });
  return { code, stdout, stderr };
}

const root = path.resolve(import.meta.dirname, '..', '..');

/** Builds dist/cli.mjs as `npm run build` does, into a temp folder; returns its path. */
export async function buildCliBundle(): Promise<string> {
  const outfile = path.join(mkdtempSync(path.join(tmpdir(), 'reeve-cli-')), 'cli.mjs');
  await esbuild.build({ ...cliOptions(true, outfile), absWorkingDir: root, logLevel: 'silent' });
  return outfile;
}

/** Removes a bundle `buildCliBundle` built, with its folder (a megabyte each, left in the temp folder). */
export function removeCliBundle(bin: string): void {
  if (bin !== '') rmSync(path.dirname(bin), { recursive: true, force: true });
}
