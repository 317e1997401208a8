// The witness's CachedMetadata of a note: what Obsidian's metadata cache reports (links, embeds,
// headings, tags, frontmatter with its links, sections, block ids), from the help vault's
// description of the syntax and the API's CachedMetadata docs. Written for this runtime, not
// shared with Reeve's parser, so the contract suite compares two independent readings.
import type { BlockCache, CachedMetadata, FrontMatterCache, FrontmatterLinkCache, Loc, Pos, ReferenceCache, SectionCache } from 'obsidian';
import { parseYaml } from 'obsidian-test-mocks/obsidian';
import { type Block, noteBlocks } from './note-blocks';
import { scanInline } from './note-inline';

/** Offsets of line starts, for turning offsets into Obsidian's {line, col, offset}. */
function locator(text: string): (offset: number) => Loc {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    // The last line starting at or before `offset` (a binary search: notes have thousands of lines).
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? Infinity) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, col: offset - (starts[lo] ?? 0), offset };
  };
}

/** Blocks whose text Obsidian reads for links and tags. */
const INLINE_BLOCKS = new Set(['heading', 'paragraph', 'list', 'blockquote', 'callout', 'table', 'footnoteDefinition']);

/** Frontmatter values that are links: strings of the form `[[...]]`, in properties or lists. */
function frontmatterLinks(fm: Record<string, unknown>): FrontmatterLinkCache[] {
  const out: FrontmatterLinkCache[] = [];
  const visit = (key: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(`${key}.${i}`, v));
    else if (typeof value === 'string') {
      const m = /^\[\[([^[\]|]+)(?:\|([^[\]]*))?\]\]$/.exec(value.trim());
      if (m) out.push({ key, link: (m[1] ?? '').trim(), original: value, displayText: m[2] ?? (m[1] ?? '').trim() });
    }
  };
  for (const [k, v] of Object.entries(fm)) visit(k, v);
  return out;
}

function parseFrontmatter(lines: string[], yaml: Block | undefined): FrontMatterCache | undefined {
  if (!yaml) return undefined;
  try {
    const value = parseYaml(lines.slice(1, yaml.last).join('\n'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value) : undefined;
  } catch {
    return undefined; // Obsidian shows invalid YAML as an error and reports no properties.
  }
}

/** Blocks whose id goes on its own line after them (help: "Link to a block in a note"). */
const STRUCTURED = new Set(['list', 'blockquote', 'callout', 'table']);

/** `^id` at the end of a block's last line (or alone on it). */
const BLOCK_ID = /(?:^|\s)\^([A-Za-z0-9-]+)[ \t]*$/;

export function parseNote(text: string): CachedMetadata {
  const lines = text.split('\n');
  const lineStart: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStart.push(offset);
    offset += line.length + 1;
  }
  const loc = locator(text);
  const pos = (from: number, to: number): Pos => ({ start: loc(from), end: loc(to) });
  const linePos = (first: number, last: number): Pos => pos(lineStart[first] ?? 0, (lineStart[last] ?? 0) + (lines[last]?.replace(/\r$/, '').length ?? 0));

  const blocks = noteBlocks(lines);
  const cache: CachedMetadata = {};
  const links: ReferenceCache[] = [];
  const embeds: ReferenceCache[] = [];
  const headings: NonNullable<CachedMetadata['headings']> = [];
  const tags: NonNullable<CachedMetadata['tags']> = [];
  const sections: SectionCache[] = [];
  const blockIds: Record<string, BlockCache> = {};

  for (const b of blocks) {
    const section: SectionCache = { type: b.type, position: linePos(b.first, b.last) };
    sections.push(section);
    if (b.type === 'heading') {
      const raw = lines[b.first] ?? '';
      const m = /^ {0,3}(#{1,6})(.*)$/.exec(raw) ?? ['', '#', ''];
      const heading = (m[2] ?? '').replace(/[ \t]+#+[ \t]*$/, '').replace(/^[ \t]*#+[ \t]*$/, '').trim();
      headings.push({ heading, level: (m[1] ?? '#').length, position: section.position });
    }
    if (INLINE_BLOCKS.has(b.type)) {
      const found = scanInline(text, lineStart[b.first] ?? 0, section.position.end.offset);
      for (const l of found.links) {
        (l.embed ? embeds : links).push({ link: l.link, original: l.original, displayText: l.displayText, position: pos(l.start, l.end) });
      }
      for (const t of found.tags) tags.push({ tag: t.tag, position: pos(t.start, t.end) });
    }
    const alone = /^\^([A-Za-z0-9-]+)[ \t]*$/.exec(lines[b.first] ?? '');
    const previous = sections[sections.length - 2];
    if (b.type === 'paragraph' && b.first === b.last && alone && previous && STRUCTURED.has(previous.type)) {
      // "For structured blocks ... the block identifier should be on a separate line" after it.
      blockIds[(alone[1] ?? '').toLowerCase()] = { id: alone[1] ?? '', position: previous.position };
    } else if (INLINE_BLOCKS.has(b.type) && b.type !== 'heading') {
      if (b.type === 'list') {
        // Each list item can carry its own id; the block is that item's line.
        for (let l = b.first; l <= b.last; l++) {
          const id = BLOCK_ID.exec(lines[l] ?? '')?.[1];
          if (id) blockIds[id.toLowerCase()] = { id, position: linePos(l, l) };
        }
      } else {
        const id = BLOCK_ID.exec(lines[b.last] ?? '')?.[1];
        if (id) {
          section.id = id;
          blockIds[id.toLowerCase()] = { id, position: section.position };
        }
      }
    }
  }

  const yaml = blocks.find((b) => b.type === 'yaml');
  const frontmatter = parseFrontmatter(lines, yaml);
  if (yaml) cache.frontmatterPosition = linePos(yaml.first, yaml.last);
  if (frontmatter) {
    cache.frontmatter = frontmatter;
    const fmLinks = frontmatterLinks(frontmatter);
    if (fmLinks.length > 0) cache.frontmatterLinks = fmLinks;
  }
  // Obsidian leaves a key out when the note has none of that kind.
  if (links.length > 0) cache.links = links;
  if (embeds.length > 0) cache.embeds = embeds;
  if (headings.length > 0) cache.headings = headings;
  if (tags.length > 0) cache.tags = tags;
  if (sections.length > 0) cache.sections = sections;
  if (Object.keys(blockIds).length > 0) cache.blocks = blockIds;
  return cache;
}
