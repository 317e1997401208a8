// A compact text of a folder tree for prompts: folders indented, files listed, large homogeneous
// runs collapsed ("… 412 more .png"), and the whole capped in size so a 100k-file vault still
// fits a context window.
import { extOf, nameOf, parentOf } from '../path-safety';
import type { VaultEntry } from '../vault-port';

export interface TreeTextOptions {
  /** Hard cap on the text; default 8,000 characters. */
  maxChars?: number;
  /** Files of one extension listed per folder before the rest are collapsed; default 5. */
  filesPerType?: number;
}

interface Folder {
  folders: string[];
  files: string[];
}

export function treeText(entries: readonly VaultEntry[], root = '', opts: TreeTextOptions = {}): string {
  const maxChars = opts.maxChars ?? 8000;
  const perType = opts.filesPerType ?? 5;
  const tree = new Map<string, Folder>();
  const folderOf = (p: string): Folder => {
    let f = tree.get(p);
    if (!f) tree.set(p, (f = { folders: [], files: [] }));
    return f;
  };
  const inRoot = (p: string): boolean => root === '' || p.startsWith(root + '/');
  for (const e of entries) {
    if (!inRoot(e.path)) continue;
    const parent = parentOf(e.path);
    if (e.kind === 'folder') {
      folderOf(parent).folders.push(e.path);
      folderOf(e.path);
    } else folderOf(parent).files.push(e.path);
  }
  const lines: string[] = [];
  let size = 0;
  let truncated = false;
  const push = (line: string): boolean => {
    if (size + line.length + 1 > maxChars) {
      truncated = true;
      return false;
    }
    lines.push(line);
    size += line.length + 1;
    return true;
  };
  const walk = (path: string, depth: number): boolean => {
    const node = tree.get(path);
    if (!node) return true;
    const indent = '  '.repeat(depth);
    for (const sub of node.folders.sort()) {
      const count = countFiles(tree, sub);
      if (!push(`${indent}${nameOf(sub)}/ (${count} file${count === 1 ? '' : 's'})`)) return false;
      if (!walk(sub, depth + 1)) return false;
    }
    const byExt = new Map<string, string[]>();
    for (const f of node.files.sort()) byExt.set(extOf(f), [...(byExt.get(extOf(f)) ?? []), f]);
    for (const [ext, files] of byExt) {
      for (const f of files.slice(0, perType)) if (!push(`${indent}${nameOf(f)}`)) return false;
      if (files.length > perType && !push(`${indent}… ${files.length - perType} more ${ext ? `.${ext}` : 'files without extension'}`)) return false;
    }
    return true;
  };
  walk(root, 0);
  if (truncated) lines.push(`… (tree cut at ${maxChars} characters)`);
  return lines.join('\n');
}

function countFiles(tree: Map<string, Folder>, path: string): number {
  const node = tree.get(path);
  if (!node) return 0;
  return node.files.length + node.folders.reduce((n, f) => n + countFiles(tree, f), 0);
}
