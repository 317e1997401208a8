// The witness's block structure of a note, written from Obsidian's help ("Basic formatting syntax",
// "Advanced formatting syntax", "Callouts", "Internal links") and CommonMark, independently of
// Reeve's parser: a note is a sequence of blocks (the metadata cache's `sections`), each a run
// of lines. Simple line rules, read top to bottom; no attempt at speed.

export type BlockType = 'yaml' | 'heading' | 'paragraph' | 'list' | 'code' | 'blockquote' | 'callout' | 'table' | 'thematicBreak' | 'html' | 'math' | 'comment' | 'footnoteDefinition';

export interface Block {
  type: BlockType;
  /** First and last line (0-based, inclusive). */
  first: number;
  last: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const THEMATIC = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const BULLET = /^[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const QUOTE = /^ {0,3}>/;
const CALLOUT = /^ {0,3}>[ \t]*\[!/;
const HTML = /^ {0,3}<(?:[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|\/[A-Za-z]|!--)/;
const FOOTNOTE = /^ {0,3}\[\^[^\]]+\]:/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const INDENTED = /^(?: {4}|\t)/;

const blank = (line: string | undefined): boolean => line === undefined || line.trim() === '';

/** The line that closes a fence opened with `open` (same character, at least as long), or -1. */
function fenceEnd(lines: string[], from: number, open: string): number {
  const close = new RegExp(`^ {0,3}${open[0] === '`' ? '`' : '~'}{${open.length},}[ \\t]*$`);
  for (let i = from + 1; i < lines.length; i++) if (close.test(lines[i] ?? '')) return i;
  return lines.length - 1;
}

/** The line that holds the closing `mark` of a block opened on line `from` (`$$`, `%%`). */
function delimitedEnd(lines: string[], from: number, mark: string): number {
  const rest = (lines[from] ?? '').trimStart().slice(mark.length);
  if (rest.includes(mark)) return from;
  for (let i = from + 1; i < lines.length; i++) if ((lines[i] ?? '').includes(mark)) return i;
  return lines.length - 1;
}

/** Does this line start a block that ends a paragraph above it? */
function interruptsParagraph(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || THEMATIC.test(line) || QUOTE.test(line) || /^[ \t]*(?:[-+*]|1[.)])[ \t]+\S/.test(line) || /^ {0,3}(?:\$\$|%%)/.test(line) || HTML.test(line);
}

/** Last line of a list starting at `from`: items, their indented or lazy lines, and blank lines inside. */
function listEnd(lines: string[], from: number): number {
  let last = from;
  let content = 2;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (blank(line)) continue;
    const item = /^([ \t]*(?:[-+*]|\d{1,9}[.)]))([ \t]+|$)/.exec(line);
    const indent = /^[ \t]*/.exec(line)?.[0].replace(/\t/g, '    ').length ?? 0;
    if (item) {
      // Lines after a blank line belong to the item only if indented to its content (CommonMark).
      content = (item[1] ?? '').length + Math.min((item[2] ?? ' ').length || 1, 4);
      last = i;
    } else if (blank(lines[i - 1]) ? indent >= content : indent > 0 || !interruptsParagraph(line)) last = i;
    else break;
  }
  return last;
}

function runWhile(lines: string[], from: number, keep: (line: string) => boolean): number {
  let last = from;
  while (last + 1 < lines.length && keep(lines[last + 1] ?? '')) last++;
  return last;
}

/** The block starting on line `i` (a non-blank line), as [type, last line]. */
function blockAt(lines: string[], i: number): [BlockType, number] {
  const line = lines[i] ?? '';
  const fence = FENCE.exec(line);
  if (fence) return ['code', fenceEnd(lines, i, fence[1] ?? '```')];
  if (/^ {0,3}\$\$/.test(line)) return ['math', delimitedEnd(lines, i, '$$')];
  if (/^ {0,3}%%/.test(line)) return ['comment', delimitedEnd(lines, i, '%%')];
  if (HEADING.test(line)) return ['heading', i];
  if (THEMATIC.test(line)) return ['thematicBreak', i];
  if (QUOTE.test(line)) {
    // A line without `>` right after quoted text goes on its paragraph (CommonMark's lazy lines).
    const last = runWhile(lines, i, (l) => QUOTE.test(l) || (!blank(l) && !interruptsParagraph(l)));
    return [CALLOUT.test(line) ? 'callout' : 'blockquote', last];
  }
  if (BULLET.test(line)) return ['list', listEnd(lines, i)];
  if (INDENTED.test(line)) return ['code', runWhile(lines, i, (l) => INDENTED.test(l))];
  if (FOOTNOTE.test(line)) return ['footnoteDefinition', runWhile(lines, i, (l) => !blank(l) && !FOOTNOTE.test(l))];
  if (HTML.test(line)) return ['html', runWhile(lines, i, (l) => !blank(l))];
  if (line.includes('|') && TABLE_DELIMITER.test(lines[i + 1] ?? '') && (lines[i + 1] ?? '').includes('-')) {
    // GFM: the table goes on until a blank line or another block, with or without pipes.
    return ['table', runWhile(lines, i + 1, (l) => !blank(l) && !interruptsParagraph(l))];
  }
  return ['paragraph', runWhile(lines, i, (l) => !blank(l) && !interruptsParagraph(l))];
}

/** The frontmatter's closing line when the note opens with a `---` block, else -1. */
export function frontmatterEnd(lines: string[]): number {
  if (lines[0]?.trimEnd() !== '---') return -1;
  for (let i = 1; i < lines.length; i++) if (lines[i]?.trimEnd() === '---') return i;
  return -1;
}

export function noteBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  const fm = frontmatterEnd(lines);
  if (fm >= 0) {
    blocks.push({ type: 'yaml', first: 0, last: fm });
    i = fm + 1;
  }
  while (i < lines.length) {
    if (blank(lines[i])) {
      i++;
      continue;
    }
    const [type, last] = blockAt(lines, i);
    blocks.push({ type, first: i, last });
    i = last + 1;
  }
  return blocks;
}
