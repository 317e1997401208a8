// Accepting a rule's note edit (add_tags, remove_tags, set_properties) checks the note as an
// `ai-edit` is checked: it must still hold the values the edit was planned against, or the edit is
// refused with what changed. The note is looked for where it is now: a move of the same plan that
// already ran took it elsewhere. Frontmatter that is no longer valid YAML refuses the edit too.
import { FrontmatterError, readFrontmatterForEdit } from '../../vault-vfs/markdown/frontmatter-write';
import { staleEditReason, tagsMissing } from '../../vault-vfs/markdown/note-edit';
import { pathAfterMoves } from '../../vault-vfs/move-trail';
import { isNoteEdit, type PropertyValues } from '../../vault-vfs/operations';
import { VaultFileNotFoundError, type VaultPort } from '../../vault-vfs/vault-port';
import type { OpBlockData } from './block-format';
import { plannedOperationOf } from './op-block-data';

/** Where the notes of a plan note's blocks are now: moves of the plan that ran (`done`), in order. */
export function notePathsNow(blocks: readonly { data: OpBlockData }[]): (path: string) => string {
  const moves = blocks.flatMap((b) => ((b.data.type === 'move' || b.data.type === 'rename') && b.data.state === 'done' && b.data.source !== undefined && b.data.destination !== undefined ? [{ source: b.data.source, destination: b.data.destination }] : []));
  return pathAfterMoves(moves);
}

/** Tags each note's add_tags blocks add (by the note's planned path): remove_tags may run after them. */
function addedTags(blocks: readonly { data: OpBlockData }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const b of blocks) {
    const op = b.data.type === 'add_tags' ? plannedOperationOf(b.data) : null;
    if (op?.type !== 'add_tags') continue;
    out.set(op.path, [...(out.get(op.path) ?? []), ...tagsMissing(op.after, op.before)]);
  }
  return out;
}

/**
 * Why each note edit among `candidates` may not run now (by block id); edits not named may.
 * `all` are every block of the plan note, for the moves that ran and the tags other edits add.
 * Each note is read and its properties parsed once, however many of its edits are checked.
 */
export async function noteEditRefusals(port: VaultPort, all: readonly { data: OpBlockData }[], candidates: readonly { data: OpBlockData }[]): Promise<Map<string, string>> {
  const edits = candidates.filter((b) => isNoteEdit(b.data));
  const refusals = new Map<string, string>();
  if (edits.length === 0) return refusals;
  const now = notePathsNow(all);
  const siblings = addedTags(all);
  const notes = new Map<string, PropertyValues | string>();
  for (const b of edits) {
    const op = plannedOperationOf(b.data);
    if (!isNoteEdit(op)) continue;
    const path = now(op.path);
    const props = notes.get(path) ?? (await propertiesAt(port, path));
    notes.set(path, props);
    const reason = typeof props === 'string' ? props : staleEditReason(path, op, props, op.type === 'remove_tags' ? (siblings.get(op.path) ?? []) : []);
    if (reason !== null) refusals.set(b.data.id, reason);
  }
  return refusals;
}

/** The properties of the note at `path`, or why they cannot be checked (missing, invalid YAML). */
async function propertiesAt(port: VaultPort, path: string): Promise<PropertyValues | string> {
  let text: string;
  try {
    text = await port.read(path);
  } catch (e) {
    if (e instanceof VaultFileNotFoundError) return `${path} is no longer in the vault`;
    throw e;
  }
  try {
    return readFrontmatterForEdit(path, text);
  } catch (e) {
    if (e instanceof FrontmatterError) return e.message.replace(/; nothing was changed$/u, '');
    throw e;
  }
}
