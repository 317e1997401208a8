// Can Reeve write here? Asked before a job starts, so that a read-only note or folder stops the
// job before its first step instead of half-way through with a raw EACCES. A note is rewritten by
// replacing it (write a temp file, rename it over), which needs its folder writable; a note the
// user made read-only is respected, not replaced. "Read-only" is what the mode says (no write bit
// for anyone) as well as what this process may do: running as root, a `chmod 444` is still the
// user's word.
import { accessSync, constants, lstatSync, readlinkSync, statSync } from 'node:fs';
import * as path from 'node:path';

function writable(abs: string): boolean {
  try {
    accessSync(abs, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Why the symbolic link at `abs` (vault path `vaultPath`) is not written through. */
function linkProblem(abs: string, vaultPath: string): string {
  let target = '';
  try {
    target = ` (to ${readlinkSync(abs)})`;
  } catch {
    /* unreadable link: named without its target */
  }
  return `${vaultPath} is a symbolic link${target}; Reeve does not move or write files through links: use the folder it leads to, or remove the link`;
}

/** Why `abs` (the file or folder at vault path `vaultPath`) cannot be written, or null. */
export function writeProblemAt(abs: string, vaultPath: string): string | null {
  // A symbolic link where a step would create or write: the write would land wherever the link
  // leads, out of sight of the plan, the journal and undo.
  const own = vaultPath === '' ? undefined : lstatSync(abs, { throwIfNoEntry: false });
  if (own?.isSymbolicLink() === true) return linkProblem(abs, vaultPath);
  // Not a link: its lstat is its stat (a job asks about thousands of notes before it starts).
  const st = own ?? (vaultPath === '' ? statSync(abs, { throwIfNoEntry: false }) : undefined);
  if (!st) return null;
  const what = st.isDirectory() ? `the folder ${vaultPath === '' ? '(the vault folder)' : vaultPath}` : vaultPath;
  if (writable(abs) && (st.mode & 0o222) !== 0) return null;
  return `${what} is read-only (mode ${(st.mode & 0o777).toString(8)})`;
}

/**
 * Why the file or folder at vault path `vp` cannot be written, or null: each folder on the way is
 * asked first, without following links, so that a link is named as a link.
 */
export function writeProblemOnTheWay(disk: { abs(vaultPath: string): string }, vp: string): string | null {
  const parts = vp.split('/');
  // A folder on the way matters only as a link (a read-only one is not written to): one lstat.
  for (let i = 1; i < parts.length; i++) {
    const at = parts.slice(0, i).join('/');
    const abs = disk.abs(at);
    if (lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink() === true) return linkProblem(abs, at);
  }
  return writeProblemAt(disk.abs(vp), vp);
}

/** The device of the nearest existing file or folder at or above `abs`, or null. */
function deviceOf(abs: string): number | null {
  for (let p = abs; ; p = path.dirname(p)) {
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (st) return st.dev;
    if (path.dirname(p) === p) return null;
  }
}

/**
 * Why a move from `fromAbs` to `toAbs` cannot be made, or null: a relative symbolic link would
 * change its target; and a move cannot be a rename when a folder of the vault that is
 * another disk (a mount point) can only be reached by copying, which the journal does not do; the
 * rename would fail with a raw EXDEV at the first step. Asked before the job starts.
 */
export function moveProblemAt(fromAbs: string, fromPath: string, toAbs: string, toPath: string): string | null {
  // A link whose target is written relative to its folder leads elsewhere once it is in another
  // folder (or nowhere: the vault then lists it no more, and undo could not find it to put back).
  if (path.dirname(fromAbs) !== path.dirname(toAbs) && lstatSync(fromAbs, { throwIfNoEntry: false })?.isSymbolicLink()) {
    const target = readlinkSync(fromAbs);
    if (!path.isAbsolute(target)) return `${fromPath} is a symbolic link to ${target}, relative to its folder; moved, it would lead elsewhere: Reeve leaves it where it is`;
  }
  const from = deviceOf(fromAbs);
  const to = deviceOf(path.dirname(toAbs));
  if (from === null || to === null || from === to) return null;
  return `${fromPath} and ${toPath} are on different disks (a folder of the vault is a mount point); Reeve moves files only within one disk: move it yourself, or choose a folder on the same disk`;
}
