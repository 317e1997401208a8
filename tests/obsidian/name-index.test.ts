// @vitest-environment happy-dom
// The witness looks files up by name so that vaults of thousands of notes are practical; these
// lookups must give the answers of the plain ones that look at every file (and, for renames, read
// every note). Compared on small random vaults, through adds, removes, renames and folder moves.
import './dom';
import { App } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { makeVaultFaithful } from './faithful-vault';
import { FileNameIndex, linktextFor, resolveLinkpath, scannedFileNames } from './witness/link-paths';

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const FOLDERS = ['', 'A/', 'B/', 'A/C/', 'AB/'];
const NAMES = ['Note', 'note', 'Other', 'img.png', 'Note.v2'];

describe('the witness\'s name-indexed lookups', () => {
  it('resolve links and write link text as a look at every file does', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rnd = random(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const file = (): string => `${pick(FOLDERS)}${pick(NAMES)}${pick(NAMES).includes('.') ? '' : '.md'}`;
      const files = new Set<string>();
      const index = new FileNameIndex();
      for (let step = 0; step < 60; step++) {
        const f = file();
        if (files.has(f)) {
          files.delete(f);
          index.remove(f);
        } else {
          files.add(f);
          index.add(f);
        }
        const list = [...files];
        const plain = scannedFileNames(list);
        for (let q = 0; q < 10; q++) {
          const source = list.length > 0 ? pick(list) : 'x.md';
          const link = pick(['', './', '../', '/', 'A/', 'C/', 'B/']) + pick(NAMES);
          expect(resolveLinkpath(index, link, source), `${link} from ${source}, seed ${seed}`).toBe(resolveLinkpath(plain, link, source));
          const target = list.length > 0 ? pick(list) : 'x.md';
          for (const format of ['shortest', 'relative', 'absolute'] as const) expect(linktextFor(index, target, source, format, true)).toBe(linktextFor(plain, target, source, format, true));
        }
      }
    }
  });

  it('renameFile rewrites the same links whether it reads every note or only the notes naming what moves', async () => {
    for (const seed of [1, 2, 3]) {
      const rnd = random(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const link = (): string => pick(['[[Note]]', '[[A/Note]]', '[[Other|o]]', '![[img.png]]', '[m](../Other.md)', '[[Note#H]]', '[[#Self]]']);
      const files: Record<string, string> = {};
      for (let i = 0; i < 12; i++) files[`${pick(FOLDERS)}${pick(['Note', 'Other', 'Page'])} ${i % 4}.md`] = `${link()} ${link()}\n${link()}`;
      files['A/Note.md'] = link();
      files['Other.md'] = link();
      files['img.png'] = 'png';
      const apps = [false, true].map((everyNote) => {
        const app = App.createConfigured__({ files });
        makeVaultFaithful(app, { renameReadsEveryNote: everyNote });
        return app;
      });
      let rewrites = 0;
      (apps[0] as App).vault.on('modify', () => rewrites++);
      const texts = async (app: App): Promise<Record<string, string>> => Object.fromEntries(await Promise.all(app.vault.getFiles().map(async (f) => [f.path, await app.vault.read(f)] as const)));
      for (let step = 0; step < 12; step++) {
        const paths = Object.keys(await texts(apps[0] as App)).sort();
        const from = rnd() < 0.2 ? pick(['A', 'B', 'A/C']) : pick(paths);
        const to = `${pick(['Z/', 'B/', ''])}${pick(['Note', 'Other', 'Moved'])}${from.includes('.') ? from.slice(from.lastIndexOf('.')) : ''}`;
        for (const app of apps) {
          const f = app.vault.getAbstractFileByPath(from);
          if (f && !app.vault.getAbstractFileByPath(to)) await app.fileManager.renameFile(f, to);
          await new Promise((r) => setTimeout(r, 1));
        }
        expect(await texts(apps[0] as App), `rename ${from} -> ${to}, seed ${seed}`).toEqual(await texts(apps[1] as App));
      }
      expect(rewrites, `seed ${seed}`).toBeGreaterThan(0);
    }
  });
});
