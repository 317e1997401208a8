// Code in model text never reaches Obsidian's renderer. MarkdownRenderer.render runs every
// plugin's processors: a fenced block whose language another plugin registered (`dataviewjs`,
// Reeve's own `ai-edit`) becomes that plugin's live element, and post-processors find inline code
// to run (Dataview's `$= …`). So fenced blocks and code spans are taken out before rendering,
// each replaced by a marker the renderer leaves alone, and put back afterwards as plain
// `<pre><code>` and `<code>` built from text, which no processor has seen.

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKER = /\uE000(\d+)\uE001/g;
const FENCE = /^( {0,3})(`{3,}|~{3,})/;
/** A fence inside a container (a quote, a list item, deeper indentation), which holdCode does not follow. */
const NESTED_FENCE = /^((?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]*)(`{3,}|~{3,})/;

export interface HeldCode {
  block: boolean;
  text: string;
}

const marker = (n: number): string => `${OPEN}${n}${CLOSE}`;

/** A code span's text as CommonMark reads it: line ends as spaces, one space trimmed at both ends. */
function spanText(raw: string): string {
  const text = raw.replace(/\r?\n/g, ' ');
  return text.length > 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '' ? text.slice(1, -1) : text;
}

/** One line of prose with each code span replaced by a marker. */
function holdSpans(line: string, held: HeldCode[]): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] === '\\') {
      out += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (line[i] !== '`') {
      out += line[i];
      i += 1;
      continue;
    }
    const run = /^`+/.exec(line.slice(i))?.[0] ?? '`';
    let close = line.indexOf(run, i + run.length);
    // A closing run must be exactly as long as the opening one.
    while (close !== -1 && line[close + run.length] === '`') close = line.indexOf(run, close + run.length + 1);
    if (close === -1) {
      out += run;
      i += run.length;
      continue;
    }
    held.push({ block: false, text: spanText(line.slice(i + run.length, close)) });
    out += marker(held.length - 1);
    i = close + run.length;
  }
  return out;
}

/** The Markdown with its code held out (see the file comment), and the code in marker order. */
export function holdCode(markdown: string): { markdown: string; held: HeldCode[] } {
  const held: HeldCode[] = [];
  const out: string[] = [];
  const lines = markdown.replace(/[\uE000\uE001]/g, '\uFFFD').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const open = FENCE.exec(line);
    if (!open) {
      // Escaped, it opens nothing: its lines show as the (neutralised) text they are.
      const nested = line.replace(NESTED_FENCE, (_m, containers: string, run: string) => containers + run.replace(/[`~]/g, '\\$&'));
      out.push(holdSpans(nested, held));
      continue;
    }
    const [, indent = '', fence = '```'] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j] ?? '';
      const close = FENCE.exec(l);
      if (close && close[2]?.[0] === fence[0] && (close[2]?.length ?? 0) >= fence.length && l.trim() === close[2]) break;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart());
    }
    // A fence left open runs to the end of the text, which may not end with a line break.
    const closed = j < lines.length;
    held.push({ block: true, text: body.length > 0 ? body.join('\n') + (closed ? '\n' : '') : '' });
    // On a line of its own, between blank lines: a paragraph of just the marker.
    out.push('', indent + marker(held.length - 1), '');
    i = j;
  }
  return { markdown: out.join('\n'), held };
}

function codeElement(code: HeldCode): HTMLElement {
  if (!code.block) return createEl('code', { text: code.text });
  const pre = createEl('pre');
  pre.createEl('code', { text: code.text });
  return pre;
}

/** Puts the held code back where its markers were rendered, as plain code elements. */
export function restoreCode(el: HTMLElement, held: HeldCode[]): void {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n.nodeValue ?? '').includes(OPEN)) nodes.push(n as Text);
  for (const node of nodes) {
    const text = node.nodeValue ?? '';
    const parent = node.parentElement;
    const only = /^\s*\uE000(\d+)\uE001\s*$/.exec(text);
    const code = only ? held[Number(only[1])] : undefined;
    // A block's marker is a paragraph of its own: the block takes the paragraph's place.
    if (code?.block && parent?.tagName === 'P' && parent.childNodes.length === 1) {
      parent.replaceWith(codeElement(code));
      continue;
    }
    const parts: (string | Node)[] = [];
    let at = 0;
    for (const m of text.matchAll(MARKER)) {
      parts.push(text.slice(at, m.index));
      const c = held[Number(m[1])];
      parts.push(c ? codeElement(c) : m[0]);
      at = m.index + m[0].length;
    }
    parts.push(text.slice(at));
    node.replaceWith(...parts);
  }
}
