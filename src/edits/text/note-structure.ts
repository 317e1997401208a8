// The little structure edits need from a note's text alone: where the frontmatter ends and where
// the headings are (skipping fenced code, where a `#` line is not a heading). Kept textual, not
// from the metadata cache, so that validation sees exactly the text it is about to change.

export interface HeadingLine {
  /** 0-based line index. */
  line: number;
  level: number;
  /** The heading text without the hashes, trimmed. */
  text: string;
  /** The whole line as written, trimmed at the end. */
  raw: string;
}

/**
 * Number of lines the frontmatter block takes (fences included), or 0 when the note has none.
 * A block opens with `---` on the first line and closes with `---` or `...`.
 */
export function frontmatterLineCount(lines: readonly string[]): number {
  if (lines.length === 0 || (lines[0] as string).trimEnd() !== '---') return 0;
  for (let i = 1; i < lines.length; i++) {
    const l = (lines[i] as string).trimEnd();
    if (l === '---' || l === '...') return i + 1;
  }
  return 0;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;

/** ATX headings outside frontmatter and fenced code. */
export function headingLines(lines: readonly string[]): HeadingLine[] {
  const out: HeadingLine[] = [];
  let fence: string | null = null;
  for (let i = frontmatterLineCount(lines); i < lines.length; i++) {
    const line = lines[i] as string;
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && (f[1] as string)[0] === fence[0] && (f[1] as string).length >= fence.length && line.trim() === f[1]) fence = null;
      continue;
    }
    if (f) {
      fence = f[1] as string;
      continue;
    }
    const h = ATX.exec(line);
    if (h) {
      const text = (h[2] ?? '').replace(/[ \t]+#+$/, '').trim();
      out.push({ line: i, level: (h[1] as string).length, text, raw: line.trimEnd() });
    }
  }
  return out;
}
