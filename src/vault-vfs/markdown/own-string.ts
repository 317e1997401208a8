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

/** ownString over every string in a parsed YAML value (keys too): in place for arrays, copied for objects. */
export function ownStrings(value: unknown): unknown {
  if (typeof value === 'string') return ownString(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = ownStrings(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    // A new object rather than deleting and redefining every key in place: deleting sends an
    // object to V8's slow dictionary mode, costly to build and to keep. `__proto__` is defined,
    // not assigned, so it stays a plain key.
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === '__proto__') Object.defineProperty(out, ownString(key), { value: ownStrings(v), writable: true, enumerable: true, configurable: true });
      else out[ownString(key)] = ownStrings(v);
    }
    return out;
  }
  return value;
}
