// Finding where a JSON value written inside text ends, without parsing it: brackets are counted
// and brackets inside strings are skipped. Lenient mode also treats single quotes as string
// delimiters, for spans already known to be calls (small models write Python-style quotes).

export type QuoteMode = 'strict' | 'lenient';

/**
 * The index just past the bracket that closes the one at `start` (`{` or `[`), or -1 when the text
 * ends first.
 */
export function balancedEnd(text: string, start: number, mode: QuoteMode = 'strict'): number {
  const stack: string[] = [];
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote !== '') {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || (ch === "'" && mode === 'lenient')) quote = ch;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

export function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

/** Skips an opening code fence (```json) at `i`, if there is one. */
export function skipFenceOpen(text: string, i: number): number {
  const m = /^```[\w-]*[ \t]*\n?/.exec(text.slice(i, i + 40));
  return m === null ? i : skipSpace(text, i + m[0].length);
}

/** Skips a closing code fence at `i`, if there is one. */
export function skipFenceClose(text: string, i: number): number {
  return text.startsWith('```', i) ? skipSpace(text, i + 3) : i;
}

/** Whether a JSON object, or an array of objects, starts at `i` (a call's JSON, not `[1]` or `[note]`). */
export function startsCallJson(text: string, i: number): boolean {
  return text[i] === '{' || (text[i] === '[' && text[skipSpace(text, i + 1)] === '{');
}
