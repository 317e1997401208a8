// The walls: folders whose notes no agent reads, no index embeds, no count counts and no edit
// touches. One list, built here for the CLI and the plugin alike (`wallFolders`), and one test of a
// path against it (`wallFor`): the user's excluded folders, Reeve's plan and chat folders, the
// config folder, `.trash`, and every hidden (dot) folder, which Obsidian itself ignores. Folder
// names are vault-relative; a leading or trailing slash is ignored; names compare case-insensitively
// and in one Unicode form (a vault on a disk that ignores case or normalization, or a folder named
// on macOS in decomposed form, must not get past a wall by spelling it otherwise).

export type Wall = (path: string) => boolean;

export function normalizeFolder(folder: string): string {
  return folder.replace(/^\/+|\/+$/g, '');
}

export const TRASH_FOLDER = '.trash';

/** Where Reeve's walls come from; the settings layer fills it from data.json, the CLI adds flags. */
export interface WallSources {
  configDir: string;
  /** The user's excluded folders: the settings' list plus any the command adds. */
  excludedFolders: readonly string[];
  planFolder: string;
  chatFolder: string;
}

/** The one wall list: every folder named by `sources`, normalized, each once. */
export function wallFolders(sources: WallSources): string[] {
  const all = [...sources.excludedFolders, sources.planFolder, sources.chatFolder, sources.configDir, TRASH_FOLDER];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of all.map(normalizeFolder)) {
    if (f === '' || seen.has(f.toLowerCase())) continue;
    seen.add(f.toLowerCase());
    out.push(f);
  }
  return out;
}

/**
 * The first hidden (dot) folder on `path`'s way, or null. The last name may start with a dot (a
 * hidden file is no folder); a path ending in "/" names a folder, so its own name counts.
 */
export function hiddenFolderOf(path: string): string | null {
  const parts = path.replace(/^\/+/, '').split('/');
  for (let i = 0; i < parts.length - 1; i++) if (parts[i]?.startsWith('.')) return parts.slice(0, i + 1).join('/');
  return null;
}

/** A name as walls compare it: composed (NFC) and lower case. */
const folded = (name: string): string => name.normalize('NFC').toLowerCase();

/** The wall `path` lies behind (one of `folders`, or a hidden folder), or null when none. */
export function wallFor(folders: readonly string[], path: string): string | null {
  const p = folded(normalizeFolder(path));
  for (const f of folders) {
    const w = normalizeFolder(f);
    if (w !== '' && p.startsWith(`${folded(w)}/`)) return w;
  }
  return hiddenFolderOf(path);
}

/** `wallFor` as a test, for the folders given and every hidden folder. */
export function wallOf(folders: readonly string[] = []): Wall {
  const prefixes = folders.map(normalizeFolder).filter((f) => f !== '').map((f) => `${folded(f)}/`);
  return (path) => {
    const p = folded(path);
    return prefixes.some((w) => p.startsWith(w)) || hiddenFolderOf(path) !== null;
  };
}

/** How a refusal names a wall: "the excluded folder Private", "the hidden folder .secret". */
export function wallText(wall: string): string {
  return (wall.split('/').pop() ?? '').startsWith('.') ? `the hidden folder "${wall}"` : `the excluded folder "${wall}"`;
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
