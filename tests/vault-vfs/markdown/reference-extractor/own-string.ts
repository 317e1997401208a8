// Reference copy of src/vault-vfs/markdown/own-string.ts as of commit 6918da0, before the extractor was
// made faster: the differential test (../extractor-differential.test.ts) checks that the
// current extractor answers exactly as this one did. Not used by anything else; do not edit.
// Strings kept in a note's metadata must not keep the note's text alive. V8 makes a substring of
// 13 characters or more a "sliced string": a view that holds on to the whole string it came
// from. A link's `original` sliced from a 10 KB note would keep those 10 KB (20 KB for text with
// accents, stored two bytes a character) for as long as the metadata lives: measured on the
// generated 10k-note vault, 209 MiB of metadata of which 80 MiB was note text held this way.

/**
 * `s` as a string of its own. Concatenation then slicing makes V8 flatten a fresh copy, and the
 * result refers to that copy only. Short strings are copied by slicing already.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/** ownString over every string in a parsed YAML value (keys too), in place for arrays and objects. */
export function ownStrings(value: unknown): unknown {
  if (typeof value === 'string') return ownString(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = ownStrings(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    const entries = Object.entries(record);
    for (const [key] of entries) delete record[key];
    for (const [key, v] of entries) Object.defineProperty(record, ownString(key), { value: ownStrings(v), writable: true, enumerable: true, configurable: true });
    return record;
  }
  return value;
}
