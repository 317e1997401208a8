// Hot paths of compiled rules: text tests on a field, with the record property read inline so
// each test is one closure call per file. Text is compared in lower case; the extension is lower
// case in every FileRecord already, so it is not lowered again.

import type { Getter, Predicate } from './eval-scope';
import type { FieldProp } from './fields';

export type TextTest = 'eq' | 'contains' | 'startsWith' | 'endsWith';

/** What a text test needs to know about its operand. */
export interface TextSource {
  get: Getter;
  prop?: FieldProp;
  lowerCase?: boolean;
}

// eslint-disable-next-line no-control-regex -- ASCII is exactly the range to test
const ASCII = /^[\u0000-\u007f]*$/u;

/** Tests the operand's lower-case text against `q`, which must be lower case. */
export function textTest(source: TextSource, kind: TextTest, q: string): Predicate {
  const prop = source.prop;
  if (prop !== undefined && source.lowerCase === true) {
    switch (kind) {
      case 'eq':
        return (r) => r[prop] === q;
      case 'contains':
        return (r) => (r[prop] as string).includes(q);
      case 'startsWith':
        return (r) => (r[prop] as string).startsWith(q);
      case 'endsWith':
        return (r) => (r[prop] as string).endsWith(q);
    }
  }
  if (prop !== undefined) {
    switch (kind) {
      case 'eq':
        // A text whose lower case equals an ASCII query has its length: the one character whose
        // lower case is longer (U+0130) lowers to a non-ASCII pair. So most files answer without
        // lowering anything.
        if (ASCII.test(q)) {
          const n = q.length;
          return (r) => { const v = r[prop] as string; return v.length === n && v.toLowerCase() === q; };
        }
        return (r) => (r[prop] as string).toLowerCase() === q;
      case 'contains':
        return (r) => (r[prop] as string).toLowerCase().includes(q);
      case 'startsWith':
        return (r) => (r[prop] as string).toLowerCase().startsWith(q);
      case 'endsWith':
        return (r) => (r[prop] as string).toLowerCase().endsWith(q);
    }
  }
  const get = source.get;
  switch (kind) {
    case 'eq':
      return (r, s) => (get(r, s) as string).toLowerCase() === q;
    case 'contains':
      return (r, s) => (get(r, s) as string).toLowerCase().includes(q);
    case 'startsWith':
      return (r, s) => (get(r, s) as string).toLowerCase().startsWith(q);
    case 'endsWith':
      return (r, s) => (get(r, s) as string).toLowerCase().endsWith(q);
  }
}

/** The operand's lower-case text is in `set` (lower-case texts). */
export function textInSet(source: TextSource, set: ReadonlySet<string>): Predicate {
  const prop = source.prop;
  if (prop !== undefined && source.lowerCase === true) return (r) => set.has(r[prop] as string);
  if (prop !== undefined) return (r) => set.has((r[prop] as string).toLowerCase());
  const get = source.get;
  return (r, s) => set.has((get(r, s) as string).toLowerCase());
}
