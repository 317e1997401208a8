// @vitest-environment happy-dom
// The runtime looks files up by name so that vaults of thousands of notes are practical; these
// lookups must give the answers of the plain ones that look at every file (the witness's link
// resolution and the mocks' own getFirstLinkpathDest), resolve on each index pass only the notes
// whose links may have changed (against resolving every note), and, for renames, read only the
// notes naming what moves (against reading every note). Compared on small random vaults, through
// creates, edits, deletes, renames and folder moves.
import './dom';
import { App, type TAbstractFile, type TFile } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { cacheSettled, makeVaultFaithful } from './faithful-vault';
import { scannedFirstLinkpathDest } from './mock-name-lookup';
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

  it('the mocks\' own getFirstLinkpathDest finds the file a look at every file finds', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const rnd = random(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const app = App.createConfigured__({ files: { 'Note.md': '[[Other]]', 'A/Note.md': '', 'B/Other.md': '[[Note]]', '12': 'digits' } });
      const vault = app.vault as App['vault'] & { getFiles(): TFile[] };
      for (let step = 0; step < 40; step++) {
        const files = vault.getFiles();
        const r = rnd();
        const name = `${pick(FOLDERS)}${pick(NAMES)}${rnd() < 0.5 ? '.md' : ''}`;
        if (r < 0.4 && !vault.getAbstractFileByPath(name)) {
          if (name.includes('/') && !vault.getAbstractFileByPath(name.slice(0, name.lastIndexOf('/')))) await vault.createFolder(name.slice(0, name.lastIndexOf('/')));
          await vault.create(name, `[[${pick(NAMES)}]]`);
        } else if (r < 0.7 && files.length > 0 && !vault.getAbstractFileByPath(name) && (!name.includes('/') || vault.getAbstractFileByPath(name.slice(0, name.lastIndexOf('/'))))) {
          await vault.rename(pick(files), name);
        } else if (r < 0.8 && vault.getAbstractFileByPath('A') && !vault.getAbstractFileByPath('Z')) {
          await vault.rename(vault.getAbstractFileByPath('A') as TAbstractFile, 'Z');
        } else if (r < 0.85 && vault.getAbstractFileByPath('Z') && !vault.getAbstractFileByPath('A')) {
          await vault.rename(vault.getAbstractFileByPath('Z') as TAbstractFile, 'A');
        } else if (files.length > 0) await vault.delete(pick(files));
        for (const link of ['Note', 'note', 'Other', 'Note.md', 'img.png', 'img', 'Note.v2', 'Note.v2.md', '12', 'A/Note', 'Z/Other']) {
          expect(app.metadataCache.getFirstLinkpathDest(link, '')?.path ?? null, `${link}, step ${step}, seed ${seed}`).toBe(scannedFirstLinkpathDest(vault, link)?.path ?? null);
        }
      }
    }
  });

  it('an index pass resolves the notes whose links may have changed to what resolving every note gives', async () => {
    const sorted = (links: Record<string, Record<string, number>>): [string, [string, number][]][] =>
      Object.entries(links)
        .map(([k, v]): [string, [string, number][]] => [k, Object.entries(v).sort()])
        .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    for (const seed of [1, 2, 3, 4]) {
      const rnd = random(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const link = (): string => pick(['[[Note]]', '[[A/Note]]', '[[Other|o]]', '![[img.png]]', '[m](../Other.md)', '[[Note#H]]', '[[#Self]]', '[[C/Note]]', '[x](./Note.md)']);
      const files: Record<string, string> = {};
      for (let i = 0; i < 10; i++) files[`${pick(FOLDERS)}${pick(['Note', 'Other', 'Page'])} ${i % 3}.md`] = `${link()} ${link()}`;
      files['A/C/Note.md'] = link();
      const apps = [false, true].map((every) => {
        const app = App.createConfigured__({ files });
        makeVaultFaithful(app, { resolveEveryNote: every, alwaysUpdateLinks: false });
        return app;
      });
      for (let step = 0; step < 25; step++) {
        const paths = (apps[0] as App).vault.getFiles().map((f) => f.path).sort();
        const r = rnd();
        const target = `${pick(FOLDERS)}${pick(NAMES)}${rnd() < 0.7 ? '.md' : ''}`;
        const from = pick(paths);
        const folder = pick(['A', 'B', 'A/C', 'AB']);
        const created = `${link()}\n${link()}`;
        const edited = `${link()} ${link()}`;
        for (const app of apps) {
          const v = app.vault;
          const free = !v.getAbstractFileByPath(target);
          const note = v.getFileByPath(from);
          const parent = target.includes('/') ? target.slice(0, target.lastIndexOf('/')) : '';
          if (free && parent !== '' && !v.getAbstractFileByPath(parent)) await v.createFolder(parent);
          if (r < 0.3 && free) await v.create(target, created);
          else if (r < 0.5 && note) await v.modify(note, edited);
          else if (r < 0.75 && from && free) await v.rename(v.getAbstractFileByPath(from) as TAbstractFile, target);
          else if (r < 0.85 && v.getAbstractFileByPath(folder) && !v.getAbstractFileByPath(`Moved ${step}`)) await v.rename(v.getAbstractFileByPath(folder) as TAbstractFile, `Moved ${step}`);
          else if (from) await app.fileManager.trashFile(v.getAbstractFileByPath(from) as TAbstractFile);
          await cacheSettled(app);
        }
        const [kept, every] = apps as [App, App];
        expect(sorted(kept.metadataCache.resolvedLinks), `step ${step}, seed ${seed}`).toEqual(sorted(every.metadataCache.resolvedLinks));
        expect(sorted(kept.metadataCache.unresolvedLinks), `step ${step}, seed ${seed}`).toEqual(sorted(every.metadataCache.unresolvedLinks));
      }
    }
  });
});
