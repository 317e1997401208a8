// A rule's edits for one note, as the operations they would be: `add_tags`, `remove_tags` and
// `set_properties`, each with the values before and after (DESIGN.md, the ai-op block). Nothing is
// done twice: a tag the note already has, or a property already at its value, makes no operation,
// so organizing again proposes nothing. Frontmatter that is not valid YAML refuses the note's
// edits with the reason; it is never rewritten. `applyNoteEdit` is the same change as a
// processFrontMatter callback, so planning and running cannot disagree.

import { FrontmatterError, readFrontmatterForEdit } from '../vault-vfs/markdown/frontmatter-write';
import type { ExpandedEdits } from './rule-edits';

export type PropertyValues = Record<string, unknown>;

export type NoteEditOperation =
  | { type: 'add_tags' | 'remove_tags'; path: string; before: string[]; after: string[] }
  | { type: 'set_properties'; path: string; before: PropertyValues; after: PropertyValues };

export type NoteEditPlan = { ok: true; operations: NoteEditOperation[] } | { ok: false; reason: string };

/** A tag as compared: without '#', case-insensitive (as Obsidian matches tags). */
const tagKey = (tag: string): string => tag.replace(/^#/u, '').toLowerCase();

/** The `tags` property as a list, however it was written (a list, or one text with commas or spaces). */
export function frontmatterTags(frontmatter: PropertyValues): string[] {
  const raw = frontmatter.tags ?? frontmatter.tag;
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,\s]+/u) : [];
  return items.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim().replace(/^#/u, ''));
}

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
  const have = new Set([...tags, ...inlineTags].map(tagKey));
  const added = edits.addTags.filter((t) => !have.has(tagKey(t)));
  if (added.length > 0) operations.push({ type: 'add_tags', path, before: tags, after: [...tags, ...added] });
  const dropped = new Set(edits.removeTags.map(tagKey));
  const kept = tags.filter((t) => !dropped.has(tagKey(t)));
  if (kept.length < tags.length) {
    const from = added.length > 0 ? [...tags, ...added] : tags;
    operations.push({ type: 'remove_tags', path, before: from, after: from.filter((t) => !dropped.has(tagKey(t))) });
  }
  const before: PropertyValues = {};
  const after: PropertyValues = {};
  for (const [key, value] of Object.entries(edits.setProperties)) {
    const present = Object.prototype.hasOwnProperty.call(frontmatter, key);
    if (value === null ? !present : present && same(frontmatter[key], value)) continue;
    before[key] = present ? frontmatter[key] : null;
    after[key] = value;
  }
  if (Object.keys(after).length > 0) operations.push({ type: 'set_properties', path, before, after });
  return { ok: true, operations };
}

/** The operation as a processFrontMatter callback: sets `after` (null removes the property). */
export function applyNoteEdit(op: NoteEditOperation): (frontmatter: PropertyValues) => void {
  return (frontmatter) => {
    if (op.type === 'set_properties') {
      for (const [key, value] of Object.entries(op.after)) {
        if (value === null) delete frontmatter[key];
        else frontmatter[key] = value;
      }
      return;
    }
    // The key the tags were read from (see frontmatterTags); the other one is left as written.
    const key = 'tags' in frontmatter || !('tag' in frontmatter) ? 'tags' : 'tag';
    if (op.after.length === 0) delete frontmatter[key];
    else frontmatter[key] = [...op.after];
  };
}
