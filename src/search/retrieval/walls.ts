// Excluded folders are walls: a note inside one is neither returned nor walked through. Folder
// names are vault-relative; a trailing or leading slash is ignored.

export type Wall = (path: string) => boolean;

export function normalizeFolder(folder: string): string {
  return folder.replace(/^\/+|\/+$/g, '');
}

export function wallOf(folders: readonly string[] = []): Wall {
  const prefixes = folders.map(normalizeFolder).filter((f) => f !== '').map((f) => `${f}/`);
  if (prefixes.length === 0) return () => false;
  return (path) => prefixes.some((p) => path.startsWith(p));
}

export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** A bounded list: the first `limit` items, and how many more there were. */
export interface Bounded<T> {
  items: T[];
  more: number;
}

export function bounded<T>(all: readonly T[], limit: number): Bounded<T> {
  const n = Math.max(0, Math.floor(limit));
  return { items: all.slice(0, n), more: Math.max(0, all.length - n) };
}
