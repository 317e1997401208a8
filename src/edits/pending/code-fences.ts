// Which lines of a note open a fenced code block that is not a pending block, and where it ends,
// by CommonMark's rules for fences: up to three spaces of indent, a run of three or more backticks
// or tildes (a backtick fence's info string holds no backtick), closed by a run of the same
// character at least as long with nothing after it but spaces, or by the end of the note. A
// pending block shown as an example inside such a fence (or inside indented code, which a block's
// unindented opening line can never be part of) is text, not a proposal.

/** A fence that opens code: its character and length. */
export interface FenceOpen {
  char: '`' | '~';
  length: number;
}

const OPENER = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const CLOSER = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** The fence a line opens, or null when it opens none. */
export function fenceOpen(line: string): FenceOpen | null {
  const m = OPENER.exec(line);
  if (!m) return null;
  const run = m[1] as string;
  const char = run[0] as '`' | '~';
  if (char === '`' && (m[2] as string).includes('`')) return null;
  return { char, length: run.length };
}

/** Whether a line closes the fence `open`. */
export function closesFence(line: string, open: FenceOpen): boolean {
  const m = CLOSER.exec(line);
  if (!m) return false;
  const run = m[1] as string;
  return run[0] === open.char && run.length >= open.length;
}

/** The 0-based numbers of lines that may open or close a fence, found with native searches. */
export function fenceCandidateLines(text: string, lineAt: (offset: number) => number): number[] {
  const lines = new Set<number>();
  for (const mark of ['```', '~~~']) {
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 3)) {
      const i = lineAt(at);
      lines.add(i);
    }
  }
  return [...lines].sort((a, b) => a - b);
}
