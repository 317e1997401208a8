// @vitest-environment happy-dom
// The Obsidian adapter's link questions on the test runtime's faithful vault: backlinks and the
// notes naming a file come from indexes kept by the metadata cache's and the vault's events, and
// give the answers a scan of the whole cache gives, after every kind of write; asking for every
// note's backlinks reads the cache's `resolvedLinks` once, not once per note; and a move reads the
// metadata of the notes whose links name what moves, not of every note.
import '../obsidian/dom';
import { App } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { forEachLinkpath } from '../../src/vault-vfs/link-watchers';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { makeVaultFaithful } from '../obsidian/faithful-vault';

function vaultOf(files: Record<string, string>): { app: App; port: ObsidianVault } {
  const app = App.createConfigured__({ files });
  makeVaultFaithful(app);
  return { app, port: new ObsidianVault(app as never) };
}

/** The linear answers, straight from the cache. */
function scannedBacklinks(app: App, path: string): string[] {
  return Object.entries(app.metadataCache.resolvedLinks)
    .filter(([, targets]) => (targets[path] ?? 0) > 0)
    .map(([source]) => source)
    .sort();
}

function scannedNaming(port: ObsidianVault, app: App, names: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const f of app.vault.getMarkdownFiles()) {
    const meta = port.metadata(f.path);
    if (!meta) continue;
    let hit = false;
    forEachLinkpath(meta, (linkpath) => {
      const last = linkpath.slice(linkpath.lastIndexOf('/') + 1).toLowerCase();
      if (names.has(last) || names.has(`${last}.md`)) hit = true;
    });
    if (hit) out.push(f.path);
  }
  return out.sort();
}

