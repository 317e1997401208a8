// Checks one edit instruction against the note's current text and turns it into a whole-line
// change, or refuses it with a message that tells the model how to fix it: the headings when a
// heading is missing, the note's length when a line is out of range, the lines of near or multiple
// matches for an anchor. An edit whose result is already in the note is "already applied".
import { dominantEol, lineAt, lineSpans, type LineSpan, withEol } from '../text/lines';
import { frontmatterLineCount, headingLines } from '../text/note-structure';
import type { AnchoredEdit, EditInstruction, PositionedEdit } from './edit-instruction';
import { findAnchor } from './find-anchor';
import type { EditOutcome, EditType } from './resolved-edit';

interface NoteText {
  text: string;
  spans: LineSpan[];
  lines: string[];
  eol: string;
  /** Lines taken by frontmatter (0 when none). */
  fm: number;
}

function noteText(text: string): NoteText {
  const spans = lineSpans(text);
  const lines = spans.map((s) => text.slice(s.start, s.end));
  return { text, spans, lines, eol: dominantEol(text), fm: frontmatterLineCount(lines) };
}

/** Raw text of lines [from, to) with the line breaks between them. */
function rawLines(n: NoteText, from: number, to: number): string {
  return to > from ? n.text.slice((n.spans[from] as LineSpan).start, (n.spans[to - 1] as LineSpan).end) : '';
}

/** Model content as note lines: the note's line ending, and one trailing newline dropped. */
function contentLines(content: string, eol: string): string {
  const c = withEol(content, eol);
  return c.endsWith(eol) ? c.slice(0, -eol.length) : c;
}

function sameLinesAt(n: NoteText, at: number, body: string): boolean {
  const k = body.split(n.eol).length;
  if (at < 0 || at + k > n.lines.length) return false;
  return n.lines.slice(at, at + k).join(n.eol) === body;
}

function lengthText(n: NoteText): string {
  return `the note has ${n.lines.length} line${n.lines.length === 1 ? '' : 's'}`;
}

/**
 * Refuses a range that cuts across the frontmatter fences or lies inside them; null when the range
 * is fine. An edit waits as a pending block where its lines are, and a block inside the YAML would
 * make the properties invalid until the user decides: the frontmatter changes only as a whole.
 */
function frontmatterProblem(n: NoteText, from: number, to: number): string | null {
  if (n.fm === 0) return null;
  const fmText = `the frontmatter (lines 1-${n.fm})`;
  if (from === to) {
    if (from === 0) return `inserting at line 1 would go above ${fmText}; use "start" to insert after it`;
    if (from < n.fm) return `inserting at line ${from + 1} would put a pending edit inside ${fmText}, which would break the properties while it waits; replace the whole frontmatter (replace:1-${n.fm}) or use "start" to insert after it`;
    return null;
  }
  const whole = from === 0 && to >= n.fm;
  const after = from >= n.fm;
  if (whole || after) return null;
  if (from >= 1 && to <= n.fm - 1) return `lines ${from + 1}-${to} are inside ${fmText}; a pending edit there would break the properties while it waits, so replace the whole frontmatter (replace:1-${n.fm}) instead`;
  return `lines ${from + 1}-${to} cut across ${fmText}; replace the whole frontmatter (replace:1-${n.fm}) or change lines after it (from ${n.fm + 1})`;
}

type Outcome = EditOutcome;

function refused(e: EditInstruction, message: string): Outcome {
  return { status: 'refused', file: e.file, index: e.index, message };
}

function alreadyApplied(e: EditInstruction, message: string): Outcome {
  return { status: 'already-applied', file: e.file, index: e.index, message };
}

function resolved(e: EditInstruction, type: EditType, from: number, to: number, before: string, after: string, source: string): Outcome {
  return { status: 'resolved', edit: { kind: 'edit', file: e.file, type, from, to, before, after, index: e.index, source } };
}

