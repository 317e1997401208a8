// What a note edit block (add_tags, remove_tags, set_properties) changes, as lines of inert text:
// the tags or each property before and after. Values come from the block (possibly a model's rule,
// possibly typed by hand), so they are shown as text, never rendered.
import type { OpBlockData } from '../../edits/pending/block-format';

const shown = (v: unknown): string => (v === null || v === undefined ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v));

/** One line per value the edit changes: `tags: a, b → a, b, c` or `status: draft → processed`. */
export function editValueLines(data: OpBlockData): string[] {
  const { before, after } = data;
  if (Array.isArray(before) || Array.isArray(after)) {
    const list = (v: unknown): string => (Array.isArray(v) && v.length > 0 ? v.map((t) => `#${String(t)}`).join(' ') : '(none)');
    return [`tags: ${list(before)} → ${list(after)}`];
  }
  const was = before ?? {};
  return Object.entries(after ?? {}).map(([key, value]) => `${key}: ${shown(was[key])} → ${value === null ? '(removed)' : shown(value)}`);
}
