// Small helpers on vault paths (`/`-separated, no leading slash, root folder is "").

/** Last segment: `A/B/Note.md` -> `Note.md`. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Anything but printable ASCII: only such names can change under NFC. */
const NON_ASCII = /[^\x20-\x7e]/;

/**
 * A name or path as links compare it: lower-cased (Obsidian ignores case) and in Unicode NFC, so
 * that a link typed composed (`[[Café]]`) finds a file whose name the disk gives decomposed, as
 * Obsidian's resolver does. Only for matching: a path itself keeps its own bytes.
 */
export function linkKey(path: string): string {
  const lower = path.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFC') : lower;
}

/** Parent folder: `A/B/Note.md` -> `A/B`; `Note.md` -> "". */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Extension without the dot, lower case; "" when none. */
export function extensionOf(path: string): string {
  const name = fileName(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isNotePath(path: string): boolean {
  return extensionOf(path) === 'md';
}

/** File name without a `.md` extension (other extensions kept): what a wikilink shows. */
export function linkName(path: string): string {
  const name = fileName(path);
  return isNotePath(path) ? name.slice(0, -3) : name;
}

/** Path without a `.md` extension. */
export function withoutMdExtension(path: string): string {
  return isNotePath(path) ? path.slice(0, -3) : path;
}
