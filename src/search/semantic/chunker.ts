// Splits a note into the passages the semantic index embeds. One chunk per heading section (the
// metadata has the headings), its text prefixed with the note's title and heading path so that a
// passage under "## Baking" in "Sourdough" carries both; frontmatter is left out; sections longer
// than the token cap are split at blank lines (then at line ends, then hard) so each piece fits
// the model; a short note is one chunk. Each chunk keeps its heading path and line range.
//
// The content hash covers the heading path and the passage, not the title: a renamed note keeps
// its hashes, so its vectors move with it instead of being embedded again.

import type { NoteMetadata } from '../../vault-vfs/metadata-types';
import { STEP_BYTES, type Steps } from './store-steps';

export interface Chunk {
  /** Heading path `A > B`, "" before the first heading (and for a one-chunk note). */
  heading: string;
  /** 0-based line range in the note, inclusive. */
  from: number;
  to: number;
  /** The passage without prefix. */
  body: string;
  /** Hash of heading path and passage (see contentHash). */
  hash: number;
}

export interface ChunkOptions {
  /** Largest chunk, in estimated tokens; default 512. */
  maxTokens?: number;
  /** A note whose text is at most this many estimated tokens is one chunk; default 160. */
  shortNoteTokens?: number;
}

/** Bump when chunking changes: stores written by another version are rebuilt. */
export const CHUNKER_VERSION = 1;
export const DEFAULT_MAX_TOKENS = 512;
const DEFAULT_SHORT_NOTE_TOKENS = 160;

/** About four characters a token for English with OpenAI's tokenizers; used for caps and cost. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** cyrb53: a fast 53-bit string hash (enough to tell passages apart, not for security). */
export function contentHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function noteTitle(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
}

/** What is sent to the embedder: title, heading path, passage. */
export function chunkText(title: string, chunk: Pick<Chunk, 'heading' | 'body'>): string {
  return chunk.heading === '' ? `${title}\n\n${chunk.body}` : `${title}\n${chunk.heading}\n\n${chunk.body}`;
}

interface Span {
  heading: string;
  from: number;
  to: number;
}

/** Heading sections as line spans of their text (heading lines themselves excluded). */
function sections(lineCount: number, first: number, meta: NoteMetadata | null): Span[] {
  const heads = (meta?.headings ?? []).filter((h) => h.position.start.line >= first).sort((a, b) => a.position.start.line - b.position.start.line);
  const out: Span[] = [];
  const stack: { level: number; text: string }[] = [];
  let start = first;
  let heading = '';
  for (const h of heads) {
    out.push({ heading, from: start, to: h.position.start.line - 1 });
    while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level >= h.level) stack.pop();
    stack.push({ level: h.level, text: h.heading.trim() });
    heading = stack.map((s) => s.text).join(' > ');
    start = h.position.end.line + 1;
  }
  out.push({ heading, from: start, to: lineCount - 1 });
  return out;
}

/** Counts work (characters handled) and says when a step's worth is done. */
class Budget {
  units = 0;

  /** Adds `n`; true once the step is full (then yield `take()`). */
  add(n: number): boolean {
    this.units += n;
    return this.units >= STEP_BYTES;
  }

  take(): number {
    const u = this.units;
    this.units = 0;
    return u;
  }
}

