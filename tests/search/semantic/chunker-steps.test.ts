// chunkNote now runs in steps (a note of megabytes is chunked across time slices): for any note it
// must give exactly the chunks the one-pass chunker gave, kept here as the reference.
//
// Why a frozen copy rather than a property over chunkNote alone: the steps rewrote how lines are
// cut (`\r\n`, a lone `\r`, the last line) and how a short note is measured (without joining its
// lines), and they thread a budget through the section split. Properties such as "every word
// kept, every chunk under the cap" (chunker.test.ts) hold for many chunkings; only the old
// algorithm, unchanged, pins the exact chunk boundaries and hashes that stored vectors rely on
// (a change there must bump CHUNKER_VERSION, not slip through). Edit it only with such a
// deliberate change, never to make a refactor of chunker.ts pass.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { NoteMetadata } from '../../../src/vault-vfs/metadata-types';
import { type Chunk, chunkNote, contentHash } from '../../../src/search/semantic/chunker';

interface Span {
  heading: string;
  from: number;
  to: number;
}

/** The chunker as it was before it ran in steps (2026-11-24), in one function: sections, line pieces, hard cuts. */
function referenceChunks(text: string, meta: NoteMetadata | null, maxTokens: number, shortNoteTokens: number): Chunk[] {
  const maxChars = maxTokens * 4;
  const lines = text.split(/\r?\n/);
  const fmEnd = meta?.frontmatterPosition?.end.line;
  const first = fmEnd === undefined ? 0 : fmEnd + 1;
  const bodyOf = (span: Span): string => lines.slice(span.from, span.to + 1).join('\n').trim();
  const make = (span: Span, body: string): Chunk => ({ heading: span.heading, from: span.from, to: span.to, body, hash: contentHash(`${span.heading}\n${body}`) });
  const whole: Span = { heading: '', from: first, to: lines.length - 1 };
  const all = bodyOf(whole);
  if (all === '') return [];
  if (Math.ceil(all.length / 4) <= shortNoteTokens) return [make(whole, all)];
  const heads = (meta?.headings ?? []).filter((h) => h.position.start.line >= first).sort((a, b) => a.position.start.line - b.position.start.line);
  const sections: Span[] = [];
  const stack: { level: number; text: string }[] = [];
  let start = first;
  let heading = '';
  for (const h of heads) {
    sections.push({ heading, from: start, to: h.position.start.line - 1 });
    while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level >= h.level) stack.pop();
    stack.push({ level: h.level, text: h.heading.trim() });
    heading = stack.map((s) => s.text).join(' > ');
    start = h.position.end.line + 1;
  }
  sections.push({ heading, from: start, to: lines.length - 1 });
  const out: Chunk[] = [];
  for (const span of sections) {
    if (span.to < span.from) continue;
    const pieces: Span[] = [];
    let from = span.from;
    let chars = 0;
    let lastBlank = -1;
    for (let i = span.from; i <= span.to; i++) {
      const len = (lines[i] as string).length + 1;
      if (chars + len > maxChars && i > from) {
        const cut = lastBlank > from ? lastBlank : i - 1;
        pieces.push({ heading: span.heading, from, to: cut });
        from = cut + 1;
        chars = 0;
        for (let k = from; k < i; k++) chars += (lines[k] as string).length + 1;
        lastBlank = -1;
      }
      chars += len;
      if ((lines[i] as string).trim() === '') lastBlank = i;
    }
    if (from <= span.to) pieces.push({ heading: span.heading, from, to: span.to });
    for (const piece of pieces) {
      let rest = bodyOf(piece);
      while (rest.length > maxChars) {
        const space = rest.lastIndexOf(' ', maxChars);
        const cut = space > maxChars / 2 ? space : maxChars;
        out.push(make(piece, rest.slice(0, cut).trim()));
        rest = rest.slice(cut).trim();
      }
      if (rest !== '') out.push(make(piece, rest));
    }
  }
  return out;
}

const PARTS = ['word ', 'words and more words ', ' ', '\t', '\n', '\n\n', '\r\n', '  \n', '# Head\n', '## Sub\n', '---\ntags: [a]\n---\n', '\u00a0', 'x'.repeat(300), ' y'.repeat(200), '\r', 'é😀 '];

describe('chunkNote in steps', () => {
  it('gives exactly the chunks of the one-pass chunker, for generated notes', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PARTS), { maxLength: 120 }), fc.constantFrom(8, 16, 64), fc.constantFrom(0, 5, 40), (parts, maxTokens, shortNoteTokens) => {
        const text = parts.join('');
        const meta = parseMarkdown(text);
        expect(chunkNote(text, meta, { maxTokens, shortNoteTokens })).toEqual(referenceChunks(text, meta, maxTokens, shortNoteTokens));
        expect(chunkNote(text, null, { maxTokens, shortNoteTokens })).toEqual(referenceChunks(text, null, maxTokens, shortNoteTokens));
      }),
      { numRuns: 500, seed: 1124 },
    );
  });
});
