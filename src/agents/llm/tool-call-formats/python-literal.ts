// Reads the Python literals pythonic tool calls use as argument values: strings in either quote
// (with escapes), numbers, True/False/None, lists, tuples and dicts. Nothing is evaluated; any
// other expression makes the call unreadable.

export interface Parsed<T> {
  value: T;
  end: number;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
const WORDS: Record<string, unknown> = { True: true, False: false, None: null, true: true, false: false, null: null };

export function skipWs(s: string, i: number): number {
  while (i < s.length && /\s/.test(s[i] ?? '')) i++;
  return i;
}

export function readPythonValue(s: string, start: number): Parsed<unknown> | undefined {
  const i = skipWs(s, start);
  const ch = s[i] ?? '';
  if (ch === '"' || ch === "'") return readPythonString(s, i);
  if (ch === '[' || ch === '(') return readSequence(s, i, ch === '[' ? ']' : ')');
  if (ch === '{') return readDict(s, i);
  const num = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(s.slice(i, i + 64));
  if (num !== null) return { value: Number(num[0]), end: i + num[0].length };
  const word = /^[A-Za-z_]\w*/.exec(s.slice(i, i + 16))?.[0];
  if (word !== undefined && word in WORDS) return { value: WORDS[word], end: i + word.length };
  return undefined;
}

export function readPythonString(s: string, i: number): Parsed<string> | undefined {
  const quote = s[i];
  const triple = s.startsWith(quote!.repeat(3), i);
  const q = triple ? quote!.repeat(3) : quote!;
  let out = '';
  for (let j = i + q.length; j < s.length; j++) {
    if (s.startsWith(q, j)) return { value: out, end: j + q.length };
    const ch = s[j] ?? '';
    if (ch === '\\') {
      const next = s[j + 1] ?? '';
      out += ESCAPES[next] ?? `\\${next}`;
      j++;
    } else if (ch === '\n' && !triple) {
      return undefined;
    } else {
      out += ch;
    }
  }
  return undefined;
}

function readSequence(s: string, i: number, close: string): Parsed<unknown[]> | undefined {
  const items: unknown[] = [];
  let j = skipWs(s, i + 1);
  while (s[j] !== close) {
    const item = readPythonValue(s, j);
    if (item === undefined) return undefined;
    items.push(item.value);
    j = skipWs(s, item.end);
    if (s[j] === ',') j = skipWs(s, j + 1);
    else if (s[j] !== close) return undefined;
  }
  return { value: items, end: j + 1 };
}

function readDict(s: string, i: number): Parsed<Record<string, unknown>> | undefined {
  const dict: Record<string, unknown> = {};
  let j = skipWs(s, i + 1);
  while (s[j] !== '}') {
    const key = readPythonValue(s, j);
    if (key === undefined || (typeof key.value !== 'string' && typeof key.value !== 'number')) return undefined;
    j = skipWs(s, key.end);
    if (s[j] !== ':') return undefined;
    const value = readPythonValue(s, j + 1);
    if (value === undefined) return undefined;
    dict[String(key.value)] = value.value;
    j = skipWs(s, value.end);
    if (s[j] === ',') j = skipWs(s, j + 1);
    else if (s[j] !== '}') return undefined;
  }
  return { value: dict, end: j + 1 };
}
