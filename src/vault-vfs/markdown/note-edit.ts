// A note edit (add_tags, remove_tags, set_properties) as a processFrontMatter callback, and the
// check that a note still holds the values the edit was planned against. Edits apply as changes,
// not as whole values: adding tags adds only the tags the operation adds, removing removes only
// its own, so accepting one edit of a note and rejecting another never brings the other back.
import type { NoteEdit, PropertyValues } from '../operations';

const tagKey = (tag: string): string => tag.replace(/^#/u, '').toLowerCase();

/** The `tags` property as a list, however it was written (a list, or one text with commas or spaces). */
export function frontmatterTags(frontmatter: PropertyValues): string[] {
  const raw = frontmatter.tags ?? frontmatter.tag;
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,\s]+/u) : [];
  return items.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim().replace(/^#/u, ''));
}

/** Tags of `a` not in `b`, compared as Obsidian does (case-insensitive, without `#`). */
export function tagsMissing(a: readonly string[], b: readonly string[]): string[] {
  const have = new Set(b.map(tagKey));
  return a.filter((t) => !have.has(tagKey(t)));
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a)?.normalize('NFC') === JSON.stringify(b)?.normalize('NFC');

/** The edit as a processFrontMatter callback. */
export function applyNoteEdit(edit: NoteEdit): (frontmatter: PropertyValues) => void {
  return (frontmatter) => {
    if (edit.type === 'set_properties') {
      for (const [key, value] of Object.entries(edit.after)) {
        if (value === null) delete frontmatter[key];
        else frontmatter[key] = value;
      }
      return;
    }
    // The key the tags were read from (see frontmatterTags); the other one is left as written.
    const key = 'tags' in frontmatter || !('tag' in frontmatter) ? 'tags' : 'tag';
    const current = frontmatterTags(frontmatter);
    const next =
      edit.type === 'add_tags'
        ? [...current, ...tagsMissing(tagsMissing(edit.after, edit.before), current)]
        : tagsMissing(current, tagsMissing(edit.before, edit.after));
    if (next.length === current.length && tagsMissing(current, next).length === 0) return;
    if (next.length === 0) delete frontmatter[key];
    else frontmatter[key] = next;
  };
}

/** Whether the note's properties show the edit done (the values after it). */
export function showsEditDone(edit: NoteEdit, frontmatter: PropertyValues): boolean {
  if (edit.type === 'set_properties') {
    return Object.entries(edit.after).every(([k, v]) => (v === null ? !Object.hasOwn(frontmatter, k) : Object.hasOwn(frontmatter, k) && same(frontmatter[k], v)));
  }
  const tags = frontmatterTags(frontmatter);
  const changed = edit.type === 'add_tags' ? tagsMissing(edit.after, edit.before) : tagsMissing(edit.before, edit.after);
  const present = changed.filter((t) => tagsMissing([t], tags).length === 0);
  return edit.type === 'add_tags' ? present.length === changed.length : present.length === 0;
}

/**
 * Whether the note's frontmatter gives `key` a value. An empty property (`aliases:` with nothing
 * after it, YAML's null) counts as absent, as `null` in a rule or a block means "absent": reading it
 * otherwise would plan the removal of an empty key and then refuse it as changed.
 */
export function holdsProperty(frontmatter: PropertyValues, key: string): boolean {
  return Object.hasOwn(frontmatter, key) && frontmatter[key] !== null;
}

/**
 * Why the note no longer holds the values the edit was planned against, or null when it still
 * does. `addedBySiblings` are tags other edits of the same plan add to this note (they may run
 * first): they do not count as a change.
 */
export function staleEditReason(path: string, edit: NoteEdit, frontmatter: PropertyValues, addedBySiblings: readonly string[] = []): string | null {
  if (edit.type === 'set_properties') {
    for (const [key, was] of Object.entries(edit.before)) {
      const present = holdsProperty(frontmatter, key);
      const ok = was === null ? !present : present && same(frontmatter[key], was);
      if (!ok) return `${path} changed since the plan was made: "${key}" is ${present ? JSON.stringify(frontmatter[key]) : 'absent'} now, the plan expected ${was === null ? 'it absent' : JSON.stringify(was)}`;
    }
    return null;
  }
  const now = tagsMissing(frontmatterTags(frontmatter), addedBySiblings);
  const then = tagsMissing(edit.before, addedBySiblings);
  if (tagsMissing(now, then).length === 0 && tagsMissing(then, now).length === 0) return null;
  return `${path} changed since the plan was made: its tags are [${now.join(', ')}] now, the plan expected [${then.join(', ')}]`;
}
