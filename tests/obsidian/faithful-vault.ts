// Makes a mock App's vault side faithful to Obsidian: its MetadataCache runs on Steward's markdown
// parser and link resolution (the shared VaultIndex), with `changed` and `resolved` events;
// FileManager.renameFile rewrites links in other notes after a rename, as Obsidian does with
// "Automatically update internal links" on; trashFile moves to `.trash` (the "Obsidian trash"
// setting), and folder creation and rename keep the tree consistent.
import type { CachedMetadata } from 'obsidian';
import { type App, type TAbstractFile, TFile, TFolder } from 'obsidian-test-mocks/obsidian';
import { VaultIndex } from '../../src/vault-vfs/vault-index';
import type { NewLinkFormat } from '../../src/vault-vfs/vault-port';

type MockVault = App['vault'] & { readSync__(file: TFile): string; getConfig__(key: string): unknown; deleteVaultAbstractFile__(path: string): void };

function statOf(file: TFile): { size: number; ctime: number; mtime: number } {
  return { size: file.stat.size, ctime: file.stat.ctime, mtime: file.stat.mtime };
}

function asCached(meta: ReturnType<VaultIndex['metadata']>): CachedMetadata | null {
  if (!meta) return null;
  const cache: CachedMetadata = { links: meta.links, embeds: meta.embeds, headings: meta.headings, tags: meta.tags, sections: meta.sections, blocks: meta.blocks };
  if (meta.frontmatter) cache.frontmatter = meta.frontmatter;
  if (meta.frontmatterPosition) cache.frontmatterPosition = meta.frontmatterPosition;
  if (meta.frontmatterLinks.length > 0) cache.frontmatterLinks = meta.frontmatterLinks;
  return cache;
}

/**
 * Obsidian reads any file as bytes; the mocks' in-memory adapter keeps text files apart and
 * refuses readBinary on them. The journal hashes moved files as bytes, so answer as Obsidian does.
 */
function readAnyFileAsBytes(app: App): void {
  const adapter = app.vault.adapter;
  const readBinary = adapter.readBinary.bind(adapter);
  adapter.readBinary = async (p: string): Promise<ArrayBuffer> => {
    try {
      return await readBinary(p);
    } catch (e) {
      if (!(await adapter.exists(p))) throw e;
      const bytes = new TextEncoder().encode(await adapter.read(p));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    }
  };
}

export function makeVaultFaithful(app: App): VaultIndex {
  readAnyFileAsBytes(app);
  const vault = app.vault as MockVault;
  const cache = app.metadataCache;
  const format = (vault.getConfig__('newLinkFormat') as NewLinkFormat | undefined) ?? 'shortest';
  const index = new VaultIndex(format);
  const textOf = (f: TFile): string | null => (f.extension === 'md' ? vault.readSync__(f) : null);
  for (const f of vault.getAllLoadedFiles()) {
    if (f instanceof TFolder && !f.isRoot()) index.addFolder(f.path);
    else if (f instanceof TFile) index.setFile(f.path, statOf(f), textOf(f));
  }

  // The mock's own parser would overwrite the link maps: Steward's index answers instead.
  const mc = cache as unknown as Record<string, unknown>;
  mc.parseFileMetadata = () => undefined;
  mc.updateLinks = () => undefined;
  Object.defineProperty(cache, 'resolvedLinks', { get: () => index.resolvedLinks(), configurable: true });
  Object.defineProperty(cache, 'unresolvedLinks', { get: () => index.unresolvedLinks(), configurable: true });
  cache.getCache = (path: string) => asCached(index.metadata(path));
  cache.getFileCache = (file: TFile) => asCached(index.metadata(file.path));
  cache.getFirstLinkpathDest = (linkpath: string, sourcePath: string) => {
    const target = index.resolveLink(linkpath, sourcePath);
    return target ? vault.getFileByPath(target) : null;
  };

  const announce = (file: TFile): void => {
    if (file.extension !== 'md') return;
    cache.trigger('changed', file, vault.readSync__(file), asCached(index.metadata(file.path)));
    cache.trigger('resolved');
  };
  vault.on('create', (...data: unknown[]) => {
    const f = data[0] as TAbstractFile;
    if (f instanceof TFolder) index.addFolder(f.path);
    else if (f instanceof TFile) {
      index.setFile(f.path, statOf(f), textOf(f));
      announce(f);
    }
  });
  vault.on('modify', (...data: unknown[]) => {
    const f = data[0] as TAbstractFile;
    if (!(f instanceof TFile)) return;
    index.setFile(f.path, statOf(f), textOf(f));
    announce(f);
  });
  vault.on('delete', (...data: unknown[]) => {
    const f = data[0] as TAbstractFile;
    index.removePath(f.path);
    cache.trigger('resolved');
  });
  vault.on('rename', (...data: unknown[]) => {
    const [f, oldPath] = data as [TAbstractFile, string];
    for (const note of index.renamePath(oldPath, f.path)) {
      const file = vault.getFileByPath(note);
      if (file) index.setFile(note, statOf(file), textOf(file));
    }
    cache.trigger('resolved');
  });

  app.fileManager.renameFile = async (file: TAbstractFile, newPath: string): Promise<void> => {
    const rewrites = await index.planRename(file.path, newPath, (p) => vault.adapter.read(p));
    await vault.rename(file, newPath);
    for (const [note, { text }] of rewrites) {
      const target = vault.getFileByPath(note);
      if (target) await vault.modify(target, text);
    }
  };
  app.fileManager.trashFile = async (file: TAbstractFile): Promise<void> => {
    let target = `.trash/${file.name}`;
    for (let n = 2; await vault.adapter.exists(target); n++) target = `.trash/${file instanceof TFile ? `${file.basename} ${n}.${file.extension}` : `${file.name} ${n}`}`;
    if (!(await vault.adapter.exists('.trash'))) await vault.adapter.mkdir('.trash');
    await vault.adapter.rename(file.path, target);
    vault.deleteVaultAbstractFile__(file.path);
    vault.trigger('delete', file);
  };
  return index;
}
