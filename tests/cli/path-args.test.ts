// Folders and notes named on the command line the ways a user types them: from the vault folder
// (`Private`, `/Private`, `Private/`), or as a path on disk into the vault, as tab completion
// writes it (`./Private` inside the vault, an absolute path, `../vault/Private`). An --exclude
// that names no folder of the vault is refused, never silently ignored: `--exclude ./Private` or
// `--exclude private` used to exclude nothing, and the agents read Private/ all the same.
import * as path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import type { CliRun } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

async function reeve(args: string[], cwd: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: {}, cwd });
  return { code, stdout, stderr };
}

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

const folderName = fc.stringMatching(/^[A-Za-zé][A-Za-z0-9é _-]{0,10}[A-Za-z0-9é]$/);

describe('a folder named on the command line', () => {
  it('is the same folder however it is written, for --exclude, --folder and the note argument', async () => {
    await fc.assert(
      fc.asyncProperty(folderName, async (name) => {
        vault = await makeTempVault({ 'Home.md': `[[Secret]] [[Open]]\n`, [`${name}/Secret.md`]: 'secret\n', 'Pub/Open.md': 'open\n', 'rules.json': '[{"name":"All","if":"file.ext == \\"md\\"","thenAddTags":["x"]}]' });
        const dir = vault.dir;
        const parent = path.dirname(dir);
        const ways: [string, string][] = [
          [name, parent],
          [`/${name}`, parent],
          [`${name}/`, parent],
          [`./${name}`, dir],
          [path.join(dir, name), '/'],
          [`../${name}`, path.join(dir, 'Pub')],
          [`../../${path.basename(dir)}/${name}/`, path.join(dir, 'Pub')],
        ];
        for (const [written, cwd] of ways) {
          const related = await reeve(['related', dir, 'Home', '--exclude', written, '--json'], cwd);
          expect(related.code, `${written} from ${cwd}: ${related.stderr}`).toBe(0);
          expect((JSON.parse(related.stdout) as { path: string }[]).map((r) => r.path)).toEqual(['Pub/Open.md']);
          const plan = await reeve(['organize', dir, '--folder', written, '--dry-run', '--json'], cwd);
          expect(plan.code, plan.stderr).toBe(0);
          expect((JSON.parse(plan.stdout) as { targetFolder: string }).targetFolder).toBe(name);
          const matched = await reeve(['rules', 'match', dir, '--rules', path.join(dir, 'rules.json'), '--folder', written, '--json'], cwd);
          expect((JSON.parse(matched.stdout) as { path: string }[]).map((m) => m.path)).toEqual([`${name}/Secret.md`]);
          const note = await reeve(['related', dir, path.join(written, 'Secret.md'), '--json'], cwd);
          expect(note.code, note.stderr).toBe(0);
        }
        await vault.cleanup();
        vault = null;
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('that the vault does not have is refused, with the folder it may have meant, and nothing is asked of a model', async () => {
    vault = await makeTempVault({ 'Home.md': '[[Secret]]\n', 'Private/Secret.md': 'secret\n' });
    const dir = vault.dir;
    for (const [written, hint] of [['private', '; did you mean Private?'], ['Privat', ''], ['/elsewhere/Private', '']] as const) {
      const related = await reeve(['related', dir, 'Home', '--exclude', written], dir);
      expect(related.code).toBe(2);
      expect(related.stderr.split('\n')[0]).toBe(`error: --exclude ${written}: no such folder in the vault${hint}`);
      const ask = await reeve(['ask', dir, 'what is secret?', '--exclude', written, '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'], dir);
      expect(ask.code).toBe(2);
      expect(ask.stderr.split('\n')[0]).toBe(`error: --exclude ${written}: no such folder in the vault${hint}`);
    }
    const organize = await reeve(['organize', dir, '--folder', 'private', '--dry-run'], dir);
    expect(organize.stderr.split('\n')[0]).toBe('error: --folder private: no such folder in the vault; did you mean Private?');
  });
});
