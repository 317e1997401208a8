// Reeve's own variants for the conformance suite: every block construct Obsidian notes use, with
// a link (`{L}`) in each place a link can be written, before, inside and after the construct,
// filled with each kind of link a move rewrites.

export const LINK_KINDS: Record<string, (n: number) => string> = {
  wikilink: (n) => `[[Note ${n}]]`,
  'wikilink with alias and heading': (n) => `[[Folder/Note ${n}#Part|shown]]`,
  embed: (n) => `![[img-${n}.png]]`,
  'relative markdown link': (n) => `[text](../notes/note-${n}.md)`,
  'encoded markdown link': (n) => `[text](notes/a%20b-${n}.md#part)`,
  'angle markdown link': (n) => `[text](<notes/a b-${n}.md>)`,
  image: (n) => `![alt](img-${n}.png)`,
  'image inside a link': (n) => `[![alt](img-${n}.png)](note-${n}.md)`,
  'embed inside a link': (n) => `[![[img-${n}.png]]](note-${n}.md)`,
};

export const CONSTRUCTS: Record<string, string> = {
  paragraph: '{L} text {L}\nnext line {L}\n\n{L}',
  'atx heading': '# Title {L}\n## {L} ##\n{L}',
  'setext heading': 'Title {L}\n===\n{L}',
  'block quote': '> {L}\n> more {L}\nlazy {L}\n\n{L}',
  callout: '> [!note] Title {L}\n> body {L}\n> - item {L}\n\n{L}',
  'nested quote': '> > {L}\n> {L}\n\n{L}',
  'bullet list': '- {L}\n- item {L}\n  continued {L}\n\n  second paragraph {L}\n- {L}',
  'ordered list': '1. {L}\n2) {L}\n10. {L}\n\n{L}',
  'nested list': '- a\n  - b {L}\n    - c {L}\n- {L}',
  fence: '```\n{L}\n```\n{L}\n~~~~ js\n{L}\n~~~~\n{L}',
  'fence on a list-marker line': '- ```\n  {L}\n  ```\n- {L}\n1. ```js\n   {L}\n   ```\n{L}',
  'fence in a quote': '> ```\n> {L}\n> ```\n> {L}\n\n{L}',
  'unclosed fence in a quote': '> ```\n> {L}\n\n{L}\n# After {L}',
  'unclosed fence in a callout': '> [!tip]\n> ~~~\n> {L}\n{L}\n\n{L}',
  'fence in a list item ended by the item': '- ```\n  {L}\n{L}\n\n{L}',
  'closing fence indented four spaces': '```\n{L}\n    ```\n{L}\n```\n{L}',
  'indented code': '    {L}\n\n{L}\n\n\t{L}\n{L}',
  'indented code in a list item': '- foo\n\n\t\t{L}\n\n      {L}\n- {L}',
  'indented code in a quote': '>     {L}\n> {L}\n\n{L}',
  'paragraph continuation is not code': 'text\n    {L}\n- item\n      {L}',
  'html block div': '<div>\n{L}\n</div>\n\n{L}',
  'html block span': '<span>\n{L}\n</span>\n\n{L}',
  'html block custom tag': '<Warning>\n{L}\n</Warning>\n\n{L}',
  'html block link tag': '<a href="https://obsidian.md">\n{L}\n</a>\n\n{L}',
  'html block in a quote': '> <div>\n> {L}\n\n> {L}',
  'html comment block': '<!-- {L}\n{L} -->\n{L}',
  'inline html is no block': 'text <span>{L}</span>\n{L}',
  'inline html attributes and autolinks': 'a <span title="{L}">b</span> {L} <https://x.org/{L}> <br/> {L}',
  'code span': 'a `{L}` b {L} ``x ` {L} `` {L}',
  'code span across lines': 'a `` {L}\n{L} `` {L}\n- b ` {L}\n  {L} ` {L}\n\nc ` {L}\n\n{L} `',
  emphasis: '*{L}* **{L}** _{L}_',
  'thematic break': '***\n{L}\n- - -\n{L}',
};

/** The construct with its `{L}` filled by numbered links of one kind. */
export function fill(template: string, link: (n: number) => string): string {
  let n = 0;
  return template.replace(/\{L\}/g, () => link(++n));
}
