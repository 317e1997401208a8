// CommonMark's seven kinds of HTML block, for the block pass: what starts one and what ends it.
// Nothing inside an HTML block is markdown (Obsidian does not render markdown in them either), so
// the masking pass hides their lines whole.
//
// Obsidian differs on purpose in two places:
// - every kind ends at a blank line, as in Obsidian, where markdown after a blank line renders
//   even inside `<pre>` or `<script>`; CommonMark runs kinds 1-5 on to their end marker;
// - kind 2, `<!-- comments -->`, is not handled here: Obsidian hides a comment whole however many
//   blank lines it spans, so the inline exclusions mask it up to its `-->` (inline-exclusions.ts).

const TAG_NAME = '[A-Za-z][A-Za-z0-9-]*';
const ATTRIBUTE = `(?:[ \\t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[ \\t]*=[ \\t]*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`;

/** Sticky, tested at the line's first non-space character; index = kind (0 and 2 unused here). */
const START: (RegExp | null)[] = [
  null,
  /<(?:script|pre|textarea|style)(?:[ \t>]|$)/iy,
  null,
  /<\?/y,
  /<![A-Za-z]/y,
  /<!\[CDATA\[/y,
  /<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[ \t]|\/?>|$)/iy,
  // A complete open or closing tag alone on its line (custom tags like `<Warning>` too). Each
  // attribute needs a space before it and has one reading, so a failing line is not re-tried
  // in more than a linear number of ways.
  new RegExp(`(?:<${TAG_NAME}${ATTRIBUTE}*[ \\t]*\\/?>|<\\/${TAG_NAME}[ \\t]*>)[ \\t]*$`, 'y'),
];

const END: (RegExp | null)[] = [null, /<\/(?:script|pre|textarea|style)>/i, null, /\?>/, />/, /\]\]>/, null, null];

/**
 * The kind of HTML block starting at `p` (a `<`) in `line`, or 0. Kind 7 cannot interrupt a
 * paragraph. `line` is the text from `p` to the end of the line.
 */
export function htmlBlockStart(line: string, inParagraph: boolean): number {
  if (line.charCodeAt(0) !== 60) return 0;
  for (let kind = 1; kind <= 7; kind++) {
    const re = START[kind];
    if (!re || (kind === 7 && inParagraph)) continue;
    re.lastIndex = 0;
    if (re.test(line)) return kind;
  }
  return 0;
}

/** Whether `line` (content of a line of an HTML block of `kind`) holds the block's end marker. */
export function endsHtmlBlock(kind: number, line: string): boolean {
  const re = END[kind];
  return re ? re.test(line) : false;
}