/** A small deterministic random source, so a failure can be run again. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('the Obsidian adapter\'s link indexes', () => {
  it('answer as a scan of the cache does, after creates, edits, renames, folder moves and trash', async () => {
    for (const seed of [1, 2, 3]) {
      const rnd = random(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'];
      const link = (): string => pick([`[[${pick(names)}]]`, `[[A/${pick(names)}]]`, `![[${pick(names)}.md]]`, `[x](B/${pick(names)}.md)`]);
      const { app, port } = vaultOf({ 'A/Alpha.md': `${link()} ${link()}`, 'B/Beta.md': link(), 'Gamma.md': `${link()}\n${link()}` });
      // Ask first, so the indexes exist and must follow what happens next.
      port.backlinks('A/Alpha.md');
      port.notesLinkingToNames(new Set(['alpha.md']));
      for (let step = 0; step < 25; step++) {
        const notes = app.vault.getMarkdownFiles().map((f) => f.path);
        const op = rnd();
        if (op < 0.3 || notes.length < 2) await port.create(`${pick(['', 'A/', 'B/'])}${pick(names)} ${step}.md`, `${link()} ${link()}`).catch(() => undefined);
        else if (op < 0.55) await port.process(pick(notes), (t) => `${t}\n${link()}`);
        else if (op < 0.75) await port.rename(pick(notes), `${pick(['', 'A/', 'B/', 'C/'])}${pick(names)}.md`).catch(() => undefined);
        else if (op < 0.85 && app.vault.getFolderByPath('B')) await port.rename('B', pick(['C', 'D/B'])).catch(() => undefined);
        else await port.trash(pick(notes));
        for (const f of app.vault.getFiles()) expect(port.backlinks(f.path), `${f.path} at step ${step}, seed ${seed}`).toEqual(scannedBacklinks(app, f.path));
        const asked = new Set([`${pick(names).toLowerCase()}.md`, pick(names).toLowerCase()]);
        expect([...port.notesLinkingToNames(asked)].sort(), `${[...asked].join()} at step ${step}, seed ${seed}`).toEqual(scannedNaming(port, app, asked));
      }
    }
  });

  it('every note\'s backlinks read resolvedLinks once, not once per note', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`n${i}.md`] = `[[n${(i + 1) % 50}]]`;
    const { app, port } = vaultOf(files);
    const cache = app.metadataCache as unknown as Record<string, unknown>;
    const real = Object.getOwnPropertyDescriptor(cache, 'resolvedLinks')?.get;
    let reads = 0;
    Object.defineProperty(cache, 'resolvedLinks', { configurable: true, get: (): unknown => (reads++, real?.call(cache) as unknown) });
    for (let i = 0; i < 50; i++) expect(port.backlinks(`n${i}.md`)).toEqual([`n${(i + 49) % 50}.md`]);
    expect(reads).toBe(1);
  });

  it('a move reads the metadata of the notes that name the moved file, not every note', async () => {
    const files: Record<string, string> = { 'Target.md': '# T', 'Linker.md': '[[Target]]' };
    for (let i = 0; i < 100; i++) files[`Other/n${i}.md`] = `[[n${(i + 1) % 100}]]`;
    const { app, port } = vaultOf(files);
    // Asked once before, as the journal does for each move (the index is built on the first question).
    port.notesLinkingToNames?.(new Set(['target.md']));
    const read = new Set<string>();
    const getCache = app.metadataCache.getCache.bind(app.metadataCache);
    app.metadataCache.getCache = (p: string) => (read.add(p), getCache(p));
    await port.rename('Target.md', 'Moved/Target.md');
    expect(port.backlinks('Moved/Target.md')).toEqual(['Linker.md']);
    expect([...read].filter((p) => p.startsWith('Other/'))).toEqual([]);
  });
});

describe('the Obsidian adapter on a vault that changes', () => {
  it('keeps backlinks from the rows the cache resolves again after a move, not a new scan of every row', async () => {
    const files: Record<string, string> = { 'Target.md': '# T', 'Linker.md': '[[Target]]' };
    for (let i = 0; i < 100; i++) files[`Other/n${i}.md`] = `[[n${(i + 1) % 100}]]`;
    const { app, port } = vaultOf(files);
    expect(port.backlinks('Target.md')).toEqual(['Linker.md']);
    await port.rename('Target.md', 'Moved/Target.md');
    // Count the rows of resolvedLinks read from here on.
    const cache = app.metadataCache as unknown as Record<string, unknown>;
    const real = Object.getOwnPropertyDescriptor(cache, 'resolvedLinks')?.get;
    let rows = 0;
    const counted = new Proxy(real?.call(cache) as Record<string, unknown>, { get: (t, k) => (rows++, t[k as string]), ownKeys: (t) => (rows += Object.keys(t).length, Reflect.ownKeys(t)) });
    Object.defineProperty(cache, 'resolvedLinks', { configurable: true, get: () => counted });
    await port.rename('Moved/Target.md', 'Elsewhere/Target.md');
    expect(port.backlinks('Elsewhere/Target.md')).toEqual(['Linker.md']);
    expect(port.backlinks('Other/n1.md')).toEqual(['Other/n0.md']);
    expect(rows).toBeLessThan(20);
  });

  it('moves a file without listing the vault\'s files', async () => {
    const files: Record<string, string> = { 'Target.md': '# T', 'Linker.md': '[[Target]]' };
    for (let i = 0; i < 100; i++) files[`Other/n${i}.md`] = `[[n${(i + 1) % 100}]]`;
    const { app, port } = vaultOf(files);
    port.notesLinkingToNames?.(new Set(['target.md']));
    await port.rename('Other/n5.md', 'Other/n5 first.md');
    const vault = app.vault as App['vault'] & { getFiles(): unknown[] };
    let listed = 0;
    const getFiles = vault.getFiles.bind(vault);
    vault.getFiles = () => (listed++, getFiles());
    await port.rename('Target.md', 'Moved/Target.md');
    expect(await port.read('Linker.md')).toBe('[[Target]]');
    expect(port.backlinks('Moved/Target.md')).toEqual(['Linker.md']);
    expect(listed).toBe(0);
  });
});

describe('a note whose name the disk gives decomposed (NFD)', () => {
  it('is read, written and renamed by the path Obsidian lists', async () => {
    const nfd = 'Cafe\u0301.md';
    const { port } = vaultOf({ [nfd]: 'menu', 'Home.md': '[[Cafe\u0301]]' });
    const listed = (await port.list()).find((e) => e.path.normalize('NFC') === 'Café.md')?.path;
    expect(listed).toBe(nfd);
    expect(await port.read(nfd)).toBe('menu');
    await port.process(nfd, (t) => `${t}!`);
    expect(await port.read(nfd)).toBe('menu!');
    await port.rename(nfd, 'Places/Café.md');
    expect(await port.read('Places/Café.md')).toBe('menu!');
  });
});
