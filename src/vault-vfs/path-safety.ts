// Path safety in one place. Every path that comes from a model, a rule, a plan note or the CLI
// passes through here before anything is read or written, in both adapters and in the scope
// policy, so there is exactly one answer to "may Reeve touch this path?".

import { UnsafePathError } from './vault-port';

export interface PathSafetyOptions {
  /** The vault's config folder, `.obsidian` unless the user changed it. */
  configDir: string;
  /**
   * Whether a (normalized) path names a file or folder the vault already holds. Such a path may
   * keep characters a new name may not (`C# notes.md`, `a:b.md` written by another program or
   * synced from another system): reading it, rewriting a link in it or moving it away harms
   * nothing, and refusing it made one such note break every command that reads the vault. Only
   * names Reeve would bring into being are held to Obsidian's rules.
   */
  exists?: (path: string) => boolean;
  /**
   * The path is a name the vault had, put back (undo, rollback): it keeps its bytes, not made NFC,
   * so that a decomposed name comes back decomposed and never lands on a composed twin.
   */
  asRecorded?: boolean;
  /**
   * Names (path segments) kept as written, not made NFC: the names a moving file or folder already
   * has (`keptNames` of its source), so that a decomposed name keeps its bytes where it goes.
   */
  keep?: ReadonlySet<string>;
}

/** The segments of an existing path that are not in NFC: names that keep their bytes when it moves. */
export function keptNames(path: string): ReadonlySet<string> {
  return new Set(path.split('/').filter((s) => s !== s.normalize('NFC')));
}

/** `normal` with the segments `keep` holds put back as `exact` spells them. */
function keepSegments(exact: string, normal: string, keep: ReadonlySet<string>): string {
  const e = exact.split('/');
  const n = normal.split('/');
  if (e.length !== n.length) return normal;
  return n.map((s, i) => (keep.has(e[i] as string) ? (e[i] as string) : s)).join('/');
}

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

