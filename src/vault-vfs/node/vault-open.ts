// Opening a vault folder for the Node adapter: walk it, take every note's metadata (and its links'
// targets) from the metadata cache where the note is unchanged, read and parse the others, and
// build the vault index from all of it (see metadata-cache.ts for when a cached note holds).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseMarkdown } from '../markdown/parse-markdown';
import type { NoteMetadata } from '../metadata-types';
import { isMarkdownPath } from '../path-safety';
import { VaultIndex } from '../vault-index';
import type { NewLinkFormat } from '../vault-port';
import { type MetadataCacheReport, MetadataCache } from './metadata-cache';
import { NodeStateStore } from './node-state-store';
import { noteText, readTextOrNull } from './note-text';
import { nodeSlicer, readInSlices } from './read-in-slices';
import { type ScannedFile, type Unreadable, VaultFs, statOrNull } from './vault-fs';
import { stateFolder } from '../state-folder';

export interface NodeVaultOptions {
  /** Defaults to `.obsidian`. */
  configDir?: string;
  /** Defaults to the vault's own `newLinkFormat` in `<configDir>/app.json`, else `shortest`. */
  newLinkFormat?: NewLinkFormat;
  /** Keep and use the metadata cache in the plugin folder (default true). */
  metadataCache?: boolean;
}

export interface OpenedVault {
  disk: VaultFs;
  configDir: string;
  format: NewLinkFormat;
  index: VaultIndex;
  state: NodeStateStore;
  /** What the open took from the metadata cache and whether it saved it (null: cache disabled). */
  report: MetadataCacheReport | null;
  /** Files and folders left out because they may not be read (see VaultFs.scan). */
  unreadable: Unreadable[];
}

async function readLinkFormat(root: string, configDir: string): Promise<NewLinkFormat> {
  try {
    const app = JSON.parse(await fs.readFile(path.join(root, configDir, 'app.json'), 'utf8')) as { newLinkFormat?: unknown };
    if (app.newLinkFormat === 'relative' || app.newLinkFormat === 'absolute') return app.newLinkFormat;
  } catch {
    /* no app.json, or unreadable: Obsidian's default applies */
  }
  return 'shortest';
}

export async function openVaultFolder(root: string, opts: NodeVaultOptions): Promise<OpenedVault> {
  const disk = await VaultFs.open(root);
  const configDir = opts.configDir ?? '.obsidian';
  const format = opts.newLinkFormat ?? (await readLinkFormat(disk.root, configDir));
  const index = new VaultIndex(format);
  const state = new NodeStateStore(path.join(disk.root, ...stateFolder(configDir).split('/')));
  const openedAt = Date.now();
  const scan = await disk.scan(configDir);
  const cache = opts.metadataCache === false ? MetadataCache.empty('disabled', openedAt) : await MetadataCache.load(state, openedAt);
  for (const folder of scan.folders) index.addFolder(folder);
  /** Numbers of the notes to read (their place in the scan). */
  const toRead: number[] = [];
  const slicer = nodeSlicer();
  const reparse = (p: string): NoteMetadata => parseMarkdown(readTextOrNull(disk.abs(p)) ?? '');
  // Every file is known before any note is added: a cached note's links come resolved among them.
  index.beginLoad();
  // Files are numbered in the order of the scan: the cache finds an unchanged note's record by its number.
  cache.setFiles(
    scan.files.map((f) => f.path),
    reparse,
  );
  for (let k = 0; k < scan.files.length; k++) {
    const f = scan.files[k] as ScannedFile;
    if (!isMarkdownPath(f.path)) index.setFile(f.path, f.stat, null);
    else {
      const cached = cache.reuse(k, f.path, f.stat.size, f.stat.mtime, f.changed);
      // Its links come with their cached targets where those hold (made when first read), else the index resolves them.
      if (cached) index.setFile(f.path, f.stat, null, cached, cached.linksHold ? 'from-metadata' : undefined);
      else toRead.push(k);
    }
    if (slicer.due) await slicer.checkpoint();
  }
  await readInSlices(
    toRead.map((k) => disk.abs((scan.files[k] as ScannedFile).path)),
    (i, bytes) => {
      const k = toRead[i] ?? -1;
      const f = scan.files[k];
      if (!f || !bytes) return;
      const text = noteText(bytes);
      // The index keeps the cache's record of the note, not the parsed objects (see MetadataCache.add).
      const kept = cache.add(k, f.path, { size: f.stat.size, mtime: f.stat.mtime, changed: f.changed }, parseMarkdown(text));
      index.setFile(f.path, f.stat, null, kept);
    },
    undefined,
    (i) => {
      const f = scan.files[toRead[i] ?? -1];
      if (f) scan.unreadable.push({ path: f.path, kind: 'file' });
    },
  );
  index.endLoad();
  if (opts.metadataCache === false) cache.settleFresh();
  const report = opts.metadataCache === false ? null : await cache.save(state, statOrNull(state.root)?.isDirectory() ?? false, (p) => index.linkTargets(p));
  return { disk, configDir, format, index, state, report, unreadable: scan.unreadable };
}
