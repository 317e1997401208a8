// What values mean when rules compare them. One place, so the compiler, the rename patterns and
// the documentation (docs/rules.md, "Semantics") agree:
// - text comparisons ignore case (`file.ext == "PDF"` matches `pdf`);
// - dates compare by local calendar day (`file.modifiedAt == 2024-01-31` is any time that day);
// - a frontmatter value is converted to the type it is compared with, and a value that cannot be
//   converted (or a missing key) makes every comparison false except `!=`.

/** A calendar day as a sortable number, YYYYMMDD. */
export type DayKey = number;

export function localDayKey(ms: number): DayKey {
  const d = new Date(ms);
  return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate();
}

/** `YYYY-MM-DD` at the start of a text, if it is a real day. */
export function dateTextToDayKey(text: string): DayKey | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/u.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(y, mo - 1, d);
  if (probe.getFullYear() !== y || probe.getMonth() !== mo - 1 || probe.getDate() !== d) return null;
  return y * 10000 + mo * 100 + d;
}

/** Local midnight at the start of a day, in milliseconds. */
export function dayStartMs(day: DayKey): number {
  return new Date(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100).getTime();
}

/** Local midnight at the start of the following day (DST-safe). */
export function nextDayStartMs(day: DayKey): number {
  return new Date(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, (day % 100) + 1).getTime();
}

/** A frontmatter value as text: strings as they are, numbers and booleans written out. */
export function toText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A frontmatter value as a number: numbers, and texts that are a number (`"42"`). */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A frontmatter value as a day: texts starting with YYYY-MM-DD, and Date objects. */
export function toDayKey(v: unknown): DayKey | null {
  if (typeof v === 'string') return dateTextToDayKey(v.trim());
  if (v instanceof Date && !Number.isNaN(v.getTime())) return localDayKey(v.getTime());
  return null;
}

export function toBoolean(v: unknown): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

/** Frontmatter key lookup: the exact key first, then ignoring case. Missing keys give null. */
export function frontmatterValue(fm: Record<string, unknown> | null, key: string): unknown {
  return frontmatterLookup(key)(fm);
}

// eslint-disable-next-line no-control-regex -- ASCII is exactly the range to test
const ASCII = /^[\u0000-\u007f]*$/u;

/**
 * frontmatterValue for one key, with what depends on the key alone worked out once: a compiled
 * rule looks the same key up in every file, and testing the key and lowering it per file was a
 * regex test per evaluation.
 */
export function frontmatterLookup(key: string): (fm: Record<string, unknown> | null) => unknown {
  const lower = key.toLowerCase();
  // An ASCII key equals another key ignoring case only if their lengths are equal, so the scan
  // lowers almost nothing.
  const n = ASCII.test(key) ? key.length : -1;
  return (fm) => {
    if (fm === null) return null;
    if (Object.hasOwn(fm, key)) return fm[key] ?? null;
    for (const k in fm) {
      if ((n < 0 || k.length === n) && Object.hasOwn(fm, k) && k.toLowerCase() === lower) return fm[k] ?? null;
    }
    return null;
  };
}

/** A tag query: no leading `#`, lower case. */
export function tagQuery(q: string): string {
  return q.replace(/^#/u, '').toLowerCase();
}

/** `project` matches the tags `project` and `project/alpha` (nested tags), ignoring case. */
export function hasTag(tags: readonly string[], query: string): boolean {
  for (const tag of tags) {
    const t = tag.toLowerCase();
    if (t === query || (t.length > query.length && t.startsWith(query) && t[query.length] === '/')) return true;
  }
  return false;
}

/** A link query: lower case; matched with and without `.md`, against the path and the name. */
export function linkQuery(q: string): string {
  return q.toLowerCase();
}

function lastSegment(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/** `Alpha` matches a link to `Projects/Alpha.md`; so do `Alpha.md` and `Projects/Alpha`. */
export function hasLink(links: readonly string[], query: string): boolean {
  const withMd = query + '.md';
  for (const link of links) {
    const l = link.toLowerCase();
    const name = lastSegment(l);
    if (l === query || l === withMd || name === query || name === withMd) return true;
  }
  return false;
}

/** Size units, 1024-based. */
export const SIZE_FACTORS = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;
