// The naming conventions Reeve recognizes in file names (without extension), each with a test
// and, where one is well defined, a mechanical rewrite of any name into it. The order is the
// tie-break when two conventions match equally many names: more specific first.

export interface ConventionSpec {
  id: string;
  name: string;
  /** The pattern as the user reads it. */
  pattern: string;
  test: RegExp;
  /** A name rewritten into the convention; absent where no rewrite is well defined. */
  rewrite?: (words: string[], context: { day: string }) => string;
  /** The rewrite puts its own date in front, so a date already in the name is dropped from the words. */
  dated?: boolean;
  /** Why there is no rewrite (shown when the user picks it). */
  noRewrite?: string;
}

const lower = (w: string): string => w.toLocaleLowerCase();
const capital = (w: string): string => (w === '' ? w : w.charAt(0).toLocaleUpperCase() + w.slice(1));
// No lookbehind (main.js must parse on iOS before 16.4): the character before is matched and put back.
const DATE = /(^|\D)\d{4}[-_.]\d{2}[-_.]\d{2}(?!\d)/u;
/** Names made of digits and separators only (a bare date) belong to no word convention. */
const HAS_LETTER = '(?=.*\\p{L})';

export const CONVENTIONS: readonly ConventionSpec[] = [
  {
    id: 'date-title',
    name: 'YYYY-MM-DD title',
    pattern: '{YYYY-MM-DD} {Title}',
    test: /^\d{4}-\d{2}-\d{2}(?: .+)?$/u,
    // The date written in the name, else the frontmatter date, else the day the file was created.
    rewrite: (words, { day }) => [day, ...words].join(' '),
    dated: true,
  },
  {
    id: 'prefix-number',
    name: 'prefix-NNN',
    pattern: '{prefix}-{NNN}',
    test: /^\p{L}+[-_ ]?\d{2,}$/u,
    noRewrite: 'numbered names (IMG_0001, note-004) cannot be made up for files that do not have one',
  },
  { id: 'kebab-case', name: 'kebab-case', pattern: 'words-in-lower-case', test: new RegExp(`^${HAS_LETTER}[\\p{Ll}\\p{N}]+(?:-[\\p{Ll}\\p{N}]+)+$`, 'u'), rewrite: (w) => w.map(lower).join('-') },
  { id: 'snake-case', name: 'snake_case', pattern: 'words_in_lower_case', test: new RegExp(`^${HAS_LETTER}[\\p{Ll}\\p{N}]+(?:_[\\p{Ll}\\p{N}]+)+$`, 'u'), rewrite: (w) => w.map(lower).join('_') },
  { id: 'title-case', name: 'Title Case', pattern: 'Every Word Capitalized', test: /^\p{Lu}[^\s]*(?: [\p{Lu}\p{N}][^\s]*)+$/u, rewrite: (w) => w.map((x) => capital(lower(x))).join(' ') },
  { id: 'sentence-case', name: 'Sentence case', pattern: 'First word capitalized', test: /^\p{Lu}[\p{Ll}\p{N}]*(?: [\p{Ll}\p{N}]+)+$/u, rewrite: (w) => w.map((x, i) => (i === 0 ? capital(lower(x)) : lower(x))).join(' ') },
  { id: 'lower-case', name: 'lower case words', pattern: 'words in lower case', test: new RegExp(`^${HAS_LETTER}[\\p{Ll}\\p{N}]+(?: [\\p{Ll}\\p{N}]+)+$`, 'u'), rewrite: (w) => w.map(lower).join(' ') },
  { id: 'camel-case', name: 'camelCase', pattern: 'wordsJoinedCapitalized', test: /^\p{Ll}+(?:\p{Lu}[\p{Ll}\p{N}]*)+$/u, rewrite: (w) => w.map((x, i) => (i === 0 ? lower(x) : capital(lower(x)))).join('') },
];

/** The words of a name: split at spaces, `-`, `_`, `.` and camelCase humps; `dropDate` removes a written date. */
export function wordsOf(name: string, dropDate = false): string[] {
  const text = dropDate ? name.replace(DATE, '$1 ') : name;
  return text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[\s\-_.]+/u)
    .filter((w) => w !== '');
}

export function conventionById(id: string): ConventionSpec | undefined {
  return CONVENTIONS.find((c) => c.id === id);
}
