// Reads the JSON written right after a family's opening marker: one value, or several separated by
// commas, semicolons or line breaks (models put two calls in one block), each an object or an
// array of calls. Brackets are matched with strings skipped, so a closing marker inside an
// argument string does not end the block. A value that cannot be read becomes one nameless call
// holding the text up to the family's closing marker, so the model is told instead of the text
// leaking into the answer.

import { callsOf, type Context } from './call-shape';
import { brokenCall, type RawCall } from './found-call';
import { balancedEnd, skipSpace, startsCallJson } from './json-scan';
import { parseRepairedJson } from './repair-json';

export interface JsonSequence {
  calls: RawCall[];
  /** Index just past the last value read. */
  end: number;
}

/**
 * The calls written as JSON from `pos` (an object, or an array of objects). `closers` are the markers
 * that may end the family's block, used only when a value's brackets never close.
 */
export function readJsonSequence(text: string, pos: number, closers: readonly string[], context: Context = 'marked'): JsonSequence {
  const calls: RawCall[] = [];
  let end = pos;
  while (startsCallJson(text, pos)) {
    const close = balancedEnd(text, pos, 'lenient');
    if (close < 0) {
      const limit = firstIndexOf(text, closers, pos);
      const atEnd = text.slice(limit).trim() === '';
      const raw = text.slice(pos, limit);
      const value = parseRepairedJson(raw.trimEnd(), { atEnd });
      const read = value === undefined ? undefined : callsOf(value.value, context);
      calls.push(...(read ?? [brokenCall(raw)]));
      return { calls, end: limit };
    }
    const raw = text.slice(pos, close);
    const value = parseRepairedJson(raw, { atEnd: false });
    calls.push(...((value === undefined ? undefined : callsOf(value.value, context)) ?? [brokenCall(raw)]));
    end = close;
    pos = skipSpace(text, close);
    if (text[pos] === ',' || text[pos] === ';') pos = skipSpace(text, pos + 1);
  }
  return { calls, end };
}

/** The first index at or after `from` where one of `needles` starts, or the text's length. */
export function firstIndexOf(text: string, needles: readonly string[], from: number): number {
  let best = text.length;
  for (const n of needles) {
    const i = text.indexOf(n, from);
    if (i >= 0 && i < best) best = i;
  }
  return best;
}
