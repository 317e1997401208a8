// The names the language knows: fields of `file`, methods, and functions, with their types and
// how to read them from a FileRecord. Names are matched ignoring case and `_`, so `modified_at`,
// `modifiedAt` and `MODIFIEDAT` are the same field; printing uses the canonical camelCase name.

import { nameKey } from './suggest';

/** Types as the compiler checks them. `any` is a frontmatter value: its type is known per file. */
export type ValueType = 'string' | 'number' | 'boolean' | 'date' | 'list' | 'any';

export type ListKind = 'tags' | 'links';

/** FileRecord properties a field reads directly. */
export type FieldProp = 'name' | 'ext' | 'size' | 'path' | 'folder' | 'mtime' | 'ctime' | 'mimeType' | 'isHidden' | 'tags' | 'links' | 'backlinks' | 'frontmatter';

export interface FieldSpec {
  /** Canonical name, as printed: `modifiedAt`. */
  name: string;
  type: ValueType;
  /** The record property holding the value (dates in milliseconds); null for `content`. */
  prop: FieldProp | null;
  /** Already lower case in every FileRecord (the extension), so comparisons skip lowering it. */
  lowerCase?: true;
  /** How `.contains()` matches list elements. */
  listKind?: ListKind;
}

const FIELD_LIST: FieldSpec[] = [
  { name: 'name', type: 'string', prop: 'name' },
  { name: 'ext', type: 'string', prop: 'ext', lowerCase: true },
  { name: 'size', type: 'number', prop: 'size' },
  { name: 'path', type: 'string', prop: 'path' },
  { name: 'folder', type: 'string', prop: 'folder' },
  { name: 'modifiedAt', type: 'date', prop: 'mtime' },
  { name: 'createdAt', type: 'date', prop: 'ctime' },
  { name: 'mimeType', type: 'string', prop: 'mimeType' },
  { name: 'isHidden', type: 'boolean', prop: 'isHidden' },
  { name: 'tags', type: 'list', prop: 'tags', listKind: 'tags' },
  { name: 'links', type: 'list', prop: 'links', listKind: 'links' },
  { name: 'backlinks', type: 'list', prop: 'backlinks', listKind: 'links' },
  { name: 'frontmatter', type: 'any', prop: 'frontmatter' },
  { name: 'content', type: 'string', prop: null },
];

const FIELDS = new Map(FIELD_LIST.map((f) => [nameKey(f.name), f]));

export const FIELD_NAMES: readonly string[] = FIELD_LIST.map((f) => f.name);

/** Other words people use for a field, for "did you mean" only. */
export const FIELD_ALIASES: Readonly<Record<string, string>> = {
  extension: 'ext',
  filename: 'name',
  title: 'name',
  basename: 'name',
  modified: 'modifiedAt',
  mtime: 'modifiedAt',
  updated: 'modifiedAt',
  created: 'createdAt',
  ctime: 'createdAt',
  mime: 'mimeType',
  type: 'mimeType',
  hidden: 'isHidden',
  dir: 'folder',
  directory: 'folder',
  parent: 'folder',
  bytes: 'size',
  length: 'size',
  body: 'content',
  text: 'content',
  properties: 'frontmatter',
  fm: 'frontmatter',
};

export function lookupField(name: string): FieldSpec | undefined {
  return FIELDS.get(nameKey(name));
}

export type MethodName = 'contains' | 'startsWith' | 'endsWith' | 'matches';
export const METHOD_NAMES: readonly MethodName[] = ['contains', 'startsWith', 'endsWith', 'matches'];

export function lookupMethod(name: string): MethodName | undefined {
  const key = nameKey(name);
  return METHOD_NAMES.find((m) => nameKey(m) === key);
}

/** The one property a list has. */
export const COUNT = 'count';

export const FUNCTION_NAMES = ['vector_similarity'] as const;

export function lookupFunction(name: string): 'vector_similarity' | undefined {
  return nameKey(name) === 'vectorsimilarity' ? 'vector_similarity' : undefined;
}

/** Names a frontmatter key can be written with after a dot; others need `["..."]`. */
export const PLAIN_KEY = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

export function describeType(type: ValueType | 'null'): string {
  switch (type) {
    case 'string':
      return 'a text';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'a date';
    case 'list':
      return 'a list';
    case 'any':
      return 'a frontmatter value';
    case 'null':
      return 'null';
  }
}
