// Line arithmetic on note text that never rewrites what it does not touch: a note is a list of
// lines, each with its own terminator ("\n", "\r\n", "\r" or none for a last line without a final
// newline). Edits and pending blocks are replacements of whole line ranges, and every byte outside
// the range (including mixed line endings) stays as it was. Inserting lines and then removing the
// same lines gives back the original text exactly, which is what makes reject lossless. A byte
// order mark is an encoding mark, not text: the first line starts after it, so a line edit (an
// insert at the start, a frontmatter line) never moves it from first place.
import { afterByteOrderMark } from '../../vault-vfs/markdown/frontmatter';
import { dominantEol } from '../../vault-vfs/markdown/text-lines';

export interface LineSpan {
  /** Offset of the first character of the line. */
  start: number;
  /** Offset just past the line's text, before its terminator. */
  end: number;
  /** Offset just past the terminator (equals `end` for a last line without a newline). */
  termEnd: number;
}

/** Splits on "\r\n", "\n" and "\r", as CodeMirror (the Obsidian editor) counts lines. */
export function lineSpans(text: string): LineSpan[] {
  const spans: LineSpan[] = [];
  let start = afterByteOrderMark(text);
  const n = text.length;
  if (!text.includes('\r')) {
    // The common case, with a native search instead of a character loop.
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
      spans.push({ start, end: i, termEnd: i + 1 });
      start = i + 1;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) {
        const termEnd = c === 13 && text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
        spans.push({ start, end: i, termEnd });
        start = termEnd;
        i = termEnd - 1;
      }
    }
  }
  if (start < n) spans.push({ start, end: n, termEnd: n });
  return spans;
}

/** The text of each line, without terminators. */
export function splitLines(text: string): string[] {
  return lineSpans(text).map((s) => text.slice(s.start, s.end));
}

/** The line ending most of the note uses (the frontmatter writer's too). */
export { dominantEol };

/** Rewrites every line break in `text` to `eol`. */
export function withEol(text: string, eol: string): string {
  return text.replace(/\r\n|\n|\r/g, eol);
}

/** Replace lines [from, to) (0-based, `to` exclusive) with `body`; `from === to` inserts before line `from`. */
export interface LineEdit {
  from: number;
  to: number;
  /** The new lines joined by line breaks; `null` means no lines at all (a deletion). "" is one empty line. */
  body: string | null;
}

/** True when two line edits touch the same lines (an insertion may sit at either edge of a range). */
export function lineEditsOverlap(a: LineEdit, b: LineEdit): boolean {
  if (a.from === a.to && b.from === b.to) return false;
  if (a.from === a.to) return b.from < a.from && a.from < b.to;
  if (b.from === b.to) return a.from < b.from && b.from < a.to;
  return a.from < b.to && b.from < a.to;
}

/**
 * Applies non-overlapping line edits, all given against the original text, in one pass.
 * Lines outside the edits keep their exact text and terminators. Inserted lines take the note's
 * dominant line ending; a replaced range keeps the terminator of its last line; and a note that
 * ended without a final newline still does. Insertions at the same line keep their given order.
 * Inserting lines and then deleting those same lines gives back the original text exactly.
 */
export function applyLineEdits(text: string, edits: readonly LineEdit[]): string {
  const spans = lineSpans(text);
  const n = spans.length;
  const eol = dominantEol(text);
  for (const e of edits) {
    if (e.from < 0 || e.to < e.from || e.to > n) throw new RangeError(`line range ${e.from + 1}-${e.to} is outside a note of ${n} lines`);
  }
  const order = edits.map((e, i) => ({ e, i })).sort((x, y) => x.e.from - y.e.from || (x.e.from === x.e.to ? 0 : 1) - (y.e.from === y.e.to ? 0 : 1) || x.i - y.i);
  let reach = 0;
  for (const { e } of order) {
    if (e.from < reach) throw new RangeError(`the edit of lines ${e.from + 1}-${Math.max(e.to, e.from + 1)} overlaps another edit (which reaches line ${reach})`);
    if (e.to > e.from) reach = e.to;
  }
  // Untouched runs of lines are copied as one slice each, terminators included; the byte order
  // mark, before the first line, goes first whatever happens to that line.
  const parts: string[] = [text.slice(0, afterByteOrderMark(text))];
  let needBreak = false; // the output ends with a line that has no terminator yet
  let lastBodyTerm = -1; // index of the terminator after the last unit, when that unit is new text
  let lastRawTermLen = 0; // length of the terminator ending the output, when the last unit is copied
  const copy = (from: number, to: number): void => {
    if (from >= to) return;
    if (needBreak) parts.push(eol);
    const last = spans[to - 1] as LineSpan;
    parts.push(text.slice((spans[from] as LineSpan).start, last.termEnd));
    needBreak = last.termEnd === last.end;
    lastRawTermLen = last.termEnd - last.end;
    lastBodyTerm = -1;
  };
  const emit = (body: string, term: string): void => {
    if (needBreak) parts.push(eol);
    parts.push(body, term);
    needBreak = term === '';
    lastBodyTerm = parts.length - 1;
  };
  let line = 0;
  for (const { e } of order) {
    copy(line, e.from);
    line = Math.max(line, e.from);
    if (e.from === e.to) {
      if (e.body !== null) emit(e.body, eol);
      continue;
    }
    if (e.body !== null) {
      const last = spans[e.to - 1] as LineSpan;
      emit(e.body, text.slice(last.end, last.termEnd));
    }
    line = e.to;
  }
  copy(line, n);
  const endsWithoutNewline = n === 0 || (spans[n - 1] as LineSpan).termEnd === (spans[n - 1] as LineSpan).end;
  if (endsWithoutNewline) {
    if (lastBodyTerm >= 0) parts[lastBodyTerm] = '';
    else if (lastRawTermLen > 0 && parts.length > 0) {
      const tail = parts[parts.length - 1] as string;
      parts[parts.length - 1] = tail.slice(0, tail.length - lastRawTermLen);
    }
  }
  return parts.join('');
}

/** One text change: at `at`, `remove` (the original text there) is replaced by `insert`. */
export interface TextChange {
  at: number;
  remove: string;
  insert: string;
}

/** The smallest single change that turns `before` into `after` (common prefix and suffix kept). */
export function diffAsChange(before: string, after: string): TextChange {
  const max = Math.min(before.length, after.length);
  let p = 0;
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  return { at: p, remove: before.slice(p, before.length - s), insert: after.slice(p, after.length - s) };
}

/** Applies a change, checking that the text it removes is really there. */
export function applyChange(text: string, c: TextChange): string {
  if (text.slice(c.at, c.at + c.remove.length) !== c.remove) throw new RangeError(`the text at offset ${c.at} is not what the change expects`);
  return text.slice(0, c.at) + c.insert + text.slice(c.at + c.remove.length);
}

/** The change that undoes `c` on the text it produced. */
export function invertChange(c: TextChange): TextChange {
  return { at: c.at, remove: c.insert, insert: c.remove };
}

/** 0-based line index that holds `offset` (a terminator belongs to its line). */
export function lineAt(spans: readonly LineSpan[], offset: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((spans[mid] as LineSpan).start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
