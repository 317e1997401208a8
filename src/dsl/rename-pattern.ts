// Patterns for `thenMoveTo` and `thenRenameTo`: text with placeholders {name} {ext} {date} {year}
// {month} {day} {parent} {fm.KEY}, expanded per file, then made into names Obsidian can hold.

import type { FileRecord } from '../vault-vfs/file-record';
import { dateTextToDayKey, frontmatterValue, localDayKey, toDayKey, toText, type DayKey } from './semantics';

export const PLACEHOLDERS = ['name', 'ext', 'date', 'year', 'month', 'day', 'parent', 'fm.KEY'] as const;

export type PatternPart = { text: string } | { placeholder: 'name' | 'ext' | 'date' | 'year' | 'month' | 'day' | 'parent' } | { fm: string };

export type PatternParse = { ok: true; parts: PatternPart[] } | { ok: false; reason: string };

const SIMPLE = new Set(['name', 'ext', 'date', 'year', 'month', 'day', 'parent']);

export function parsePattern(pattern: string): PatternParse {
  const parts: PatternPart[] = [];
  let i = 0;
  while (i < pattern.length) {
    const open = pattern.indexOf('{', i);
    const close = pattern.indexOf('}', i);
    if (close !== -1 && (open === -1 || close < open)) return { ok: false, reason: `"}" at position ${close + 1} has no matching "{"` };
    if (open === -1) {
      parts.push({ text: pattern.slice(i) });
      break;
    }
    if (open > i) parts.push({ text: pattern.slice(i, open) });
    const end = pattern.indexOf('}', open);
    if (end === -1) return { ok: false, reason: `"{" at position ${open + 1} is not closed` };
    const inner = pattern.slice(open + 1, end).trim();
    const lower = inner.toLowerCase();
    if (SIMPLE.has(lower)) parts.push({ placeholder: lower as 'name' });
    else if (/^fm\.\S/u.test(inner)) parts.push({ fm: inner.slice(3) });
    else return { ok: false, reason: `unknown placeholder {${inner}}; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}` };
    i = end + 1;
  }
  return { ok: true, parts };
}

/**
 * The day a file is "from", for {date}: a date written in its name (2024-03-02, 2024_03_02 or
 * 2024.03.02), else the frontmatter `date` or `created`, else the day it was created.
 */
export function fileDay(record: FileRecord): DayKey {
  const m = /(?:^|\D)(\d{4})[-_.](\d{2})[-_.](\d{2})(?!\d)/u.exec(record.name);
  const fromName = m ? dateTextToDayKey(`${m[1]}-${m[2]}-${m[3]}`) : null;
  if (fromName !== null) return fromName;
  for (const key of ['date', 'created']) {
    const day = toDayKey(frontmatterValue(record.frontmatter, key));
    if (day !== null) return day;
  }
  return localDayKey(record.ctime);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function frontmatterText(record: FileRecord, key: string): string {
  const v = frontmatterValue(record.frontmatter, key);
  if (Array.isArray(v)) return v.map(toText).filter((t): t is string => t !== null).join(', ');
  return toText(v) ?? '';
}

/** Expands placeholders for one file; the result still needs `legalName` per segment. */
export function expandPattern(parts: readonly PatternPart[], record: FileRecord): string {
  let day: DayKey | null = null;
  const getDay = (): DayKey => (day ??= fileDay(record));
  let out = '';
  for (const part of parts) {
    if ('text' in part) out += part.text;
    else if ('fm' in part) out += frontmatterText(record, part.fm).replace(/\//gu, ' ');
    else {
      switch (part.placeholder) {
        case 'name':
          out += record.name;
          break;
        case 'ext':
          out += record.ext;
          break;
        case 'parent':
          out += record.folder.slice(record.folder.lastIndexOf('/') + 1);
          break;
        case 'date': {
          const d = getDay();
          out += `${pad(Math.floor(d / 10000), 4)}-${pad(Math.floor(d / 100) % 100, 2)}-${pad(d % 100, 2)}`;
          break;
        }
        case 'year':
          out += pad(Math.floor(getDay() / 10000), 4);
          break;
        case 'month':
          out += pad(Math.floor(getDay() / 100) % 100, 2);
          break;
        case 'day':
          out += pad(getDay() % 100, 2);
          break;
      }
    }
  }
  return out;
}

/**
 * A name Obsidian can hold: without * " \ / < > : | ? and control characters (and # ^ [ ] in
 * note names, which break links), single spaces, no leading or trailing spaces, no trailing dots.
 */
export function legalName(raw: string, isNote: boolean): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  let name = raw.replace(/[*"\\/<>:|?\u0000-\u001f\u007f]/gu, '');
  if (isNote) name = name.replace(/[#^[\]]/gu, '');
  return name.replace(/\s+/gu, ' ').trim().replace(/[.\s]+$/u, '');
}
