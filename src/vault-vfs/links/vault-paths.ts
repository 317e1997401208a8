// Small helpers on vault paths (`/`-separated, no leading slash, root folder is "").

/** Last segment: `A/B/Note.md` -> `Note.md`. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
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
