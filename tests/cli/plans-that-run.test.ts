// A plan holds only operations that can run: what the disk would refuse is left out of the plan
// with its reason when it is planned, instead of failing the job when it is applied.
import { rm, symlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
let rulesFile: string | undefined;
afterEach(async () => {
  await tv?.cleanup();
  if (rulesFile) await rm(rulesFile, { force: true });
});

async function organizeWith(dir: string, rules: unknown[]): Promise<{ code: number; stdout: string; stderr: string }> {
  rulesFile = path.join(dir, '..', `${path.basename(dir)}-rules.json`);
  await writeFile(rulesFile, JSON.stringify({ rules }));
  return runReeve(['organize', dir, '--rules', rulesFile, '--sources', 'rules', '--apply']);
}

const notReeve = (snap: Map<string, string>): Map<string, string> => new Map([...snap].filter(([k]) => !k.startsWith('Reeve') && !k.startsWith('.obsidian/plugins')));

describe('a plan that can run', () => {
  it('leaves out a rename to a name longer than 255 bytes, with its reason', async () => {
    tv = await makeTempVault({ 'note.md': 'hi\n', 'other.md': 'x\n' });
    const before = notReeve(await tv.snapshot());
    // 130 two-byte letters: 260 bytes before the extension, though only 133 characters.
    const r = await organizeWith(tv.dir, [{ name: 'Long', if: 'file.name == "note"', thenRenameTo: `${'é'.repeat(130)}.md` }]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('is longer than the 255 bytes a file system allows in a name');
    expect(r.stdout).toContain('applied: 0 operations done');
    expect(notReeve(await tv.snapshot())).toEqual(before);
  });

  it('leaves out a move onto a symbolic link with its reason, and runs the rest', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n', 'Inbox/b.md': 'b\n', 'Inbox/c.md': 'c\n', 'Done/keep.md': 'k\n' });
    // Links the listing leaves out: one leading out of the vault, one leading nowhere.
    await symlink('/etc/hostname', path.join(tv.dir, 'Done/a.md'));
    await symlink(path.join(tv.dir, 'nowhere.md'), path.join(tv.dir, 'Done/b.md'));
    const r = await organizeWith(tv.dir, [{ name: 'Done', if: 'file.folder == "Inbox"', thenMoveTo: '/Done' }]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('left out (refused): move Inbox/a.md -> Done/a.md: Done/a.md is a symbolic link (to /etc/hostname)');
    expect(r.stdout).toContain('left out (refused): move Inbox/b.md -> Done/b.md: Done/b.md is a symbolic link');
    expect(r.stdout).toContain('applied: 1 operations done');
    expect(await tv.read('Done/c.md')).toBe('c\n');
    expect(await tv.read('Inbox/a.md')).toBe('a\n');
  });

  it('undo leaves a folder the job created where it is when something was put in it, says so, and undoes the rest', async () => {
    tv = await makeTempVault({ 'Inbox/n1.md': '1\n', 'Inbox/n2.md': '2\n', 'Inbox/n3.md': '3\n' });
    const before = notReeve(await tv.snapshot());
    expect((await organizeWith(tv.dir, [{ name: 'Deep', if: 'file.folder == "Inbox"', thenMoveTo: '/Sorted/Deep' }])).stdout).toContain('applied: 5 operations done');
    await tv.write('Sorted/Deep/mine.md', 'mine\n');
    const undone = await runReeve(['undo', tv.dir]);
    expect(undone).toMatchObject({ code: 0, stderr: '' });
    expect(undone.stdout).toContain('rolled back, 5 steps\n  note: folder Sorted/Deep was kept: something was put in it after the job\n');
    const after = notReeve(await tv.snapshot());
    const added: [string, string][] = [['Sorted/', ''], ['Sorted/Deep/', ''], ['Sorted/Deep/mine.md', Buffer.from('mine\n').toString('base64')]];
    expect(after).toEqual(new Map([...before, ...added].sort(([a], [b]) => a.localeCompare(b))));
    // Nothing is left half-done: the vault is free for the next command.
    expect((await runReeve(['organize', tv.dir, '--dry-run'])).code).toBe(0);
  });

  it('the text dry run lists the duplicates the plan note lists', async () => {
    tv = await makeTempVault({ 'Inbox/a.pdf': 'same bytes', 'Inbox/b.pdf': 'same bytes', 'Inbox/c.md': 'c\n' });
    const r = await runReeve(['organize', tv.dir, '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('duplicates (identical content): Inbox/a.pdf, Inbox/b.pdf\n');
  });
});
