// Attachments that belong with the notes beside them. In a subfolder of the organized folder that
// holds notes, an attachment a note of the same folder links to or embeds, or whose name shares a
// word with a note there or with the folder's own name ("Trip to Lisbon/Lisbon tram.jpg"), is part
// of that folder's story, not a loose file for the attachment folder: it stays with its notes. It
// casts no vote to move the folder into the attachment folder (a trip of two notes and five photos
// would otherwise go there whole) and is not filed apart from them.
import type { FileRecord } from '../../../vault-vfs/file-record';
import { isAttachment } from './attachment-type';
import { nameWords } from '../scoring/file-features';

/** Words of a name that can tie files together: numbers (dates, camera counters) tie nothing. */
const words = (name: string): Set<string> => new Set(nameWords(name));

/**
 * Paths of the attachments in subfolders of `folder` (a vault path) that stay with their notes;
 * notes in `leaving` (moved away by a heuristic) hold none back.
 */
export function boundAttachments(records: readonly FileRecord[], folder: string, leaving: ReadonlySet<string> = new Set()): Set<string> {
  // Per subfolder holding notes that stay: those notes, and the words of their names and of its own name.
  const folders = new Map<string, { notes: Set<string>; words: Set<string> }>();
  for (const r of records) {
    if (r.ext !== 'md' || r.folder === folder || leaving.has(r.path)) continue;
    let f = folders.get(r.folder);
    if (f === undefined) {
      f = { notes: new Set(), words: words(r.folder.slice(r.folder.lastIndexOf('/') + 1)) };
      folders.set(r.folder, f);
    }
    f.notes.add(r.path);
    for (const w of words(r.name)) f.words.add(w);
  }
  const bound = new Set<string>();
  for (const r of records) {
    const f = folders.get(r.folder);
    if (f === undefined || r.isHidden || !isAttachment(r)) continue;
    const linked = r.backlinks.some((b) => f.notes.has(b));
    const named = [...words(r.name)].some((w) => f.words.has(w));
    if (linked || named) bound.add(r.path);
  }
  return bound;
}
