// `reeve … | head -1`: a reader that leaves before the output is written. The binary must not
// die with an EPIPE stack trace; it finishes its work and exits with its own code, silently.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle, removeCliBundle } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

interface Exit {
  code: number | null;
  stderr: string;
}

/** Runs the binary with its stdout's reader closed at once, as `| head -0` would. */
function runWithClosedStdout(bin: string, args: string[]): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('reeve with a reader that stops reading', () => {
  let bin = '';
  let vault: TempVault;
  beforeAll(async () => {
    bin = await buildCliBundle();
    vault = await makeTempVault(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`Notes/note ${i}.md`, `# Note ${i}\nsolar words [[note ${(i + 1) % 40}]]\n`])));
  }, 60_000);
  afterAll(async () => {
    removeCliBundle(bin);
    await vault.cleanup();
  });

  const cases: [string, (dir: string) => string[], number][] = [
    ['help', () => ['--help'], 0],
    ['search', (dir) => ['search', dir, 'solar', '--limit', '40'], 0],
    ['links --json', (dir) => ['links', dir, '--json'], 0],
    ['related', (dir) => ['related', dir, 'note 1', '--depth', '3'], 0],
    ['rules match', (dir) => ['rules', 'match', dir, 'file.ext == "md"'], 0],
    ['a usage error', () => ['search'], 2],
  ];
  for (const [name, args, code] of cases) {
    it(`${name}: exits ${code} with no EPIPE stack trace`, async () => {
      const exit = await runWithClosedStdout(bin, args(vault.dir));
      expect(exit.stderr).not.toMatch(/EPIPE|at .*cli\.mjs/);
      expect(exit.code).toBe(code);
    });
  }
});
