// The witness's inline elements of a block: wikilinks and embeds (`[[...]]`, `![[...]]`),
// markdown links and images to vault files (`[text](dest)`), and tags (`#tag`), written from
// Obsidian's help ("Internal links", "Embed files", "Tags"). Code spans, inline math and `%%`
// comments hide what they hold. Offsets are into the whole note.

export interface InlineLink {
  embed: boolean;
  link: string;
  original: string;
  displayText: string;
  start: number;
  end: number;
}

export interface InlineTag {
  tag: string;
  start: number;
  end: number;
}

/** The text with code spans, inline math and comments blanked out (same length, no spaces added). */
function hideCode(text: string): string {
  // Most blocks hold none of what hides text: they are their own answer.
  if (!text.includes('`') && !text.includes('%%') && !text.includes('$')) return text;
  const out = text.split('');
  const blankOut = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = '\uE000';
  };
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      let n = 0;
      while (text[i + n] === '`') n++;
      // The span ends at the next run of exactly n backticks; without one, the backticks are text.
      let j = i + n;
      let close = -1;
      while (j < text.length) {
        if (text[j] !== '`') {
          j++;
          continue;
        }
        let m = 0;
        while (text[j + m] === '`') m++;
        if (m === n) {
          close = j;
          break;
        }
        j += m;
      }
      if (close < 0) {
        i += n;
        continue;
      }
      blankOut(i, close + n);
      i = close + n;
    } else if (text.startsWith('%%', i)) {
      const close = text.indexOf('%%', i + 2);
      const end = close < 0 ? text.length : close + 2;
      blankOut(i, end);
      i = end;
    } else if (text[i] === '$' && text[i + 1] !== undefined && !/[\s$]/.test(text[i + 1] ?? '')) {
      // Inline math: `$x$`, the closing `$` after a non-space and not before a digit.
      let j = i + 1;
      while (j < text.length && !(text[j] === '$' && !/\s/.test(text[j - 1] ?? '') && !/\d/.test(text[j + 1] ?? ''))) {
        if (text[j] === '\n' && text[j + 1] === '\n') break;
        j++;
      }
      if (j < text.length && text[j] === '$') {
        blankOut(i, j + 1);
        i = j + 1;
      } else i++;
    } else i++;
  }
  return out.join('');
}

const EXTERNAL = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function wikilinkDisplay(target: string): string {
  const parts = target.split('#').filter((p) => p !== '');
  return parts.join(' > ');
}

function decodeDestination(dest: string): string {
  try {
    return decodeURIComponent(dest);
  } catch {
    return dest;
  }
}

/** `[text](dest)` at `open` (the `[`): its text, destination and end, or null. */
function markdownLinkAt(text: string, open: number): { label: string; dest: string; end: number } | null {
  let depth = 0;
  let i = open;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
    else if (c === '\n' && text[i + 1] === '\n') return null;
  }
  if (text[i] !== ']' || text[i + 1] !== '(') return null;
  const label = text.slice(open + 1, i);
  let j = i + 2;
  let dest: string;
  if (text[j] === '<') {
    const close = text.indexOf('>', j);
    if (close < 0 || text.slice(j, close).includes('\n')) return null;
    dest = text.slice(j + 1, close);
    j = close + 1;
  } else {
    const m = /^[^\s()]*(?:\([^\s()]*\)[^\s()]*)*/.exec(text.slice(j));
    dest = m?.[0] ?? '';
    j += dest.length;
  }
  const title = /^(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\)/.exec(text.slice(j));
  if (!title) return null;
  return { label, dest, end: j + title[0].length };
}

/** Links and tags in `note.slice(from, to)`, one block's text; positions are offsets into the note. */
export function scanInline(note: string, from: number, to: number): { links: InlineLink[]; tags: InlineTag[] } {
  const block = note.slice(from, to);
  const text = hideCode(block);
  const links: InlineLink[] = [];
  const tags: InlineTag[] = [];
  // Only `!`, `[` and `#` start anything: the scan goes from one to the next.
  const interesting = /[!#[]/g;
  let i = 0;
  while (i < text.length) {
    interesting.lastIndex = i;
    if (interesting.exec(text) === null) break;
    i = interesting.lastIndex - 1;
    const embed = text[i] === '!';
    const at = embed ? i + 1 : i;
    if (text.startsWith('[[', at)) {
      // A wikilink outside code is a link even when its alias holds code (`[[Note|`code`]]`).
      const close = block.indexOf(']]', at + 2);
      const inner = close < 0 ? '' : block.slice(at + 2, close);
      if (close >= 0 && !inner.includes('\n') && !inner.includes('[[')) {
        // In a table the alias bar is written `\|` so the cell does not split (the help's "Tables").
        const bar = inner.indexOf('|');
        const target = (bar < 0 ? inner : inner.slice(0, bar)).replace(/\\$/, '');
        const alias = bar < 0 ? undefined : inner.slice(bar + 1);
        links.push({ embed, link: target, original: block.slice(i, close + 2), displayText: alias ?? wikilinkDisplay(target), start: from + i, end: from + close + 2 });
        i = close + 2;
        continue;
      }
    }
    if (text[at] === '[' && text[at + 1] !== '[') {
      const md = markdownLinkAt(text, at);
      if (md) {
        const dest = md.dest.trim();
        if (dest !== '' && !EXTERNAL.test(dest) && !md.label.includes('\uE000')) {
          links.push({ embed, link: decodeDestination(dest), original: block.slice(i, md.end), displayText: md.label, start: from + i, end: from + md.end });
        }
        // The label may hold links and tags of its own (`[![img](a.png)](b.md)`).
        const inner = scanInline(note, from + at + 1, from + at + 1 + md.label.length);
        links.push(...inner.links);
        tags.push(...inner.tags);
        i = md.end;
        continue;
      }
    }
    if (text[i] === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      const m = /^#([^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\uE000\u3000]+)/u.exec(text.slice(i));
      if (m && !/^[0-9/]+$/.test(m[1] ?? '')) {
        tags.push({ tag: m[0], start: from + i, end: from + i + m[0].length });
        i += m[0].length;
        continue;
      }
    }
    i++;
  }
  return { links, tags };
}
