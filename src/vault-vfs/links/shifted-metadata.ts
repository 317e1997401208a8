// The metadata of a note after a link rewrite, derived from its metadata before: the links that
// were rewritten are read again on their own and everything after a splice moves by the splice's
// change in length. A move rewrites a link or two of a note that may be 60 KB, and parsing the
// whole new text for that was most of a job's CPU time (a note linking to several moved notes is
// rewritten once per move; issue 29).
//
// Shifting is only right when the splices cannot change how anything outside them parses. That is
// shown for each splice, and when it cannot be shown this returns null and the caller parses the
// new text whole (and checks it, apply-link-edits.ts). A splice qualifies when:
// - it replaces exactly one body link or embed of the old metadata, and no other link, heading
//   (ATX or setext) or table holds any of it (a heading's text and a table's cells would change);
// - the old and the new link text each read, on their own, as exactly that one link or embed,
//   starting and ending with the same characters (`[[`, `![`, `]]`, `)`): what stands next to a
//   link (a tag, an embed's `!`, a block id) reads the same;
// - neither holds a character that opens or closes a region the parser hides or pairs across a
//   line (code spans, math, comments, raw HTML and autolinks, escapes, line breaks), and each
//   holds balanced brackets and parentheses, so the pairing of the others on the line stays;
// - a `|` added or removed does not sit on a line followed by one with a `-` (a pipe may make a
//   paragraph line a table's header row).
import type { LinkRef, Loc, NoteMetadata, Pos, SectionType, TagRef } from '../metadata-types';
import { parseMarkdown } from '../markdown/parse-markdown';
import { PackedSections, packedSectionsOf, withLazySections } from '../markdown/packed-sections';
import type { Splice } from './nested-splices';

