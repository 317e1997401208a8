// A Set and a Map seen through a layer of changes: reads fall through to the base for what the
// layer does not hold, writes stay in the layer. A resolver for "the vault after these renames"
// is built this way, so a rename costs its own paths and never a copy of the vault's tables.

export interface PathSet {
  has(path: string): boolean;
  add(path: string): unknown;
  delete(path: string): boolean;
  values(): IterableIterator<string>;
  readonly size: number;
}

export interface NameLists {
  get(key: string): string[] | undefined;
  set(key: string, list: string[]): unknown;
  delete(key: string): boolean;
  /** Makes the list under `key` this collection's own before it is changed in place. */
  own?(key: string): void;
}

export class OverlaySet implements PathSet {
  private readonly added = new Set<string>();
  private readonly removed = new Set<string>();

  constructor(private readonly base: PathSet) {}

  has(path: string): boolean {
    return this.added.has(path) || (!this.removed.has(path) && this.base.has(path));
  }

  add(path: string): this {
    this.removed.delete(path);
    if (!this.base.has(path)) this.added.add(path);
    return this;
  }

  delete(path: string): boolean {
    const had = this.has(path);
    this.added.delete(path);
    if (this.base.has(path)) this.removed.add(path);
    return had;
  }

  *values(): IterableIterator<string> {
    for (const path of this.base.values()) if (!this.removed.has(path)) yield path;
    yield* this.added;
  }

  get size(): number {
    return this.base.size - this.removed.size + this.added.size;
  }
}

/** Lists are copied into the layer before they change (`own`), so the base's stay as they were. */
export class OverlayLists implements NameLists {
  private readonly layer = new Map<string, string[] | null>();

  constructor(private readonly base: NameLists) {}

  get(key: string): string[] | undefined {
    const own = this.layer.get(key);
    return own === null ? undefined : (own ?? this.base.get(key));
  }

  /** Copies the list under `key` into the layer if it still belongs to the base. */
  own(key: string): void {
    if (this.layer.has(key)) return;
    const list = this.base.get(key);
    if (list) this.layer.set(key, list.slice());
  }

  set(key: string, list: string[]): this {
    this.layer.set(key, list);
    return this;
  }

  delete(key: string): boolean {
    const had = this.get(key) !== undefined;
    this.layer.set(key, null);
    return had;
  }
}
