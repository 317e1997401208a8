// The CLI's messages and exit codes on bad input (issue 11, item 19): usage errors exit 2 on every
// command, a file given as the vault says so, "a:b.md" is a bad name and not an absolute path, a
// rules file with a byte order mark is read, a search with no results says so, a damaged block
// names a command that exists, and `organize --dry-run` writes nothing at all.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/registry';
import { editBlockText } from '../../src/edits/pending/block-format';
import { checkVaultPath } from '../../src/vault-vfs/path-safety';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

const RULES = { rules: [{ name: 'Sorted', if: 'file.ext == "md"', thenMoveTo: 'Sorted' }] };

describe('usage errors exit 2', () => {
  it('an unknown option, for every command and whatever its name', async () => {
    vault = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    const dir = vault.dir;
    const flag = fc.stringMatching(/^[a-z][a-z-]{0,12}$/).filter((f) => !['help', 'json', 'all', 'apply', 'dry-run', 'version'].includes(f));
    const subArgs: Record<string, string[]> = { rules: ['match', dir, 'file.ext == "md"'], pending: [dir, 'list'], recover: [dir, '--resume'], search: [dir, 'a'], related: [dir, 'Inbox/a.md'], index: [dir, '--status'] };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...commands.map((c) => c.name)), flag, async (name, f) => {
        const known = commands.find((c) => c.name === name)?.usage ?? '';
        fc.pre(!known.includes(`--${f}`));
        const r = await runReeve([name, ...(subArgs[name] ?? [dir]), `--${f}`]);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(new RegExp(`^error: unknown option --${f}`));
      }),
      { numRuns: 40 },
    );
  });

  it('an extra argument, a bad plan folder, --dry-run with --apply', async () => {
    vault = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    expect((await runReeve(['links', vault.dir, 'extra'])).code).toBe(2);
    const bad = await runReeve(['organize', vault.dir, '--plan-folder', '.obsidian/plans']);
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.stderr).toMatch(/^error: --plan-folder: the plan folder .obsidian\/plans cannot hold plan notes: the config folder/);
    expect((await runReeve(['organize', vault.dir, '--folder', 'Inbox', '--plan-folder', 'Inbox/Plans'])).code).toBe(2);
    expect((await runReeve(['organize', vault.dir, '--dry-run', '--apply'])).stderr).toMatch(/cannot go together/);
  });

  it('a file given as the vault is called a file', async () => {
    vault = await makeTempVault({ 'note.md': 'x\n' });
    for (const cmd of [['search', `${vault.dir}/note.md`, 'x'], ['links', `${vault.dir}/note.md`], ['organize', `${vault.dir}/note.md`]]) {
      const r = await runReeve(cmd);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${vault.dir}/note.md is a file, not a vault folder`);
    }
    expect((await runReeve(['links', `${vault.dir}/missing`])).stderr).toContain('vault folder not found');
  });
});

describe('names and files', () => {
  it('"a:b.md" is a name with a colon, while drive paths stay absolute', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z]$/), fc.stringMatching(/^[a-z]{1,6}(\.md)?$/), (drive, rest) => {
        const named = checkVaultPath(`${drive}:${rest}`, { configDir: '.obsidian' });
        expect(named.ok === false && named.reason).toMatch(/contains a character Obsidian cannot use in names/);
        for (const abs of [`${drive}:/${rest}`, `${drive}:\\${rest}`, `${drive}:`]) {
          const r = checkVaultPath(abs, { configDir: '.obsidian' });
          expect(r.ok === false && r.reason).toMatch(/^absolute paths are not allowed/);
        }
      }),
    );
  });

  it('a rules file saved with a byte order mark is read', async () => {
    vault = await makeTempVault({ 'Inbox/a.md': 'a\n' });
    await vault.write('rules.json', `\uFEFF${JSON.stringify(RULES)}`);
    const r = await runReeve(['organize', vault.dir, '--folder', 'Inbox', '--rules', `${vault.dir}/rules.json`, '--dry-run', '--json']);
    expect(r.stderr).toBe('');
    expect((JSON.parse(r.stdout) as { operations: { destination?: string }[] }).operations.map((o) => o.destination)).toContain('Inbox/Sorted/a.md');
  });

  it('a search with no results says so', async () => {
    vault = await makeTempVault({ 'a.md': 'apples\n' });
    const r = await runReeve(['search', vault.dir, 'zebra']);
    expect(r).toMatchObject({ code: 0, stdout: 'no notes or files match "zebra"\n' });
    expect((await runReeve(['search', vault.dir, 'zebra', '--json'])).stdout).toBe('[]\n');
  });

  it('a damaged block names a command that exists, and that command restores it', async () => {
    const block = editBlockText({ id: 'e1', type: 'replace', before: 'old', after: 'new' }, '\n').replace('"type":"replace",', '"type":"replace" ');
    vault = await makeTempVault({ 'n.md': `top\n${block}\n` });
    const r = await runReeve(['pending', vault.dir, 'accept', '--all']);
    expect(r.code).toBe(1);
    const named = /"(reeve pending <vault> reject --id e1)"/.exec(r.stdout)?.[1];
    expect(named).toBeDefined();
    const args = (named ?? '').split(' ').slice(1).map((a) => (a === '<vault>' ? vault?.dir ?? '' : a));
    expect(commands.map((c) => c.name)).toContain(args[0]);
    expect((await runReeve(args)).code).toBe(0);
    expect(await vault.read('n.md')).toBe('top\nold\n');
  });
});

describe('organize --dry-run', () => {
  it('prints the plan and writes nothing, config folder included', async () => {
    vault = await makeTempVault({ 'Inbox/a.md': 'a\n', 'Inbox/b.pdf': 'pdf', '.obsidian/app.json': '{}' });
    await vault.write('rules.json', JSON.stringify(RULES));
    const before = await vault.snapshot({ includeConfig: true });
    const r = await runReeve(['organize', vault.dir, '--folder', 'Inbox', '--rules', `${vault.dir}/rules.json`, '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/move +Inbox\/a\.md -> Inbox\/Sorted\/a\.md +\(Sorted\)/);
    expect(r.stdout).toMatch(/dry run: nothing was written\n$/);
    expect(await vault.snapshot({ includeConfig: true })).toEqual(before);
  });
});

describe('undo --job takes the ids organize prints', () => {
  it('the plan id and the job id both undo the run', async () => {
    for (const which of ['planId', 'job'] as const) {
      vault = await makeTempVault({ 'Inbox/a.md': 'a\n', 'Home.md': 'see [[Inbox/a]]\n' });
      await vault.write('rules.json', JSON.stringify(RULES));
      const before = await vault.snapshot();
      const r = await runReeve(['organize', vault.dir, '--folder', 'Inbox', '--rules', `${vault.dir}/rules.json`, '--apply', '--json']);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { planId: string; applied: { job: string } };
      expect(out.planId).not.toBe(out.applied.job);
      const id = which === 'planId' ? out.planId : out.applied.job;
      const undo = await runReeve(['undo', vault.dir, '--job', id]);
      expect(undo.stderr).toBe('');
      expect(undo.code).toBe(0);
      const after = await vault.snapshot();
      for (const [p, bytes] of before) expect(after.get(p)).toBe(bytes);
      await vault.cleanup();
      vault = null;
    }
  });
});
