// Where a streaming Markdown answer can be cut so that what comes before renders the same on its
// own as it would in the whole text: after a blank line that is followed by a line starting in
// the first column, outside a fenced code block and outside display math ($$) or a comment (%%)
// that is still open. A line indented after a blank line may continue a list item or be indented
// code, so it settles nothing. What lies before the cut is finished: it is rendered once, and
// only the rest (the open block) is rendered again as more arrives.
// Two things do reach back across blocks: reference definitions and footnotes ([x]: url,
// [^1]: text) give meaning to text above them, so an answer holding them is rendered whole at the
// end (needsWholeRender).

const FENCE = /^( {0,3})(`{3,}|~{3,})/;
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/** Whether `line` closes the fence opened by `fence`, as held-code.ts reads fences. */
function closes(line: string, fence: string): boolean {
  const close = FENCE.exec(line);
  return close !== null && close[2]?.[0] === fence[0] && (close[2]?.length ?? 0) >= fence.length && line.trim() === close[2];
}

/** How often `mark` occurs in `line` (pairs of `$$` or `%%` open and close a span that may hold blank lines). */
function count(line: string, mark: string): number {
  let n = 0;
  for (let at = line.indexOf(mark); at !== -1; at = line.indexOf(mark, at + mark.length)) n++;
  return n;
}

/**
 * The length of the finished part of `text`, read from `from` (a cut found before, or 0): the
 * offset of the last line that starts a new top-level block after a blank line, or `from` when
 * there is none yet. Only complete lines count: the last line may still grow.
 */
export function settledLength(text: string, from = 0): number {
  let settled = from;
  let fence: string | null = null;
  let math = false;
  let comment = false;
  let blank = false;
  let at = from;
  for (;;) {
    const end = text.indexOf('\n', at);
    // The last line has no line break yet: its first character is enough to know it starts a block.
    const line = end === -1 ? text.slice(at) : text.slice(at, end);
    if (fence !== null) {
      if (closes(line, fence)) fence = null;
    } else if (line.trim() === '') {
      if (end !== -1) blank = true;
    } else {
      if (blank && !math && !comment && /^\S/.test(line)) settled = at;
      blank = false;
      const open = FENCE.exec(line);
      if (open) fence = open[2] ?? '```';
      else {
        if (count(line, '$$') % 2 === 1) math = !math;
        if (count(line, '%%') % 2 === 1) comment = !comment;
      }
    }
    if (end === -1) return settled;
    at = end + 1;
  }
}

/** Whether part of the answer gives meaning to text before it, so it must be rendered as a whole. */
export function needsWholeRender(text: string): boolean {
  return DEFINITION.test(text);
}
