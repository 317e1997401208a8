// Makes a mock App's vault side faithful to Obsidian, with the runtime's own witness of Obsidian's
// behaviour (tests/obsidian/witness/, which shares no code with Reeve's src/): the metadata
// cache indexes asynchronously (`changed`, then `resolved`), FileManager.renameFile updates links
// only when "Automatically update internal links" is on, trashFile moves to `.trash` (the
// "Obsidian trash" setting), any file reads as bytes, and append adds bytes (append-as-bytes.ts).
import { App, type TAbstractFile, TFile } from 'obsidian-test-mocks/obsidian';
import { installAppendAsBytes } from './append-as-bytes';
import type { LinkFormat } from './witness/link-paths';
import { installMockNameLookup } from './mock-name-lookup';
import { installVaultConfig } from './vault-config';
import { WitnessMetadataCache } from './witness/metadata-cache';
import { installWitnessRename } from './witness/rename-file';

// Vaults made after this module loads find the files a link names without looking at every file.
installMockNameLookup();

type MockVault = App['vault'] & { setConfig__(key: string, value: unknown): void; deleteVaultAbstractFile__(path: string): void };

export interface VaultSettings {
  /** "Automatically update internal links"; on unless a test says otherwise. */
  alwaysUpdateLinks?: boolean;
  newLinkFormat?: LinkFormat;
  /** Obsidian is still indexing when the vault opens: nothing is indexed until `finishFirstIndex__()` (witness/metadata-cache.ts). */
  deferFirstIndex?: boolean;
  /** Renames read every note, as the runtime did before it looked notes up by the names they link to. */
  renameReadsEveryNote?: boolean;
  /** Each index pass resolves every note, as the runtime did before it kept which notes may change. */
  resolveEveryNote?: boolean;
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

/**
 * And any file reads as text: Obsidian decodes a file's bytes as UTF-8 when a note is read
 * (`Vault.read`), however it was written; the mocks keep a file written as bytes (`createBinary`)
 * apart and refuse to read it as text.
 */
function readAnyFileAsText(app: App): void {
  const adapter = app.vault.adapter as App['vault']['adapter'] & { readSync__(p: string): string; binaryFiles?: Map<string, ArrayBuffer>; textFiles?: Map<string, string> };
  // A file is one thing: writing it as text or as bytes replaces what it held before.
  const write = adapter.write.bind(adapter);
  adapter.write = async (p, data, options) => {
    adapter.binaryFiles?.delete(p);
    return write(p, data, options);
  };
  const writeBinary = adapter.writeBinary.bind(adapter);
  adapter.writeBinary = async (p, data, options) => {
    adapter.textFiles?.delete(p);
    return writeBinary(p, data, options);
  };
  const bytesOf = (p: string): ArrayBuffer | undefined => adapter.binaryFiles?.get(p);
  // A file appended to is held in a resizable buffer (append-as-bytes.ts); browsers' TextDecoder
  // refuses those (WebIDL: no resizable buffer without [AllowResizable]; Node accepts it), so such a
  // file is decoded from a copy of its bytes.
  const decode = (b: ArrayBuffer): string => new TextDecoder().decode((b as { resizable?: boolean }).resizable ? b.slice(0) : b);
  const read = adapter.read.bind(adapter);
  adapter.read = async (p: string): Promise<string> => {
    const bytes = bytesOf(p);
    return bytes ? decode(bytes) : read(p);
  };
  const readSync = adapter.readSync__.bind(adapter);
  adapter.readSync__ = (p: string): string => {
    const bytes = bytesOf(p);
    return bytes ? decode(bytes) : readSync(p);
  };
}

function installObsidianTrash(app: App): void {
  const vault = app.vault as MockVault;
  app.fileManager.trashFile = async (file: TAbstractFile): Promise<void> => {
    let target = `.trash/${file.name}`;
    for (let n = 2; await vault.adapter.exists(target); n++) target = `.trash/${file instanceof TFile ? `${file.basename} ${n}.${file.extension}` : `${file.name} ${n}`}`;
    if (!(await vault.adapter.exists('.trash'))) await vault.adapter.mkdir('.trash');
    await vault.adapter.rename(file.path, target);
    vault.deleteVaultAbstractFile__(file.path);
    vault.trigger('delete', file);
  };
}

export function makeVaultFaithful(app: App, settings: VaultSettings = {}): WitnessMetadataCache {
  installVaultConfig();
  const vault = app.vault as MockVault;
  vault.setConfig__('alwaysUpdateLinks', settings.alwaysUpdateLinks ?? true);
  if (settings.newLinkFormat) vault.setConfig__('newLinkFormat', settings.newLinkFormat);
  readAnyFileAsBytes(app);
  readAnyFileAsText(app);
  installAppendAsBytes(app);
  const cache = new WitnessMetadataCache(app, { resolveEveryNote: settings.resolveEveryNote === true });
  cache.install({ deferFirstIndex: settings.deferFirstIndex === true });
  installWitnessRename(app, cache, { everyNote: settings.renameReadsEveryNote === true });
  installObsidianTrash(app);
  return cache;
}

/** Resolves after the metadata cache's next `resolved`: what code waiting for the index sees. */
export function cacheSettled(app: App): Promise<void> {
  return new Promise((resolve) => {
    const ref = app.metadataCache.on('resolved', () => {
      app.metadataCache.offref(ref);
      resolve();
    });
  });
}

/**
 * A mock App holding `files` (as App.createConfigured__ makes it) with a faithful vault. The mock's
 * own metadata cache is kept from parsing the files as they are made: the witness indexes them
 * once when it is installed, and answers for the cache from then on.
 */
export function faithfulApp(files: Record<string, string>, settings: VaultSettings = {}): { app: App; cache: WitnessMetadataCache } {
  const app = App.createConfigured__();
  const mc = app.metadataCache as unknown as Record<string, unknown>;
  mc.parseFileMetadata = () => undefined;
  const vault = app.vault as MockVault & { createFolderSync__(path: string): unknown; createSync__(path: string, data: string): unknown };
  const folders = new Set<string>();
  for (const p of Object.keys(files)) for (let i = p.indexOf('/'); i > 0; i = p.indexOf('/', i + 1)) folders.add(p.slice(0, i));
  for (const f of [...folders].sort()) vault.createFolderSync__(f);
  for (const [p, data] of Object.entries(files)) vault.createSync__(p, data);
  return { app, cache: makeVaultFaithful(app, settings) };
}
