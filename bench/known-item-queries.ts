// Known-item queries on a real vault: each query is a note's title, as typed by someone looking
// for that note, with one word changed the way people mistype. The note is the one right answer,
// and a searcher's mean reciprocal rank (MRR: 1/rank of that note in the top 20, else 0) over a
// class of queries says how well it finds notes typed that way. Derived from the vault itself, so
// the set needs no labelling and is the same on every machine for the same vault.

export interface KnownItemQuery {
  query: string;
  /** The note that should come first. */
  target: string;
}

export type QueryClass = 'title as written' | 'typo inside a word' | 'typo in the first letter' | 'typo in a word under 4 letters' | 'letter dropped from a word with digits';
export const QUERY_CLASSES: readonly QueryClass[] = ['title as written', 'typo inside a word', 'typo in the first letter', 'typo in a word under 4 letters', 'letter dropped from a word with digits'];

const WORD = /\p{L}+/gu;
/** A word of letters and digits (`route53`, `liuxingyu521`, `ipv6`) with at least 4 letters. */
const WORD_WITH_DIGITS = /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]*\p{N})(?=(?:[\p{N}]*\p{L}){4})[\p{L}\p{N}]+/gu;

/**
 * A mistyped letter: the next letter of the alphabet (z -> a), keeping case, for a letter whose
 * folded form is a-z (an accented letter is mistyped from its base: `é` -> `f`, not `e`, which
 * search folds to the same word); a CJK character or kana becomes the next code point (a wrong
 * pick from an input method's list); any other letter becomes 'e' or 'a'.
 */
function otherLetter(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff)) return String.fromCodePoint(code + 1);
  const lower = c.toLowerCase();
  const base = lower.normalize('NFD').replace(/\p{M}+/gu, '');
  const letter = base.length === 1 && base >= 'a' && base <= 'z' ? base : lower;
  const next = letter >= 'a' && letter < 'z' ? String.fromCharCode(letter.charCodeAt(0) + 1) : letter === 'z' ? 'a' : letter === 'e' ? 'a' : 'e';
  return c === lower ? next : next.toUpperCase();
}

function replaceAt(word: string, i: number): string {
  return word.slice(0, i) + otherLetter(word.charAt(i)) + word.slice(i + 1);
}

/** The title with its `which`-th word (in `words`) replaced by `typo`. */
function withWord(title: string, match: RegExpExecArray, typo: string): string {
  return title.slice(0, match.index) + typo + title.slice(match.index + match[0].length);
}

/** Queries of every class for the notes at `paths` (vault paths of `.md` files). */
export function knownItemQueries(paths: readonly string[]): Map<QueryClass, KnownItemQuery[]> {
  const out = new Map<QueryClass, KnownItemQuery[]>(QUERY_CLASSES.map((c) => [c, []]));
  const add = (c: QueryClass, query: string, target: string): void => void out.get(c)?.push({ query, target });
  for (const target of [...paths].sort()) {
    const title = target.slice(target.lastIndexOf('/') + 1).replace(/\.md$/, '');
    const words = [...title.matchAll(WORD)];
    add('title as written', title, target);
    // `rote53` for `route53`: the middle one of its letters dropped.
    const mixed = [...title.matchAll(WORD_WITH_DIGITS)][0];
    if (mixed) {
      const letters = [...mixed[0].matchAll(/\p{L}/gu)];
      const drop = letters[Math.floor(letters.length / 2)] as RegExpExecArray;
      add('letter dropped from a word with digits', withWord(title, mixed, mixed[0].slice(0, drop.index) + mixed[0].slice(drop.index + 1)), target);
    }
    if (words.length === 0) continue;
    // The longest word carries the typo (the first of equal length): it is the one people look for.
    const longest = words.reduce((a, b) => (b[0].length > a[0].length ? b : a));
    if (longest[0].length >= 5) add('typo inside a word', withWord(title, longest, replaceAt(longest[0], Math.floor(longest[0].length / 2))), target);
    if (longest[0].length >= 4) add('typo in the first letter', withWord(title, longest, replaceAt(longest[0], 0)), target);
    const short = words.find((w) => w[0].length === 3);
    if (short) add('typo in a word under 4 letters', withWord(title, short, replaceAt(short[0], 2)), target);
  }
  return out;
}

/** Mean of 1/rank of each query's target in its results (0 when absent). */
export function meanReciprocalRank(queries: readonly KnownItemQuery[], search: (q: string) => readonly string[]): number {
  if (queries.length === 0) return NaN;
  let sum = 0;
  for (const { query, target } of queries) {
    const rank = search(query).indexOf(target);
    if (rank >= 0) sum += 1 / (rank + 1);
  }
  return sum / queries.length;
}
