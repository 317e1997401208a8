// IP address literals, parsed the way browsers and Node's URL parser read them, so that a host
// written in an unusual form (2130706433, 0177.0.0.1, 0x7f.1, ::ffff:127.0.0.1) is recognised as
// the address it really names before anything connects to it.

/** An IPv4 address as four bytes, or null when `text` is not an IPv4 literal (WHATWG URL rules: 1-4 parts, decimal, octal or hex). */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.at(-1) === '' && parts.length > 1) parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  const bytes = [...numbers];
  for (let i = 3 - numbers.length; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

function parseIpv4Number(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0[xX]/.test(part)) {
    digits = part.slice(2);
    radix = 16;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
  }
  if (digits === '') return 0;
  const valid = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return null;
  const n = parseInt(digits, radix);
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

/** An IPv6 address as eight 16-bit groups (brackets and a zone index allowed), or null. */
export function parseIpv6(text: string): number[] | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  // An embedded IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
  const lastColon = s.lastIndexOf(':');
  const lastPart = s.slice(lastColon + 1);
  if (lastPart.includes('.')) {
    const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(lastPart) ? parseIpv4(lastPart) : null;
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = hexGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? hexGroups(halves[1] ?? '') : [];
  if (!head || !rest) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  return missing < 1 ? null : [...head, ...new Array<number>(missing).fill(0), ...rest];
}

function hexGroups(text: string): number[] | null {
  if (text === '') return [];
  const out: number[] = [];
  for (const g of text.split(':')) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    out.push(parseInt(g, 16));
  }
  return out;
}
