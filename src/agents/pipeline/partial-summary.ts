// The `summary` of a `propose_edits` call while its arguments are still arriving: native tool
// calling streams the answer as pieces of JSON, and the user should see the answer being written
// rather than a static "running". Reads the top-level "summary" string from a prefix of the
// arguments' JSON, as far as it is complete (an escape cut in half waits for its next piece).

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Reads a JSON string starting after its opening quote at `i`: its text so far, and where it ended (-1 if unfinished). */
function readString(s: string, i: number): { text: string; end: number } {
  let text = '';
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"') return { text, end: i + 1 };
    if (c !== '\\') {
      text += c;
      i++;
      continue;
    }
    const e = s[i + 1];
    if (e === undefined) break;
    if (e === 'u') {
      const hex = s.slice(i + 2, i + 6);
      if (hex.length < 4) break;
      text += String.fromCharCode(Number.parseInt(hex, 16));
      i += 6;
    } else {
      text += ESCAPES[e] ?? e;
      i += 2;
    }
  }
  return { text, end: -1 };
}

/** The top-level "summary" of a JSON object's prefix as far as it has arrived; '' until it starts. */
export function partialSummary(prefix: string): string {
  let depth = 0;
  let expectKey = false;
  let key: string | null = null;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i]!;
    if (c === '"') {
      const str = readString(prefix, i + 1);
      if (depth === 1 && key === 'summary' && !expectKey) return str.text;
      if (str.end < 0) return '';
      if (depth === 1 && expectKey) {
        key = str.text;
        expectKey = false;
      }
      i = str.end - 1;
    } else if (c === '{' || c === '[') {
      depth++;
      expectKey = c === '{' && depth === 1;
      if (depth > 1) key = null;
    } else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 1) {
      expectKey = true;
      key = null;
    }
  }
  return '';
}
