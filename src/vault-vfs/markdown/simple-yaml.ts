// A fast path for the frontmatter most notes have: `key: scalar`, `key: [a, b]` and block lists
// of scalars, at the top level. The `yaml` package costs about 100 microseconds for even a
// four-line block, which at 100k notes is seconds; this reads the same subset about 50 times
// faster. Anything outside the subset (nesting, comments, anchors, escapes, multi-line scalars,
// duplicate keys, tabs...) returns null and the caller uses the `yaml` package, so the answers
// are the same as `yaml`'s (YAML 1.2 core schema); a differential test holds them equal.

export interface SimpleScalarLocation {
  key: string;
  value: string;
  /** Offset of the value's first character (inside the quotes) in the parsed source. */
  at: number;
  quoting: 'plain' | 'single' | 'double';
}

export interface SimpleYaml {
  data: Record<string, unknown>;
  /** Every string value, with where it is written. */
  strings: SimpleScalarLocation[];
}

class Unsupported extends Error {}

// YAML 1.2 core schema resolution of plain scalars, as the `yaml` package does it.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const OCT = /^0o[0-7]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
/** Characters a plain scalar may not start with (indicators), besides `-`/`?`/`:` + space. */
const INDICATOR = /^[?:,[\]{}#&*!|>'"%@`]/;

function resolvePlain(s: string): unknown {
  if (NULL.test(s)) return null;
  if (BOOL.test(s)) return s.startsWith('t') || s.startsWith('T');
  if (INT.test(s)) return parseInt(s, 10);
  if (HEX.test(s)) return parseInt(s.slice(2), 16);
  if (OCT.test(s)) return parseInt(s.slice(2), 8);
  if (FLOAT.test(s)) return parseFloat(s);
  if (FLOAT_SPECIAL.test(s)) return s.endsWith('nan') || s.endsWith('NaN') || s.endsWith('NAN') ? NaN : s.startsWith('-') ? -Infinity : Infinity;
  return s;
}

function checkPlain(s: string, flow: boolean): void {
  if (s === '' || INDICATOR.test(s) || s.startsWith('- ') || s === '-') throw new Unsupported();
  if (s.includes(': ') || s.endsWith(':') || s.includes(' #')) throw new Unsupported();
  if (flow && /[[\]{},]/.test(s)) throw new Unsupported();
}

class Reader {
  readonly data: Record<string, unknown> = {};
  readonly strings: SimpleScalarLocation[] = [];

  constructor(private readonly src: string) {}

  /** A scalar filling `[start, end)` (already trimmed); records strings. */
  private scalar(key: string, start: number, end: number, flow: boolean): unknown {
    const s = this.src.slice(start, end);
    const q = s.charCodeAt(0);
    if (q === 34 || q === 39) {
      if (s.length < 2 || s.charCodeAt(s.length - 1) !== q) throw new Unsupported();
      const inner = s.slice(1, -1);
      if (q === 34 && (inner.includes('\\') || inner.includes('"'))) throw new Unsupported();
      if (q === 39 && inner.includes("'")) throw new Unsupported();
      this.strings.push({ key, value: inner, at: start + 1, quoting: q === 34 ? 'double' : 'single' });
      return inner;
    }
    checkPlain(s, flow);
    const value = resolvePlain(s);
    if (typeof value === 'string') this.strings.push({ key, value, at: start, quoting: 'plain' });
    return value;
  }

  /** `[a, "b", c]` between `start` and `end` (the brackets included). */
  private flowSequence(key: string, start: number, end: number): unknown[] {
    const out: unknown[] = [];
    let p = start + 1;
    const close = end - 1;
    if (this.src.slice(p, close).trim() === '') return out;
    while (p <= close) {
      while (this.src.charCodeAt(p) === 32) p++;
      let itemEnd: number;
      const c = this.src.charCodeAt(p);
      if (c === 34 || c === 39) {
        const q = this.src.indexOf(String.fromCharCode(c), p + 1);
        if (q === -1 || q >= close) throw new Unsupported();
        itemEnd = q + 1;
      } else {
        itemEnd = p;
        while (itemEnd < close && this.src[itemEnd] !== ',') itemEnd++;
        while (itemEnd > p && this.src.charCodeAt(itemEnd - 1) === 32) itemEnd--;
      }
      out.push(this.scalar(`${key}.${out.length}`, p, itemEnd, true));
      p = itemEnd;
      while (this.src.charCodeAt(p) === 32) p++;
      if (p === close) return out;
      if (this.src[p] !== ',') throw new Unsupported();
      p++;
    }
    throw new Unsupported();
  }

  read(): void {
    const src = this.src;
    if (src.includes('\t') || src.includes('\r')) throw new Unsupported();
    const lines = src.split('\n');
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      const start = offset;
      offset += line.length + 1;
      if (line.trim() === '') continue;
      const colon = line.indexOf(':');
      const key = line.slice(0, colon);
      if (colon <= 0 || key !== key.trim() || INDICATOR.test(key) || key.startsWith('-') || /[#,[\]{}"']/.test(key)) throw new Unsupported();
      if (resolvePlain(key) !== key || key === '__proto__' || Object.prototype.hasOwnProperty.call(this.data, key)) throw new Unsupported();
      const after = line.slice(colon + 1);
      if (after !== '' && !after.startsWith(' ')) throw new Unsupported();
      const valueStart = start + colon + 1 + (after.length - after.trimStart().length);
      const valueEnd = start + line.trimEnd().length;
      if (valueStart < valueEnd) {
        this.data[key] = src[valueStart] === '[' && src[valueEnd - 1] === ']' ? this.flowSequence(key, valueStart, valueEnd) : this.scalar(key, valueStart, valueEnd, false);
        continue;
      }
      // `key:` then an optional block list of scalars, indented or not.
      const items: unknown[] = [];
      while (i + 1 < lines.length && /^ *- |^ *-$/.test(lines[i + 1] ?? '')) {
        const item = lines[++i] ?? '';
        const itemStart = offset;
        offset += item.length + 1;
        const dash = item.indexOf('-');
        if (items.length > 0 && dash !== (lines[i - 1] ?? '').indexOf('-')) throw new Unsupported();
        const v = itemStart + dash + 1 + (item.length - dash - 1 - item.slice(dash + 1).trimStart().length);
        const e = itemStart + item.trimEnd().length;
        items.push(v < e ? this.scalar(`${key}.${items.length}`, v, e, false) : null);
      }
      this.data[key] = items.length > 0 ? items : null;
    }
  }
}

/** The frontmatter as `yaml` would read it, or null when it is outside the simple subset. */
export function readSimpleYaml(src: string): SimpleYaml | null {
  const reader = new Reader(src);
  try {
    reader.read();
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
  return { data: reader.data, strings: reader.strings };
}
