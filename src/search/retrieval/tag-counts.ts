// Tags with the number of notes that carry them, inline or in frontmatter. Nested tags roll up:
// a note tagged #project/alpha counts for #project/alpha and for #project. Tags compare without
// case, as in Obsidian; each is shown as first seen.

import type { NoteMetadata } from '../../vault-vfs/metadata-types';

export interface TagCount {
  tag: string;
  count: number;
}

/** The note's tags without `#`, inline and frontmatter (`tags`/`tag`, a list or one string). */
export function noteTags(meta: NoteMetadata): string[] {
  const out = meta.tags.map((t) => t.tag.replace(/^#/, ''));
  const fm = meta.frontmatter ?? {};
  for (const [key, value] of Object.entries(fm)) {
    const k = key.toLowerCase();
    if (k !== 'tags' && k !== 'tag') continue;
    const list = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const v of list) {
      if (typeof v !== 'string') continue;
      for (const t of v.split(/[,\s]+/)) if (t.replace(/^#/, '') !== '') out.push(t.replace(/^#/, ''));
    }
  }
  return out;
}

/** The tag and every parent of it: `a/b/c` -> `a`, `a/b`, `a/b/c`. */
export function withParents(tag: string): string[] {
  const parts = tag.split('/').filter((p) => p !== '');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

export class TagCounter {
  private readonly counts = new Map<string, { tag: string; notes: Set<string> }>();

  add(path: string, tags: readonly string[]): void {
    for (const tag of tags) {
      for (const t of withParents(tag)) {
        const key = t.toLowerCase();
        let entry = this.counts.get(key);
        if (entry === undefined) this.counts.set(key, (entry = { tag: t, notes: new Set() }));
        entry.notes.add(path);
      }
    }
  }

  /** Most used first, then by name. */
  list(): TagCount[] {
    return [...this.counts.values()]
      .map((e) => ({ tag: e.tag, count: e.notes.size }))
      .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  }
}

/** True when `tags` holds `tag` or a tag nested under it (without case; `#` optional). */
export function hasTag(tags: readonly string[], tag: string): boolean {
  const want = tag.replace(/^#/, '').toLowerCase();
  return tags.some((t) => {
    const l = t.toLowerCase();
    return l === want || l.startsWith(`${want}/`);
  });
}
