// Parses the `position` string of an edit. Keywords are case-insensitive and tolerate spaces
// around the colon and dash (`replace: 3 - 5`), because models write them that way; anything
// else is refused with the list of valid forms.
import type { EditPosition } from './edit-instruction';

export const POSITION_FORMS = 'start, end, after:<heading line>, insert:N, replace:N, replace:N-M, delete:N, delete:N-M, create, open';

export type PositionParse = { ok: true; position: EditPosition } | { ok: false; message: string };

function lineNumber(raw: string): number | null {
  return /^\d+$/.test(raw) && Number(raw) >= 1 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

export function parsePosition(input: string): PositionParse {
  const text = input.trim();
  const simple = text.toLowerCase();
  if (simple === 'start' || simple === 'end' || simple === 'create' || simple === 'open') {
    return { ok: true, position: { kind: simple } };
  }
  const colon = text.indexOf(':');
  if (colon < 0) return { ok: false, message: `unknown position "${input}"; use one of: ${POSITION_FORMS}` };
  const key = text.slice(0, colon).trim().toLowerCase();
  const arg = text.slice(colon + 1).trim();
  if (key === 'after') {
    if (arg === '') return { ok: false, message: `position "${input}" names no heading; write it as after:## Heading` };
    return { ok: true, position: { kind: 'after', heading: arg } };
  }
  if (key === 'insert') {
    const line = lineNumber(arg);
    if (line === null) return { ok: false, message: `position "${input}": insert needs one line number from 1, as insert:N` };
    return { ok: true, position: { kind: 'insert', line } };
  }
  if (key === 'replace' || key === 'delete') {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(arg);
    const from = m ? lineNumber(m[1] as string) : null;
    const to = m ? (m[2] === undefined ? from : lineNumber(m[2])) : null;
    if (from === null || to === null) {
      return { ok: false, message: `position "${input}": ${key} needs a line number or range from 1, as ${key}:N or ${key}:N-M` };
    }
    if (to < from) return { ok: false, message: `position "${input}": the range ends (line ${to}) before it starts (line ${from})` };
    return { ok: true, position: { kind: key, from, to } };
  }
  return { ok: false, message: `unknown position "${input}"; use one of: ${POSITION_FORMS}` };
}
