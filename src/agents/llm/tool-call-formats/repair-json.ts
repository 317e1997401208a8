// Safe repair of the JSON small models write, used only inside a span that is unmistakably a call
// (a family's markers, or an object that turns out to have a call's shape). It fixes what models
// get wrong without changing meaning: trailing commas, single-quoted strings, unquoted keys, raw
// newlines and tabs inside strings, Python's True/False/None, and (only when the span runs to the
// very end of the reply) the closing brackets the model never wrote. Anything else fails.

export interface RepairOptions {
  /** The span reaches the end of the reply, so missing closing brackets may be added. */
  atEnd: boolean;
}

/** `JSON.parse`, returning undefined instead of throwing. */
export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The value of `text` as JSON, repaired if need be; undefined when it cannot be read. */
export function parseRepairedJson(text: string, options: RepairOptions): { value: unknown } | undefined {
  const strict = parseJson(text);
  if (strict !== undefined) return strict;
  const repaired = repairJson(text, options);
  return repaired === undefined ? undefined : parseJson(repaired);
}

const BARE_WORDS: Record<string, string> = { true: 'true', false: 'false', null: 'null', True: 'true', False: 'false', None: 'null' };

/** The text rewritten as strict JSON, or undefined when it is not a repairable JSON value. */
export function repairJson(text: string, options: RepairOptions): string | undefined {
  let out = '';
  const closers: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '"' || ch === "'") {
      const str = readString(text, i, ch);
      if (str === undefined) return undefined;
      out += str.json;
      i = str.end;
    } else if (ch === '{' || ch === '[') {
      closers.push(ch === '{' ? '}' : ']');
      out += ch;
      i++;
    } else if (ch === '}' || ch === ']') {
      if (closers.pop() !== ch) return undefined;
      out = out.replace(/,\s*$/, '') + ch;
      i++;
    } else if (/[\s:,]/.test(ch)) {
      out += ch;
      i++;
    } else if (/[-\d]/.test(ch)) {
      const m = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i));
      if (m === null) return undefined;
      out += m[0];
      i += m[0].length;
    } else {
      const m = /^[A-Za-z_$][\w$-]*/.exec(text.slice(i));
      if (m === null) return undefined;
      const word = m[0];
      const isKey = /^\s*:/.test(text.slice(i + word.length)) && closers.at(-1) === '}';
      const literal = BARE_WORDS[word];
      if (isKey) out += JSON.stringify(word);
      else if (literal !== undefined) out += literal;
      else return undefined;
      i += word.length;
    }
  }
  if (closers.length > 0) {
    if (!options.atEnd) return undefined;
    out = out.replace(/,\s*$/, '');
    while (closers.length > 0) out += closers.pop();
  }
  return out;
}

/** A string starting at `start` with the given quote, rewritten as a JSON string. */
function readString(text: string, start: number, quote: string): { json: string; end: number } | undefined {
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === quote) return { json: JSON.stringify(value), end: i + 1 };
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      const decoded = decodeEscape(text, i);
      if (decoded === undefined) return undefined;
      value += decoded.char;
      i = decoded.end - 1;
      if (next === '') return undefined;
      continue;
    }
    value += ch;
  }
  return undefined;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '/': '/', '\\': '\\', '"': '"', "'": "'" };

function decodeEscape(text: string, at: number): { char: string; end: number } | undefined {
  const next = text[at + 1] ?? '';
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return { char: simple, end: at + 2 };
  if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
    return { char: String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16)), end: at + 6 };
  }
  return undefined;
}
