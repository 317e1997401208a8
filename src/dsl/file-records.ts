// FileRecords for rules, built from what a VaultPort already knows: the listing (paths and stat),
// note metadata (tags, frontmatter), the link graph (links, backlinks). No file is read here;
// `readContent` reads a note only if a rule asks for `file.content`. Text is compared in NFC.

import type { FileRecord } from '../vault-vfs/file-record';
import { frontmatterStrings } from '../vault-vfs/markdown/frontmatter';
import { extOf, nameOf, parentOf } from '../vault-vfs/path-safety';
import type { VaultFileEntry, VaultPort } from '../vault-vfs/vault-port';
import { mimeTypeOf } from './mime-types';

/** True when `path` is `folder` or inside it ('' is the whole vault). */
export function isInFolder(path: string, folder: string): boolean {
  return folder === '' || path === folder || path.startsWith(folder + '/');
}

/** Inline tags and frontmatter `tags`/`tag`, without `#`, first spelling kept, no duplicates. */
function tagsOf(port: VaultPort, path: string, frontmatter: Record<string, unknown> | null): string[] {
  const meta = port.metadata(path);
  const all = [...frontmatterStrings(frontmatter, /^tags?$/iu, /[,\s]+/u), ...(meta?.tags.map((t) => t.tag) ?? [])];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of all) {
    const tag = raw.replace(/^#/u, '');
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export function recordFromEntry(port: VaultPort, entry: VaultFileEntry): FileRecord {
  const path = entry.path;
  const ext = extOf(path);
  const fileName = nameOf(path);
  const meta = ext === 'md' ? port.metadata(path) : null;
  const frontmatter = meta?.frontmatter ?? null;
  const resolved = Object.keys(port.resolvedLinks()[path] ?? {});
  const unresolved = Object.keys(port.unresolvedLinks()[path] ?? {});
  const record: FileRecord = {
    path,
    // Name and folder as rules compare them, in NFC as rule literals are (a decomposed name matches
    // either spelling); the path stays as the disk spells it: what a rule acts on is that file.
    name: (ext === '' ? fileName : fileName.slice(0, fileName.length - ext.length - 1)).normalize('NFC'),
    ext,
    folder: parentOf(path).normalize('NFC'),
    size: entry.stat.size,
    ctime: entry.stat.ctime,
    mtime: entry.stat.mtime,
    mimeType: mimeTypeOf(ext),
    isHidden: path.split('/').some((segment) => segment.startsWith('.')),
    tags: ext === 'md' ? tagsOf(port, path, frontmatter) : [],
    links: [...resolved, ...unresolved],
    backlinks: port.backlinks(path),
    frontmatter,
  };
  // In NFC, as paths and rule literals are: decomposed accents in a note still match.
  if (ext === 'md') record.readContent = async () => (await port.read(path)).normalize('NFC');
  return record;
}

/** Records for every file in `folder` and its subfolders (the whole vault when omitted), by path. */
export async function recordsFromVault(port: VaultPort, folder = ''): Promise<FileRecord[]> {
  const entries = await port.list();
  return entries
    .filter((e): e is VaultFileEntry => e.kind === 'file' && isInFolder(e.path, folder))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((e) => recordFromEntry(port, e));
}
