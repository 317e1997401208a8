import { afterEach, describe, expect, it } from 'vitest';
import { recordsFromVault } from '../../src/dsl/file-records';
import { mimeTypeOf } from '../../src/dsl/mime-types';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
  tv = undefined;
});

describe('recordsFromVault (on NodeVault)', () => {
  it('builds records from the listing, metadata and link graph', async () => {
    tv = await makeTempVault({
      'Inbox/Note.md': '---\ntags: [Work, "#todo"]\nstatus: open\n---\nSee [[Target]] and [[Nowhere]]. #work #Extra\n',
      'Target.md': 'target',
      'Inbox/Scan.PDF': '%PDF',
      'Inbox/sub/archive.tar.gz': 'x',
      'Inbox2/other.md': 'outside',
      '.env': 'SECRET=1',
      'README': 'no extension',
    });
    const vault = await NodeVault.open(tv.dir);
    const all = await recordsFromVault(vault);
    expect(all.map((r) => r.path)).toEqual(['.env', 'Inbox/Note.md', 'Inbox/Scan.PDF', 'Inbox/sub/archive.tar.gz', 'Inbox2/other.md', 'README', 'Target.md']);

    const byPath = new Map(all.map((r) => [r.path, r]));
    const note = byPath.get('Inbox/Note.md');
    expect(note).toMatchObject({
      name: 'Note',
      ext: 'md',
      folder: 'Inbox',
      mimeType: 'text/markdown',
      isHidden: false,
      tags: ['Work', 'todo', 'Extra'],
      links: ['Target.md', 'Nowhere'],
      backlinks: [],
      frontmatter: { tags: ['Work', '#todo'], status: 'open' },
    });
    expect(note?.size).toBe(Buffer.byteLength('---\ntags: [Work, "#todo"]\nstatus: open\n---\nSee [[Target]] and [[Nowhere]]. #work #Extra\n'));
    expect(note?.mtime).toBeGreaterThan(0);
    expect(await note?.readContent?.()).toContain('See [[Target]]');
    expect(byPath.get('Target.md')?.backlinks).toEqual(['Inbox/Note.md']);

    expect(byPath.get('Inbox/Scan.PDF')).toMatchObject({ name: 'Scan', ext: 'pdf', mimeType: 'application/pdf', frontmatter: null, tags: [] });
    expect(byPath.get('Inbox/Scan.PDF')?.readContent).toBeUndefined();
    expect(byPath.get('Inbox/sub/archive.tar.gz')).toMatchObject({ name: 'archive.tar', ext: 'gz', folder: 'Inbox/sub', mimeType: 'application/gzip' });
    expect(byPath.get('.env')).toMatchObject({ name: '.env', ext: '', isHidden: true, mimeType: 'application/octet-stream' });
    expect(byPath.get('README')).toMatchObject({ name: 'README', ext: '', folder: '' });
  });

  it('limits records to a folder and its subfolders', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': 'a', 'Inbox/sub/b.md': 'b', 'Inbox2/c.md': 'c', 'd.md': 'd' });
    const vault = await NodeVault.open(tv.dir);
    expect((await recordsFromVault(vault, 'Inbox')).map((r) => r.path)).toEqual(['Inbox/a.md', 'Inbox/sub/b.md']);
  });
});

describe('mimeTypeOf', () => {
  it('knows common vault files and falls back to octet-stream', () => {
    expect(mimeTypeOf('md')).toBe('text/markdown');
    expect(mimeTypeOf('jpeg')).toBe('image/jpeg');
    expect(mimeTypeOf('canvas')).toBe('application/json');
    expect(mimeTypeOf('weird')).toBe('application/octet-stream');
  });
});
