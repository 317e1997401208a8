// A rule's edits for one note, as the operations they would be: `add_tags`, `remove_tags` and
// `set_properties`, each with the values before and after (DESIGN.md, the ai-op block). Nothing is
// done twice: a tag the note already has, or a property already at its value, makes no operation,
// so organizing again proposes nothing. Frontmatter that is not valid YAML refuses the note's
// edits with the reason; it is never rewritten. `applyNoteEdit` is the same change as a
// processFrontMatter callback, so planning and running cannot disagree.

import type { NoteEdit, PropertyValues } from '../vault-vfs/operations';
import { FrontmatterError, readFrontmatterForEdit } from '../vault-vfs/markdown/frontmatter-write';
import { frontmatterTags, holdsProperty, tagsMissing } from '../vault-vfs/markdown/note-edit';
import type { ExpandedEdits } from './rule-edits';

export { applyNoteEdit, frontmatterTags } from '../vault-vfs/markdown/note-edit';
export type { PropertyValues } from '../vault-vfs/operations';

export type NoteEditOperation = NoteEdit & { path: string };

export type NoteEditPlan = { ok: true; operations: NoteEditOperation[] } | { ok: false; reason: string };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The operations a rule's edits make on one note. `inlineTags` are tags written in the body
 * (`#followup`): a note that has one already is not given it again in its properties.
 */
export function planNoteEdits(path: string, text: string, edits: ExpandedEdits, inlineTags: readonly string[] = []): NoteEditPlan {
  let frontmatter: PropertyValues;
  try {
    frontmatter = readFrontmatterForEdit(path, text);
  } catch (e) {
    if (e instanceof FrontmatterError) return { ok: false, reason: e.message.replace(/; nothing was changed$/u, '') };
    throw e;
  }
  const operations: NoteEditOperation[] = [];
  const tags = frontmatterTags(frontmatter);
  const added = tagsMissing(edits.addTags, [...tags, ...inlineTags]);
  if (added.length > 0) operations.push({ type: 'add_tags', path, before: tags, after: [...tags, ...added] });
  // Both edits start from the note as it is, so each can be accepted without the other.
  const kept = tagsMissing(tags, edits.removeTags);
  if (kept.length < tags.length) operations.push({ type: 'remove_tags', path, before: tags, after: kept });
  const before: PropertyValues = {};
  const after: PropertyValues = {};
  for (const [key, value] of Object.entries(edits.setProperties)) {
    const present = holdsProperty(frontmatter, key);
    if (value === null ? !present : present && same(frontmatter[key], value)) continue;
    before[key] = present ? frontmatter[key] : null;
    after[key] = value;
  }
  if (Object.keys(after).length > 0) operations.push({ type: 'set_properties', path, before, after });
  return { ok: true, operations };
}
