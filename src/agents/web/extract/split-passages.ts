// Page Markdown cut into passages small enough to rank and keep one by one: paragraphs merged up to
// a target size, never across a heading (a heading opens the passage it titles), and paragraphs
// longer than the maximum cut at sentence ends.

export const PASSAGE_TARGET_CHARS = 700;
export const PASSAGE_MAX_CHARS = 1200;

export function splitPassages(markdown: string): string[] {
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '')
    .flatMap((b) => (b.length > PASSAGE_MAX_CHARS ? cutLong(b) : [b]));
  const passages: string[] = [];
  let current = '';
  for (const block of blocks) {
    const heading = /^#{1,6}\s/.test(block);
    // A heading stays with the paragraph it titles, whatever its size.
    const onlyHeading = /^#{1,6}\s[^\n]*$/.test(current);
    if (current !== '' && (heading || (!onlyHeading && current.length + block.length + 2 > PASSAGE_TARGET_CHARS))) {
      passages.push(current);
      current = '';
    }
    current = current === '' ? block : `${current}\n\n${block}`;
  }
  if (current !== '') passages.push(current);
  return passages;
}

/** Cuts a long block at sentence ends (or spaces, or anywhere) into pieces of at most PASSAGE_MAX_CHARS. */
function cutLong(block: string): string[] {
  const pieces: string[] = [];
  let rest = block;
  while (rest.length > PASSAGE_MAX_CHARS) {
    const window = rest.slice(0, PASSAGE_MAX_CHARS);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '), window.lastIndexOf('\n'));
    const space = window.lastIndexOf(' ');
    const cut = sentence > PASSAGE_MAX_CHARS / 3 ? sentence + 1 : space > PASSAGE_MAX_CHARS / 3 ? space : PASSAGE_MAX_CHARS;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}