function insertAt(e: PositionedEdit, n: NoteText, at: number, body: string): Outcome {
  const fm = frontmatterProblem(n, at, at);
  if (fm) return refused(e, fm);
  const k = body.split(n.eol).length;
  if (sameLinesAt(n, at, body) || sameLinesAt(n, at - k, body)) {
    return alreadyApplied(e, `the content is already at line ${sameLinesAt(n, at, body) ? at + 1 : at - k + 1}`);
  }
  return resolved(e, 'add', at, at, '', body, e.positionText);
}

function resolveHeading(e: PositionedEdit, n: NoteText, wanted: string, body: string): Outcome {
  const headings = headingLines(n.lines);
  const norm = (s: string): string => s.replace(/\s+/g, ' ').replace(/ #+$/, '').trim();
  const byRaw = wanted.trimStart().startsWith('#');
  const pick = (fold: (s: string) => string): typeof headings =>
    headings.filter((h) => fold(byRaw ? norm(h.raw) : h.text) === fold(byRaw ? norm(wanted) : wanted.trim()));
  let found = pick((s) => s);
  if (found.length === 0) found = pick((s) => s.toLowerCase());
  if (found.length === 0) {
    if (headings.length === 0) return refused(e, `the note has no headings; use start, end or insert:N`);
    const list = headings.slice(0, 30).map((h) => `"${h.raw}" (line ${h.line + 1})`).join(', ');
    return refused(e, `no heading "${wanted}" in the note; its headings are: ${list}${headings.length > 30 ? ', …' : ''}`);
  }
  if (found.length > 1) {
    return refused(e, `heading "${wanted}" occurs ${found.length} times (lines ${found.map((h) => h.line + 1).join(', ')}); use insert:N to say where`);
  }
  return insertAt(e, n, (found[0] as { line: number }).line + 1, body);
}

function resolvePositioned(e: PositionedEdit, note: string | null): Outcome {
  const p = e.position;
  if (p.kind === 'create') {
    if (note === null) return { status: 'resolved', edit: { kind: 'create', file: e.file, content: e.content, index: e.index } };
    if (note === e.content || note.replace(/\s+$/, '') === e.content.replace(/\s+$/, '')) return alreadyApplied(e, 'the note already exists with this content');
    return refused(e, `the note already exists (${note.length === 0 ? 'empty' : `${lineSpans(note).length} lines`}); edit it with a position such as end or replace:N`);
  }
  if (note === null) return refused(e, p.kind === 'open' ? 'no such note' : 'no such note; use position "create" to make a new one');
  if (p.kind === 'open') return { status: 'resolved', edit: { kind: 'open', file: e.file, index: e.index } };
  const n = noteText(note);
  const len = n.lines.length;
  if (p.kind === 'delete') {
    if (p.to > len) return refused(e, `line ${p.to} is past the end: ${lengthText(n)}`);
    const fm = frontmatterProblem(n, p.from - 1, p.to);
    if (fm) return refused(e, fm);
    return resolved(e, 'delete', p.from - 1, p.to, rawLines(n, p.from - 1, p.to), '', e.positionText);
  }
  const body = contentLines(e.content, n.eol);
  if (e.content === '' || (body === '' && p.kind !== 'replace')) {
    return refused(e, p.kind === 'replace' ? 'content is empty; to remove lines use delete:N or delete:N-M' : 'content is empty; nothing to add');
  }
  switch (p.kind) {
    case 'start':
      return insertAt(e, n, n.fm, body);
    case 'end': {
      let last = len;
      while (last > n.fm && (n.lines[last - 1] as string).trim() === '') last--;
      const k = body.split(n.eol).length;
      if (sameLinesAt(n, last - k, body)) return alreadyApplied(e, `the note already ends with this content (line ${last - k + 1})`);
      return resolved(e, 'add', len, len, '', body, e.positionText);
    }
    case 'after':
      return resolveHeading(e, n, p.heading, body);
    case 'insert':
      if (p.line > len + 1) return refused(e, `line ${p.line} is past the end: ${lengthText(n)} (insert takes 1 to ${len + 1})`);
      return insertAt(e, n, p.line - 1, body);
    case 'replace': {
      if (p.to > len) return refused(e, `line ${p.to} is past the end: ${lengthText(n)}`);
      const fm = frontmatterProblem(n, p.from - 1, p.to);
      if (fm) return refused(e, fm);
      const before = rawLines(n, p.from - 1, p.to);
      if (n.lines.slice(p.from - 1, p.to).join(n.eol) === body) return alreadyApplied(e, `lines ${p.from}-${p.to} already read so`);
      return resolved(e, 'replace', p.from - 1, p.to, before, body, e.positionText);
    }
  }
}

function resolveAnchored(e: AnchoredEdit, note: string | null): Outcome {
  if (note === null) return refused(e, 'no such note; anchored edits change existing notes');
  const n = noteText(note);
  const find = n.eol === '\n' ? e.find : withEol(e.find, n.eol);
  const replace = n.eol === '\n' ? e.replace : withEol(e.replace, n.eol);
  if (find === replace) return refused(e, 'find and replace are the same text; nothing would change');
  const m = findAnchor(n.text, n.spans, n.lines, find, replace);
  const source = `find "${e.find.length > 40 ? e.find.slice(0, 40) + '…' : e.find}"`;
  const lineList = (ls: number[]): string => [...new Set(ls)].join(', ');
  if (m.status === 'already-applied') return alreadyApplied(e, `the replacement text is already in the note (line ${lineList(m.lines)}) and the find text is not`);
  if (m.status === 'several') {
    return refused(e, `the find text matches ${m.lines.length > 10 ? 'more than 10' : m.lines.length} times${m.tolerant ? ' (ignoring whitespace)' : ''}, at lines ${lineList(m.lines)}; include more surrounding text so it matches once`);
  }
  if (m.status === 'none') {
    const near = m.nearLines.length > 0 ? `; the closest lines are ${m.nearLines.join(', ')}: ${m.nearLines.map((l) => JSON.stringify(n.lines[l - 1])).join(', ')}` : '';
    return refused(e, `the find text is not in the note (not even ignoring whitespace)${near}`);
  }
  // Widen the match to whole lines; if it swallowed a line break that the replacement does not
  // give back, the next line joins this one and belongs to the change too.
  const a = lineAt(n.spans, m.start);
  let b = lineAt(n.spans, m.end - 1);
  const regionStart = (n.spans[a] as LineSpan).start;
  let regionEnd = (n.spans[b] as LineSpan).termEnd;
  let region = n.text.slice(regionStart, m.start) + replace + n.text.slice(m.end, regionEnd);
  const termOf = (i: number): string => n.text.slice((n.spans[i] as LineSpan).end, (n.spans[i] as LineSpan).termEnd);
  if (region !== '' && termOf(b) !== '' && !region.endsWith(termOf(b)) && b + 1 < n.lines.length) {
    b++;
    region += n.text.slice(regionEnd, (n.spans[b] as LineSpan).termEnd);
    regionEnd = (n.spans[b] as LineSpan).termEnd;
  }
  const fm = frontmatterProblem(n, a, b + 1);
  if (fm) return refused(e, fm);
  const before = rawLines(n, a, b + 1);
  if (region === '') return resolved(e, 'delete', a, b + 1, before, '', source);
  const term = termOf(b);
  const after = term !== '' && region.endsWith(term) ? region.slice(0, -term.length) : region;
  return resolved(e, 'replace', a, b + 1, before, after, source);
}

/** Resolves one instruction against the note's text (`null` when the note does not exist). */
export function resolveInstruction(e: EditInstruction, note: string | null): EditOutcome {
  return e.kind === 'anchored' ? resolveAnchored(e, note) : resolvePositioned(e, note);
}
