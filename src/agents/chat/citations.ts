// Citations that open: a `[[Note#Heading]]` (or `#^block`) link in an answer names a note the
// Task agent read, so it is resolved against those notes first (their full paths), and opens at
// the heading or block it names. A short name two read notes share, or a note the Task did not
// read, is left to Obsidian's own resolution from the note the message was sent in.
import { splitSubpath } from '../../vault-vfs/links/subpath';
import type { ChatMessageRecord } from './chat-types';

export interface Citation {
  /** The read note's vault path. */
  path: string;
  /** `#Heading`, `#^block`, or "". */
  subpath: string;
}

const bare = (p: string): string => p.trim().replace(/\.md$/i, '').toLowerCase();

/** The notes the message's Task agent read: as the run recorded them, or, for an older chat file, the notes the message named. */
export function notesRead(record: ChatMessageRecord): string[] {
  if (record.read !== undefined) return record.read;
  const selected = record.events.flatMap((e) => (e.type === 'selection_updated' ? e.selected.map((s) => s.path) : []));
  return [...new Set([...(record.currentNote === null ? [] : [record.currentNote]), ...record.manual, ...selected])];
}

/** The read note a link names, with its subpath; null when none or more than one read note fits. */
export function citedNote(linktext: string, read: readonly string[]): Citation | null {
  const { path, subpath } = splitSubpath(linktext);
  const want = bare(path);
  if (want === '') return null;
  const exact = read.filter((r) => bare(r) === want);
  const fits = exact.length > 0 ? exact : read.filter((r) => bare(r).endsWith(`/${want}`));
  return fits.length === 1 && fits[0] !== undefined ? { path: fits[0], subpath } : null;
}
