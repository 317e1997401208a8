// `resolvedLinks` / `unresolvedLinks` as Obsidian shapes them: source -> target -> count, plain
// objects. The index keeps Maps; a note's object is made when it is first read. Making all of
// them up front cost more than resolving the links (every target path becomes an interned
// property key), and most callers read a few notes' entries, not all.

type Counts = ReadonlyMap<string, number>;
export type LinkRecords = Record<string, Record<string, number>>;

function toRecord(counts: Counts | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  // defineProperty, not assignment: a file may be called `__proto__`.
  if (counts) for (const [k, n] of counts) Object.defineProperty(out, k, { value: n, writable: true, enumerable: true, configurable: true });
  return out;
}

/**
 * A read-only snapshot over `sources` (in order; a function is asked once, when the records are
 * first read): `countsOf(source)` must not change afterwards (the index replaces a note's maps
 * when it re-resolves, never edits them).
 */
export function lazyLinkRecords(sources: readonly string[] | (() => readonly string[]), countsOf: (source: string) => Counts | undefined): LinkRecords {
  let list: readonly string[] | null = typeof sources === 'function' ? null : sources;
  let index: Set<string> | null = null;
  const listed = (): readonly string[] => (list ??= (sources as () => readonly string[])());
  const made = new Map<string, Record<string, number>>();
  const entry = (source: string): Record<string, number> => {
    let record = made.get(source);
    if (!record) made.set(source, (record = toRecord(countsOf(source))));
    return record;
  };
  const own = (key: string | symbol): key is string => typeof key === 'string' && (index ??= new Set(listed())).has(key);
  const target: LinkRecords = {};
  return new Proxy(target, {
    get: (_target, key, receiver): unknown => (own(key) ? entry(key) : (Reflect.get(target, key, receiver) as unknown)),
    has: (target, key) => own(key) || Reflect.has(target, key),
    ownKeys: () => [...listed()],
    getOwnPropertyDescriptor: (_target, key) => (own(key) ? { value: entry(key), writable: false, enumerable: true, configurable: true } : undefined),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
