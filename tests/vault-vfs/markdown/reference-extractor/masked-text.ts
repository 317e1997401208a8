// Reference copy of src/vault-vfs/markdown/masked-text.ts as of commit 6918da0, before the extractor was
// made faster: the differential test (../extractor-differential.test.ts) checks that the
// current extractor answers exactly as this one did. Not used by anything else; do not edit.
// The masked copy of a note's text, built from the ranges the masking pass found
// (code-regions.ts), and which lines it leaves with nothing visible.

import { Region } from '../../../../src/vault-vfs/markdown/region-kind';
import type { TextLines } from '../../../../src/vault-vfs/markdown/text-lines';

/** `ranges` holds triples: start, end, and 1 when the range spans lines (its breaks are kept). */
export function buildMasked(text: string, ranges: number[]): string {
  if (ranges.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (let i = 0; i < ranges.length; i += 3) {
    const start = ranges[i] ?? 0;
    const end = ranges[i + 1] ?? 0;
    const filler = ranges[i + 2] ? text.slice(start, end).replace(/[^\n\r]/g, '\0') : '\0'.repeat(end - start);
    parts.push(text.slice(last, start), filler);
    last = end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** Per line: 1 when it lies in an excluded region and nothing but spaces is left visible on it. */
export function hiddenLines(masked: string, lines: TextLines, lineKind: Uint8Array): Uint8Array {
  const hidden = new Uint8Array(lines.count);
  for (let line = 0; line < lines.count; line++) {
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