/** `text.split(/\r?\n/)`, scanning a step's worth of characters at a time. */
function* linesOf(text: string, budget: Budget): Steps<string[]> {
  const lines: string[] = [];
  let start = 0;
  let nl = text.indexOf('\n');
  for (let from = 0; ; from += STEP_BYTES) {
    const end = Math.min(text.length, from + STEP_BYTES);
    while (nl !== -1 && nl < end) {
      lines.push(text.slice(start, nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl));
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    if (budget.add(end - from)) yield budget.take();
    if (end >= text.length) break;
  }
  lines.push(text.slice(start));
  return lines;
}

const isBlank = (line: string): boolean => line.trim() === '';

/** Splits lines from..to into pieces under `maxChars`, preferring blank lines, then line ends. */
function* split(lines: readonly string[], span: Span, maxChars: number, budget: Budget): Steps<Span[]> {
  const out: Span[] = [];
  let from = span.from;
  let chars = 0;
  let lastBlank = -1;
  for (let i = span.from; i <= span.to; i++) {
    const len = (lines[i] as string).length + 1;
    if (chars + len > maxChars && i > from) {
      // Cut after the last blank line in the piece, else before this line.
      const cut = lastBlank > from ? lastBlank : i - 1;
      out.push({ heading: span.heading, from, to: cut });
      from = cut + 1;
      chars = 0;
      for (let k = from; k < i; k++) chars += (lines[k] as string).length + 1;
      lastBlank = -1;
    }
    chars += len;
    if (isBlank(lines[i] as string)) lastBlank = i;
    // A line costs the same here whatever its length (its text is counted where it is hashed).
    if (budget.add(1)) yield budget.take();
  }
  if (from <= span.to) out.push({ heading: span.heading, from, to: span.to });
  return out;
}

function bodyOf(lines: readonly string[], span: Span): string {
  return lines.slice(span.from, span.to + 1).join('\n').trim();
}

/** Cuts a body that is still too long (one huge line) at spaces, or hard inside a huge word. */
function* hardPieces(body: string, maxChars: number): Generator<string> {
  let rest = body;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const cut = space > maxChars / 2 ? space : maxChars;
    yield rest.slice(0, cut).trim();
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') yield rest;
}

export function chunkNote(text: string, meta: NoteMetadata | null, options: ChunkOptions = {}): Chunk[] {
  const steps = chunkNoteSteps(text, meta, options);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/**
 * chunkNote in steps: yields after about STEP_BYTES characters of work (split, trimmed, hashed),
 * so a build can chunk a note of megabytes across time slices.
 */
export function* chunkNoteSteps(text: string, meta: NoteMetadata | null, options: ChunkOptions = {}): Steps<Chunk[]> {
  const budget = new Budget();
  const maxChars = (options.maxTokens ?? DEFAULT_MAX_TOKENS) * 4;
  const lines = yield* linesOf(text, budget);
  const fmEnd = meta?.frontmatterPosition?.end.line;
  const first = fmEnd === undefined ? 0 : fmEnd + 1;
  const make = (span: Span, body: string): Chunk => ({ heading: span.heading, from: span.from, to: span.to, body, hash: contentHash(`${span.heading}\n${body}`) });
  const whole: Span = { heading: '', from: first, to: lines.length - 1 };
  // The note's text without frontmatter, trimmed, is lines f..l: measured without joining them all.
  let f = first;
  while (f < lines.length && isBlank(lines[f] as string)) if (budget.add((lines[f++] as string).length + 1)) yield budget.take();
  if (f >= lines.length) return [];
  let l = lines.length - 1;
  while (isBlank(lines[l] as string)) if (budget.add((lines[l--] as string).length + 1)) yield budget.take();
  const firstLine = lines[f] as string;
  const lastLine = lines[l] as string;
  let length = f === l ? firstLine.trim().length : l - f - (firstLine.length - firstLine.trimStart().length) - (lastLine.length - lastLine.trimEnd().length);
  for (let i = f; f !== l && i <= l; i++) {
    length += (lines[i] as string).length;
    if (budget.add(1)) yield budget.take();
  }
  if (length <= 4 * (options.shortNoteTokens ?? DEFAULT_SHORT_NOTE_TOKENS)) {
    const all = lines.slice(f, l + 1).join('\n').trim();
    if (budget.units > 0) yield budget.take();
    return [make(whole, all)];
  }
  const out: Chunk[] = [];
  for (const section of sections(lines.length, first, meta)) {
    if (section.to < section.from) continue;
    for (const piece of yield* split(lines, section, maxChars, budget)) {
      const body = bodyOf(lines, piece);
      if (body === '') continue;
      for (const part of hardPieces(body, maxChars)) {
        out.push(make(piece, part));
        if (budget.add(part.length + piece.heading.length)) yield budget.take();
      }
    }
  }
  if (budget.units > 0) yield budget.take();
  return out;
}