/** Characters that may change how text around a link parses: code, math, HTML, escapes, lines. */
const UNSAFE = /[`$<>\\\r\n\0]|%%/;

function balanced(s: string, open: string, close: string): boolean {
  let depth = 0;
  for (const c of s) {
    if (c === open) depth++;
    else if (c === close && --depth < 0) return false;
  }
  return depth === 0;
}

function count(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i !== -1; i = s.indexOf(c, i + 1)) n++;
  return n;
}

const isWiki = (s: string): boolean => s.startsWith('[[') || s.startsWith('![[');

/**
 * What link texts read as on their own, by `!`-flag and text: a move rewrites the same link in
 * every note linking to the moved note, and a job of 1,000 moves read each text many times over.
 */
const aloneSeen = new Map<string, LinkRef | null>();
const ALONE_KEPT = 4096;

/** The link `text` reads as on its own, when it reads as exactly one link or embed and nothing else. */
function alone(text: string, embed: boolean): LinkRef | null {
  const key = (embed ? '!' : '-') + text;
  const seen = aloneSeen.get(key);
  if (seen !== undefined) return seen;
  const meta = parseMarkdown(text);
  const list = embed ? meta.embeds : meta.links;
  const other = embed ? meta.links : meta.embeds;
  const ref = list.length === 1 && other.length === 0 && meta.tags.length === 0 && meta.headings.length === 0 ? (list[0] as LinkRef) : null;
  const out = ref !== null && ref.original === text ? ref : null;
  if (aloneSeen.size >= ALONE_KEPT) aloneSeen.clear();
  aloneSeen.set(key, out);
  return out;
}

interface Placed {
  start: number;
  end: number;
  line: number;
  delta: number;
}

/** Moves locations of the old text past the splices (none lies strictly inside a splice). */
class Shifter {
  constructor(private readonly placed: readonly Placed[]) {}

  /** How far an offset of the old text moves: the change in length of the splices ending at or before it. */
  offset(offset: number): number {
    let d = 0;
    for (const p of this.placed) {
      if (p.end > offset) break;
      d += p.delta;
    }
    return d;
  }

  /** How far a column moves: the change in length of the splices on its line ending at or before it. */
  col(line: number, offset: number): number {
    let d = 0;
    for (const p of this.placed) {
      if (p.end > offset) break;
      if (p.line === line) d += p.delta;
    }
    return d;
  }

  loc(l: Loc): Loc {
    const offset = this.offset(l.offset);
    if (offset === 0) return l;
    return { line: l.line, col: l.col + this.col(l.line, l.offset), offset: l.offset + offset };
  }

  pos(p: Pos): Pos {
    const start = this.loc(p.start);
    const end = this.loc(p.end);
    return start === p.start && end === p.end ? p : { start, end };
  }
}

const inside = (p: Pos, s: Placed): boolean => p.start.offset < s.end && p.end.offset > s.start;

/**
 * The metadata of `text` with the `merged` splices applied (from mergeNestedSplices, ascending),
 * given `old`, the metadata of `text`; null when the splices may change more than their links.
 */
export function shiftedMetadata(old: NoteMetadata, text: string, merged: readonly Splice[]): NoteMetadata | null {
  const placed: Placed[] = [];
  const replaced = new Map<LinkRef, LinkRef>();
  for (const s of merged) {
    const before = text.slice(s.start, s.end);
    const at = (list: LinkRef[]): LinkRef | undefined => list.find((l) => l.position.start.offset === s.start && l.position.end.offset === s.end);
    const link = at(old.links);
    const embed = link ? undefined : at(old.embeds);
    const ref = link ?? embed;
    if (!ref || ref.original !== before) return null;
    if (UNSAFE.test(before) || UNSAFE.test(s.text)) return null;
    if (before[0] !== s.text[0] || before[before.length - 1] !== s.text[s.text.length - 1] || isWiki(before) !== isWiki(s.text)) return null;
    for (const [o, c] of ['[]', '()']) if (!balanced(s.text, o as string, c as string) || !balanced(before, o as string, c as string)) return null;
    const now = alone(s.text, embed !== undefined);
    if (!now || !alone(before, embed !== undefined)) return null;
    const line = ref.position.start.line;
    if (count(before, '|') !== count(s.text, '|')) {
      const lineEnd = text.indexOf('\n', s.end);
      const next = lineEnd === -1 ? -1 : text.indexOf('\n', lineEnd + 1);
      if (lineEnd !== -1 && text.slice(lineEnd + 1, next === -1 ? text.length : next).includes('-')) return null;
    }
    placed.push({ start: s.start, end: s.end, line, delta: s.text.length - before.length });
    replaced.set(ref, now);
  }
  for (const s of placed) {
    if (old.headings.some((h) => inside(h.position, s))) return null;
    for (const l of [old.links, old.embeds]) if (l.some((r) => !replaced.has(r) && inside(r.position, s))) return null;
  }

  const shift = new Shifter(placed);
  const moveLink = (r: LinkRef): LinkRef => {
    const now = replaced.get(r);
    if (now === undefined) {
      const position = shift.pos(r.position);
      return position === r.position ? r : { ...r, position };
    }
    const start = shift.loc(r.position.start);
    const n = now.original.length;
    const out: LinkRef = { link: now.link, original: now.original, position: { start, end: { line: start.line, col: start.col + n, offset: start.offset + n } } };
    if (now.displayText !== undefined) out.displayText = now.displayText;
    return out;
  };

  let tableOrHeading = false;
  const first = (placed[0] as Placed).end;
  const overlaps = (type: SectionType, so: number, eo: number): void => {
    if ((type === 'table' || type === 'heading') && placed.some((s) => so < s.end && eo > s.start)) tableOrHeading = true;
  };
  const packed = packedSectionsOf(old);
  let sections: PackedSections;
  if (packed) {
    packed.forEach((type, _sl, _sc, so, _el, _ec, eo) => overlaps(type, so, eo));
    // (Numbers, not locations: a note has about 55 sections, and most lie before or after every splice alike.)
    sections = packed.shifted(first, (line, offset) => shift.col(line, offset), (offset) => shift.offset(offset));
  } else {
    sections = new PackedSections();
    for (const { type, position: p, id } of old.sections) {
      overlaps(type, p.start.offset, p.end.offset);
      const [sl, sc, so, el, ec, eo] = [p.start.line, p.start.col, p.start.offset, p.end.line, p.end.col, p.end.offset];
      if (eo < first) sections.addAt(type, sl, sc, so, el, ec, eo, id);
      else sections.addAt(type, sl, sc + shift.col(sl, so), so + shift.offset(so), el, ec + shift.col(el, eo), eo + shift.offset(eo), id);
    }
  }
  if (tableOrHeading) return null;

  const blocks: NoteMetadata['blocks'] = {};
  for (const [key, b] of Object.entries(old.blocks)) {
    const position = shift.pos(b.position);
    blocks[key] = position === b.position ? b : { id: b.id, position };
  }
  const meta: Omit<NoteMetadata, 'sections'> = {
    links: old.links.map(moveLink),
    embeds: old.embeds.map(moveLink),
    frontmatterLinks: old.frontmatterLinks,
    headings: old.headings.map((h) => {
      const position = shift.pos(h.position);
      return position === h.position ? h : { ...h, position };
    }),
    tags: old.tags.map((t): TagRef => {
      const position = shift.pos(t.position);
      return position === t.position ? t : { tag: t.tag, position };
    }),
    frontmatter: old.frontmatter,
    frontmatterPosition: old.frontmatterPosition,
    frontmatterError: old.frontmatterError,
    blocks,
  };
  return withLazySections(meta, sections);
}
