// Locates the `find` text of an anchored edit. Never first-match: the text must occur exactly
// once. Exact matching comes first; only when there is no exact match is whitespace made
// tolerant (any run of spaces, tabs and line breaks matches any other), and that too must be
// unique. When nothing matches, the lines that look most like the anchor are reported so the
// model can correct itself.
import { lineAt, type LineSpan } from '../text/lines';
import { bigrams, bigramSimilarity } from '../text/similar-text';

export type AnchorResult =
  | { status: 'unique'; start: number; end: number; tolerant: boolean }
  | { status: 'already-applied'; lines: number[] }
  | { status: 'several'; lines: number[]; tolerant: boolean }
  | { status: 'none'; nearLines: number[] };

/** How many match positions are reported at most. */
const REPORT_LIMIT = 10;

function exactOccurrences(text: string, find: string, limit: number): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(find); i >= 0 && out.length < limit; i = text.indexOf(find, i + 1)) out.push(i);
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function tolerantOccurrences(text: string, find: string, limit: number): { start: number; end: number }[] {
  const tokens = find.trim().split(/\s+/).filter((t) => t !== '');
  // An anchor with more letters than the note cannot occur in it, however its spaces are read; and
  // a pattern too large for the regex engine (an anchor of megabytes) must not crash the proposal.
  if (tokens.length === 0 || tokens.reduce((n, t) => n + t.length, 0) > text.length) return [];
  const out: { start: number; end: number }[] = [];
  try {
    // V8 compiles a pattern on its first exec, so a pattern too large fails there, not in new RegExp.
    const re = new RegExp(tokens.map(escapeRegExp).join('\\s+'), 'g');
    for (let m = re.exec(text); m && out.length < limit; m = re.exec(text)) out.push({ start: m.index, end: m.index + m[0].length });
  } catch {
    return [];
  }
  return out;
}

/** 1-based lines that most resemble the first non-blank line of `find`. */
export function nearLines(lines: readonly string[], find: string): number[] {
  const probe = (find.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  if (probe.length < 2) return [];
  const grams = bigrams(probe);
  const scored: { line: number; score: number }[] = [];
  lines.forEach((l, i) => {
    const score = bigramSimilarity(grams, probe.length - 1, l);
    if (score >= 0.5) scored.push({ line: i + 1, score });
  });
  return scored
    .sort((x, y) => y.score - x.score || x.line - y.line)
    .slice(0, 3)
    .map((s) => s.line)
    .sort((x, y) => x - y);
}

export function findAnchor(text: string, spans: readonly LineSpan[], lines: readonly string[], find: string, replace: string): AnchorResult {
  const toLine = (offset: number): number => lineAt(spans, offset) + 1;
  const exact = exactOccurrences(text, find, REPORT_LIMIT + 1);
  if (exact.length === 1) {
    const at = exact[0] as number;
    // A replacement that contains the anchor leaves the anchor in the note: if it is there, aligned,
    // the edit was already made.
    const k = replace.indexOf(find);
    if (k >= 0 && at - k >= 0 && text.startsWith(replace, at - k)) return { status: 'already-applied', lines: [toLine(at - k)] };
    return { status: 'unique', start: at, end: at + find.length, tolerant: false };
  }
  if (exact.length > 1) return { status: 'several', lines: exact.slice(0, REPORT_LIMIT).map(toLine), tolerant: false };
  const tolerant = tolerantOccurrences(text, find, REPORT_LIMIT + 1);
  if (tolerant.length === 1) {
    const m = tolerant[0] as { start: number; end: number };
    return { status: 'unique', start: m.start, end: m.end, tolerant: true };
  }
  if (tolerant.length > 1) return { status: 'several', lines: tolerant.slice(0, REPORT_LIMIT).map((m) => toLine(m.start)), tolerant: true };
  // The replacement standing alone in the note, once, means the edit was made. A short
  // replacement ("x", "done") proves nothing: it occurs by chance, so it must be about as long as
  // the anchor (or 12 characters) to count.
  if (replace.trim().length >= Math.min(12, find.trim().length)) {
    const done = exactOccurrences(text, replace, 2);
    if (done.length === 1) return { status: 'already-applied', lines: done.map(toLine) };
  }
  return { status: 'none', nearLines: nearLines(lines, find) };
}
