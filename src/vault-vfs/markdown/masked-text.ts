// The masked copy of a note's text, built from the ranges the masking pass found
// (code-regions.ts), and which lines it leaves with nothing visible.

import { Region } from './region-kind';
import type { TextLines } from './text-lines';

/** `ranges` holds triples: start, end, and 1 when the range spans lines (its breaks are kept). */
export function buildMasked(text: string, ranges: number[]): string {
  if (ranges.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (let i = 0; i < ranges.length; i += 3) {
    const start = ranges[i] ?? 0;
    const end = ranges[i + 1] ?? 0;
    const filler = ranges[i + 2] ? nulsKeepingBreaks(text, start, end) : '\0'.repeat(end - start);
    parts.push(text.slice(last, start), filler);
    last = end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * `text[start, end)` with every character but `\n` and `\r` replaced by NUL. A loop rather than
 * `replace(/[^\n\r]/g, ...)`: the regex makes one replacement per character, and every note with
 * frontmatter comes here.
 */
function nulsKeepingBreaks(text: string, start: number, end: number): string {
  let out = '';
  let run = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      out += '\0'.repeat(i - run) + (c === 10 ? '\n' : '\r');
      run = i + 1;
    }
  }
  return out + '\0'.repeat(end - run);
}

/**
 * Per line: 1 when it lies in an excluded region and nothing but spaces is left visible on it;
 * the frontmatter's lines (before `bodyStart`, not masked) are hidden whole.
 */
export function hiddenLines(masked: string, lines: TextLines, lineKind: Uint8Array, bodyStart: number): Uint8Array {
  const hidden = new Uint8Array(lines.count);
  hidden.fill(1, 0, bodyStart);
  for (let line = bodyStart; line < lines.count; line++) {
    if (lineKind[line] === Region.none) continue;
    let visible = false;
    for (let i = lines.start(line), e = lines.end(line); i < e; i++) {
      const ch = masked.charCodeAt(i);
      if (ch !== 0 && ch !== 32 && ch !== 9) {
        visible = true;
        break;
      }
    }
    if (!visible) hidden[line] = 1;
  }
  return hidden;
}