/** Characters no file or folder name may hold in Obsidian (on any platform it syncs to). */
const ILLEGAL_IN_NAMES = /[*"\\/<>:|?]/;
/** Characters that break wikilinks, refused in note names as Obsidian does. */
const ILLEGAL_IN_NOTE_NAMES = /[#^[\]|]/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;
const TRASH_FOLDER = '.trash';
/** The longest name (in UTF-8 bytes) ext4, APFS, NTFS and most other file systems hold. */
const MAX_NAME_BYTES = 255;
const utf8 = new TextEncoder();

function tooLong(segment: string): boolean {
  // A UTF-16 code unit is at most 3 bytes of UTF-8: most names need no encoding to know.
  return segment.length * 3 > MAX_NAME_BYTES && utf8.encode(segment).length > MAX_NAME_BYTES;
}

/**
 * Obsidian's `normalizePath` for the core: forward slashes, no duplicate, leading or trailing
 * slashes, non-breaking spaces to spaces, Unicode NFC. It does not judge; `checkVaultPath` does.
 */
export function normalizeVaultPath(input: string): string {
  return slashesNormalized(input.replace(/\u00a0|\u202f/g, ' ').normalize('NFC'));
}

function slashesNormalized(input: string): string {
  const p = input.replace(/\/+/g, '/').replace(/^\/+|\/+$/g, '');
  return p === '' ? '/' : p;
}

function isInside(p: string, folder: string): boolean {
  const a = p.toLowerCase();
  const f = folder.toLowerCase();
  return a === f || a.startsWith(f + '/');
}

/** True when the path is the config folder, inside it, or inside `.trash`. */
export function isProtectedPath(path: string, opts: PathSafetyOptions): boolean {
  return isInside(path, opts.configDir) || isInside(path, TRASH_FOLDER);
}

/**
 * Checks a vault-relative path that Reeve would read or write. Refuses absolute paths, `..`
 * and `.` segments, NUL and control characters, names Obsidian cannot hold, names longer than
 * 255 bytes, `# ^ [ ] |` in
 * note names (unless `opts.exists` says the vault already holds the path), and anything in the
 * config folder or `.trash`.
 */
export function checkVaultPath(input: string, opts: PathSafetyOptions): PathCheck {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, reason: 'the path is empty' };
  if (CONTROL.test(input)) return { ok: false, reason: 'the path contains a NUL or control character' };
  // A drive letter is `C:` alone or followed by a separator; `a:b.md` is a name holding ":".
  if (input.startsWith('/') || input.startsWith('\\') || /^[a-zA-Z]:(?:[\\/]|$)/.test(input) || input.startsWith('~')) {
    return { ok: false, reason: 'absolute paths are not allowed; use a path relative to the vault root' };
  }
  if (input.includes('\\')) return { ok: false, reason: 'backslashes are not allowed in paths; use "/"' };
  // A name the vault holds keeps its bytes: on a disk that keeps both, `Café` composed and
  // decomposed are two files, and normalizing one's path would act on the other.
  const exact = slashesNormalized(input);
  const normal = opts.keep !== undefined && opts.keep.size > 0 ? keepSegments(exact, normalizeVaultPath(input), opts.keep) : normalizeVaultPath(input);
  const path = exact !== normal && (opts.asRecorded === true || opts.exists?.(exact) === true) ? exact : normal;
  if (path === '/') return { ok: false, reason: 'the vault root itself cannot be changed' };
  const segments = path.split('/');
  // Looked up only when a name breaks a rule: the vault's own names are not judged.
  let existing: boolean | undefined;
  const held = (): boolean => (existing ??= opts.exists?.(path) === true);
  for (const [i, segment] of segments.entries()) {
    if (segment === '..' || segment === '.') {
      return { ok: false, reason: `"${segment}" segments are not allowed; paths stay inside the vault` };
    }
    if (ILLEGAL_IN_NAMES.test(segment) && !held()) {
      return { ok: false, reason: `"${segment}" contains a character Obsidian cannot use in names (* " \\ / < > : | ?)` };
    }
    if (segment.trim() === '') return { ok: false, reason: 'a path segment is blank' };
    if (tooLong(segment) && !held()) {
      return { ok: false, reason: `the name "${segment.slice(0, 40)}…" is longer than the ${MAX_NAME_BYTES} bytes a file system allows in a name` };
    }
    const isLast = i === segments.length - 1;
    if (isLast && segment.toLowerCase().endsWith('.md') && ILLEGAL_IN_NOTE_NAMES.test(segment) && !held()) {
      return { ok: false, reason: `note name "${segment}" contains a character that breaks links (# ^ [ ] |)` };
    }
  }
  if (isInside(path, opts.configDir)) {
    return { ok: false, reason: `the config folder (${opts.configDir}) is protected` };
  }
  if (isInside(path, TRASH_FOLDER)) return { ok: false, reason: 'the .trash folder is protected' };
  return { ok: true, path };
}

/** `checkVaultPath` that throws `UnsafePathError`, for adapters. */
export function assertSafeVaultPath(input: string, opts: PathSafetyOptions): string {
  const check = checkVaultPath(input, opts);
  if (!check.ok) throw new UnsafePathError(input, check.reason);
  return check.path;
}

/**
 * Whether an operation taking `from` (null for a new folder) to `to` would bring a hidden name
 * (a segment starting with ".") into being: a hidden folder or file the source did not already
 * sit in or have. Hidden names belong to other programs; Reeve never makes one.
 */
export function createsHiddenName(from: string | null, to: string): boolean {
  const src = from === null ? [] : from.split('/');
  const dst = to.split('/');
  let same = true;
  for (const [i, seg] of dst.entries()) {
    same = same && src[i] === seg;
    if (seg.startsWith('.') && !same) return true;
  }
  return false;
}

/** Parent folder of a vault path; '' for the root. */
export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Last segment of a vault path. */
export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Extension without the dot, lower case; '' when there is none (dot files have none). */
export function extOf(path: string): string {
  const name = nameOf(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Whether `extOf(path) === 'md'`, making no string: an open asks it of every file (two slices and
 * a lower-casing each, 100k times).
 */
export function isMarkdownPath(path: string): boolean {
  const n = path.length;
  // `.md` at the end, not the whole name (a dot file has no extension).
  return n >= 4 && path.charCodeAt(n - 3) === 0x2e && (path.charCodeAt(n - 2) | 0x20) === 0x6d && (path.charCodeAt(n - 1) | 0x20) === 0x64 && path.charCodeAt(n - 4) !== 0x2f;
}
