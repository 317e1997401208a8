// Attachments (anything that is not a note) go to a folder for their kind.
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { HeuristicProposal } from './proposal';

const KINDS: [string, string[]][] = [
  ['Images', ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'heic', 'tiff', 'avif', 'ico']],
  ['PDFs', ['pdf']],
  ['Audio', ['mp3', 'wav', 'm4a', 'ogg', 'flac', 'webm', '3gp', 'aac']],
  ['Video', ['mp4', 'mov', 'mkv', 'ogv', 'avi']],
  ['Documents', ['doc', 'docx', 'odt', 'rtf', 'txt', 'xls', 'xlsx', 'ods', 'csv', 'ppt', 'pptx', 'odp', 'epub']],
  ['Archives', ['zip', 'tar', 'gz', '7z', 'rar']],
  ['Canvases', ['canvas']],
  ['Bases', ['base']],
];
const KIND_OF = new Map(KINDS.flatMap(([kind, exts]) => exts.map((e) => [e, kind] as const)));

/** The kind of file an extension names (`Images`, `PDFs`, …), or undefined. */
export function attachmentKind(ext: string): string | undefined {
  return KIND_OF.get(ext.toLowerCase());
}

/** A file that is an attachment (an image, a PDF, audio, …), not a document in its own right. */
export function isAttachment(record: FileRecord): boolean {
  const kind = KIND_OF.get(record.ext);
  return record.ext !== 'md' && kind !== undefined && kind !== 'Canvases' && kind !== 'Bases';
}

/**
 * The attachment's folder: `home` (the vault's attachment folder, relative to the organized folder)
 * when there is one, else a folder for its kind under `Attachments/`.
 */
export function attachmentType(record: FileRecord, home: string | null = null): HeuristicProposal | null {
  if (record.ext === 'md' || record.isHidden) return null;
  const kind = KIND_OF.get(record.ext);
  if (!kind) return null;
  // Canvases and bases are documents in their own right, not attachments.
  if (kind === 'Canvases' || kind === 'Bases') return { path: record.path, folder: kind, heuristic: 'attachment type', reason: `.${record.ext} file, filed with other ${kind.toLowerCase()}` };
  if (home !== null) return { path: record.path, folder: home, heuristic: 'attachment folder', reason: `.${record.ext} file, filed in the vault's attachment folder ${home || '(the organized folder)'}` };
  const folder = `Attachments/${kind}`;
  return { path: record.path, folder, heuristic: 'attachment type', reason: `.${record.ext} file, filed with other ${kind.toLowerCase()}` };
}

/** What kind of file this is, for comparing folders by type: `note`, `Images`, `PDFs`, …, or `other`. */
export function fileKind(ext: string): string {
  return ext === 'md' ? 'note' : (KIND_OF.get(ext) ?? 'other');
}
