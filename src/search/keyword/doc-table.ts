// The documents the keyword index knows, by dense id: path, the file's stamp (mtime and size, to
// tell on load whether the file changed), content length (for BM25) and which shard holds it.
// Ids of removed documents are reused only once their shard has purged every posting that still
// names them (see Shard.merge), so a stale posting can never be mistaken for a new document.

export interface FileStamp {
  mtime: number;
  size: number;
}

export class DocTable {
  private paths: (string | undefined)[] = [];
  private readonly byPath = new Map<string, number>();
  private readonly free: number[] = [];
  alive = new Uint8Array(1024);
  shardOf = new Uint16Array(1024);
  contentLength = new Uint32Array(1024);
  mtime = new Float64Array(1024);
  size = new Float64Array(1024);
  /**
   * Distinct words of the file name (stopwords aside), plus one; 0 until a query needs it (see
   * KeywordIndex.titleTerms): computed from the path at query time, so the build does no more.
   */
  titleTerms = new Uint8Array(1024);
  /** Documents currently in the index. */
  liveCount = 0;
  /** Sum of content lengths of live documents, for the average BM25 normalizes by. */
  totalContentLength = 0;

  /** One more than the largest id ever handed out: the size of per-document arrays. */
  get capacity(): number {
    return this.paths.length;
  }

  idOf(path: string): number | undefined {
    return this.byPath.get(path);
  }

  path(id: number): string {
    const p = this.paths[id];
    if (p === undefined) throw new RangeError(`no document with id ${id}`);
    return p;
  }

  /** The path of an id whose document may have been removed since (postings not yet purged). */
  pathOrUndefined(id: number): string | undefined {
    return this.alive[id] === 1 ? this.paths[id] : undefined;
  }

  livePaths(): string[] {
    return [...this.byPath.keys()];
  }

  averageContentLength(): number {
    return this.liveCount === 0 ? 1 : Math.max(1, this.totalContentLength / this.liveCount);
  }

  add(path: string, shard: number, contentLength: number, stamp: FileStamp): number {
    if (this.byPath.has(path)) throw new Error(`document ${path} is already in the index`);
    const id = this.free.pop() ?? this.paths.length;
    if (id === this.paths.length) this.paths.push(path);
    else this.paths[id] = path;
    this.ensure(id + 1);
    this.byPath.set(path, id);
    this.alive[id] = 1;
    this.shardOf[id] = shard;
    this.contentLength[id] = contentLength;
    this.mtime[id] = stamp.mtime;
    this.size[id] = stamp.size;
    this.titleTerms[id] = 0;
    this.liveCount++;
    this.totalContentLength += contentLength;
    return id;
  }

  /** Marks the document removed; its id is not reusable until `release`. */
  remove(path: string): number | undefined {
    const id = this.byPath.get(path);
    if (id === undefined) return undefined;
    this.byPath.delete(path);
    this.alive[id] = 0;
    this.liveCount--;
    this.totalContentLength -= this.contentLength[id] as number;
    return id;
  }

  /** Called when no posting names `id` any more. */
  release(id: number): void {
    if (this.alive[id] === 1) throw new Error(`document id ${id} is still live`);
    this.paths[id] = undefined;
    this.free.push(id);
  }

  stamp(path: string): FileStamp | undefined {
    const id = this.byPath.get(path);
    if (id === undefined) return undefined;
    return { mtime: this.mtime[id] as number, size: this.size[id] as number };
  }

  /** Makes room for ids below `n` at once (a load knows roughly how many documents come). */
  reserve(n: number): void {
    this.ensure(n);
  }

  private ensure(n: number): void {
    if (n <= this.alive.length) return;
    let cap = this.alive.length;
    while (cap < n) cap *= 2;
    this.alive = grow(this.alive, new Uint8Array(cap));
    this.shardOf = grow(this.shardOf, new Uint16Array(cap));
    this.contentLength = grow(this.contentLength, new Uint32Array(cap));
    this.mtime = grow(this.mtime, new Float64Array(cap));
    this.size = grow(this.size, new Float64Array(cap));
    this.titleTerms = grow(this.titleTerms, new Uint8Array(cap));
  }
}

function grow<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
