// What the keyword index reads from a file: for notes, the name, headings, tags (inline and
// frontmatter), aliases and the text without its frontmatter block, plus the frontmatter's other
// values (an `author: Ada` should find the note by "Ada", while the keys themselves, the same in
// every note, are noise); for any other file, its name with the extension.

import type { NoteMetadata } from '../../vault-vfs/metadata-types';
import type { IndexDocument } from './analyzer';

export function isNotePath(path: string): boolean {
  return path.toLowerCase().endsWith('.md');
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A file that is not a note: indexed by name only. */
export function fileDocument(path: string): IndexDocument {
  return { path, title: baseName(path), headings: [], tags: [], aliases: [], content: '' };
}

/** Strings in a frontmatter value: a string, or the strings of a list (as Obsidian reads them). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v));
  return [];
}

/** Frontmatter tags: a list, or one string of tags separated by commas or spaces. */
function frontmatterTags(value: unknown): string[] {
  return strings(value)
    .flatMap((s) => s.split(/[,\s]+/))
    .map((t) => t.replace(/^#/, ''))
    .filter((t) => t !== '');
}

export function noteDocument(path: string, text: string, metadata: NoteMetadata | null): IndexDocument {
  const title = baseName(path).replace(/\.md$/i, '');
  if (metadata === null) return { path, title, headings: [], tags: [], aliases: [], content: text };
  const fm = metadata.frontmatter ?? {};
  const tags = metadata.tags.map((t) => t.tag.replace(/^#/, ''));
  const aliases: string[] = [];
  const values: string[] = [];
  for (const [key, value] of Object.entries(fm)) {
    const k = key.toLowerCase();
    if (k === 'tags' || k === 'tag') tags.push(...frontmatterTags(value));
    else if (k === 'aliases' || k === 'alias') aliases.push(...strings(value));
    else values.push(...strings(value));
  }
  // Invalid YAML is not indexed as fields, so its text stays in the content.
  const end = metadata.frontmatter === null ? undefined : metadata.frontmatterPosition?.end.offset;
  let content = end === undefined ? text : text.slice(end);
  if (values.length > 0) content = `${values.join('\n')}\n${content}`;
  return { path, title, headings: metadata.headings.map((h) => h.heading), tags, aliases, content };
}
