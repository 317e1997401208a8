import { describe, expect, it } from 'vitest';
import { assertSafeVaultPath, checkVaultPath, extOf, isMarkdownPath, isProtectedPath, normalizeVaultPath } from '../../src/vault-vfs/path-safety';
import { UnsafePathError } from '../../src/vault-vfs/vault-port';

const opts = { configDir: '.obsidian' };

describe('path safety', () => {
  it.each([
    ['Notes/a.md', 'Notes/a.md'],
    ['Notes//a.md/', 'Notes/a.md'],
    ['Caf\u0065\u0301.md', 'Café.md'],
    ['a\u00a0b.md', 'a b.md'],
    ['Résumés/日本語 note.md', 'Résumés/日本語 note.md'],
    ['.github/workflows', '.github/workflows'],
    ['.trashcan/x.md', '.trashcan/x.md'],
  ])('accepts %j as %j', (input, out) => {
    expect(checkVaultPath(input, opts)).toEqual({ ok: true, path: out });
  });

  it.each([
    ['', 'the path is empty'],
    ['/etc/passwd', 'absolute paths are not allowed'],
    ['C:/Users/x.md', 'absolute paths are not allowed'],
    ['~/x.md', 'absolute paths are not allowed'],
    ['a/../../x.md', '".." segments are not allowed'],
    ['./x.md', '"." segments are not allowed'],
    ['a\u0000b.md', 'NUL or control character'],
    ['a\nb.md', 'NUL or control character'],
    ['a\\b.md', 'backslashes are not allowed'],
    ['What?.md', 'character Obsidian cannot use'],
    ['x/a:b.md', 'character Obsidian cannot use'],
    ['Notes/a*b.png', 'character Obsidian cannot use'],
    ['Notes/C# tips.md', 'breaks links'],
    ['Notes/[draft].md', 'breaks links'],
    ['Notes/a^b.md', 'breaks links'],
    ['.obsidian/plugins/x/data.json', 'config folder (.obsidian) is protected'],
    ['.OBSIDIAN/app.json', 'config folder (.obsidian) is protected'],
    ['.obsidian', 'config folder (.obsidian) is protected'],
    ['.trash/old.md', '.trash folder is protected'],
    ['a/ /b.md', 'a path segment is blank'],
  ])('refuses %j: %s', (input, reason) => {
    const r = checkVaultPath(input, opts);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });

  it('allows link characters in folder names and attachments, only notes are strict', () => {
    expect(checkVaultPath('C# notes/intro.md', opts).ok).toBe(true);
    expect(checkVaultPath('img/[1].png', opts).ok).toBe(true);
  });

  it('honours a renamed config folder', () => {
    expect(checkVaultPath('.config/app.json', { configDir: '.config' }).ok).toBe(false);
    expect(checkVaultPath('.obsidian/app.json', { configDir: '.config' }).ok).toBe(true);
  });

  it('throws a clear UnsafePathError', () => {
    expect(() => assertSafeVaultPath('../x.md', opts)).toThrow(UnsafePathError);
    expect(() => assertSafeVaultPath('../x.md', opts)).toThrow('refused path "../x.md": ".." segments are not allowed');
  });

  it('knows protected paths and extensions', () => {
    expect(isProtectedPath('.obsidian/plugins/reeve/journal.log', opts)).toBe(true);
    expect(isProtectedPath('Notes/.obsidian.md', opts)).toBe(false);
    expect(extOf('a/b.tar.GZ')).toBe('gz');
    expect(extOf('a/.eslintrc')).toBe('');
    expect(normalizeVaultPath('/')).toBe('/');
  });

  it('isMarkdownPath answers as extOf(path) === "md"', () => {
    const names = ['a.md', 'a.MD', 'a.mD', 'A/b.Md', '.md', 'x/.md', 'x/..md', 'md', 'amd', 'a.md.txt', 'a.mdx', 'a.m', 'é.md', 'a/b', '', '.', 'a.', 'a.\u216Fd', 'a.\u212Ad', 'a.nd', 'a.ld', 'a.-d', 'a.m$', 'a/b.md/c'];
    for (const name of names) expect([name, isMarkdownPath(name)]).toEqual([name, extOf(name) === 'md']);
  });
});
