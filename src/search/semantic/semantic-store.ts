// What the semantic index holds: for each note, the stamp it was read at and its chunks (heading
// path, line range, content hash, and the slot of its vector in the slab). A note's entry is
// replaced whole, only once every chunk has a vector, so the store never holds half a note: a
// build stopped anywhere leaves each note either as before or fully updated. Vectors may arrive
// ahead of their note (`stage`, as each embedding call returns): they wait in the slab, out of
// every search, until setNote takes them, so that storing a large note copies no vectors.

import type { Chunk } from './chunker';
import type { EmbedderKey, SemanticHit } from './types';
import { MIN_CANDIDATES, VectorSlab } from './vector-slab';

export interface StoredChunk {
  path: string;
  heading: string;
  from: number;
  to: number;
  hash: number;
  slot: number;
}

export interface StoredNote {
  mtime: number;
  size: number;
  chunks: StoredChunk[];
}

export type ChunkShape = Pick<Chunk, 'heading' | 'from' | 'to' | 'hash'>;

export class SemanticStore {
  readonly notes = new Map<string, StoredNote>();
  readonly slab: VectorSlab;
  private bySlot: (StoredChunk | undefined)[] = [];
  /** Bumped on every change. */
  generation = 0;
  /** Vectors staged for notes not stored yet. */
  private staged = 0;

  constructor(readonly key: EmbedderKey) {
    this.slab = new VectorSlab(key.dimensions);
  }

  get chunkCount(): number {
    return this.slab.liveCount - this.staged;
  }

  /** Stores a vector for a note to come; returns its slot, which setNote takes (or `unstage` frees). */
  stage(vector: ArrayLike<number>): number {
    this.staged++;
    return this.slab.add(vector);
  }

  unstage(slot: number): void {
    this.staged--;
    this.slab.remove(slot);
  }

  /** The chunks of `chunks` whose hash the note's stored chunks do not have: those need vectors. */
  missing<T extends ChunkShape>(path: string, chunks: readonly T[]): T[] {
    const have = new Set(this.notes.get(path)?.chunks.map((c) => c.hash));
    return chunks.filter((c) => !have.has(c.hash));
  }

  /**
   * Replaces the note's entry. A chunk whose hash the old entry had keeps that vector; every other
   * chunk must have one in `vectors` (by hash: a float vector, or the slot of a staged one), or
   * nothing changes and this throws. Staged slots given here are taken or freed.
   */
  setNote(path: string, stamp: { mtime: number; size: number }, chunks: readonly ChunkShape[], vectors: ReadonlyMap<number, ArrayLike<number> | number> = new Map()): void {
    const old = this.notes.get(path);
    const oldSlots = new Map<number, number>();
    for (const c of old?.chunks ?? []) if (!oldSlots.has(c.hash)) oldSlots.set(c.hash, c.slot);
    for (const c of chunks) if (!oldSlots.has(c.hash) && !vectors.has(c.hash)) throw new Error(`no vector for a chunk of ${path}`);
    const kept = new Set<number>();
    const copy = (from: number): number => this.slab.addQuantized(this.slab.vector(from).slice(), this.slab.scaleOf(from));
    const stored: StoredChunk[] = chunks.map((c) => {
      const reuse = oldSlots.get(c.hash);
      const given = vectors.get(c.hash);
      let slot: number;
      if (reuse !== undefined && !kept.has(reuse)) {
        slot = reuse;
        kept.add(reuse);
      } else if (reuse !== undefined) slot = copy(reuse);
      else if (typeof given !== 'number') slot = this.slab.add(given as ArrayLike<number>);
      else if (!kept.has(given)) {
        slot = given;
        kept.add(given);
        this.staged--;
      } else slot = copy(given); // the same passage twice in the note
      const sc: StoredChunk = { path, heading: c.heading, from: c.from, to: c.to, hash: c.hash, slot };
      this.bySlot[slot] = sc;
      return sc;
    });
    for (const c of old?.chunks ?? []) {
      if (kept.has(c.slot)) continue;
      this.slab.remove(c.slot);
      if (this.bySlot[c.slot] === c) this.bySlot[c.slot] = undefined;
    }
    for (const v of vectors.values()) if (typeof v === 'number' && !kept.has(v)) this.unstage(v);
    this.notes.set(path, { mtime: stamp.mtime, size: stamp.size, chunks: stored });
    this.generation++;
  }

  /** Adds a chunk with an already quantized vector (loading a saved store). */
  loadChunk(note: StoredNote, path: string, c: ChunkShape, q: Int8Array, scale: number): void {
    const slot = this.slab.addQuantized(q, scale);
    const sc: StoredChunk = { path, heading: c.heading, from: c.from, to: c.to, hash: c.hash, slot };
    this.bySlot[slot] = sc;
    note.chunks.push(sc);
  }

  removeNote(path: string): boolean {
    const old = this.notes.get(path);
    if (old === undefined) return false;
    for (const c of old.chunks) {
      this.slab.remove(c.slot);
      this.bySlot[c.slot] = undefined;
    }
    this.notes.delete(path);
    this.generation++;
    return true;
  }

  /** Moves a note's vectors to its new path (a rename never re-embeds). */
  renameNote(from: string, to: string): boolean {
    const note = this.notes.get(from);
    if (note === undefined || from === to) return false;
    this.removeNote(to);
    this.notes.delete(from);
    for (const c of note.chunks) c.path = to;
    this.notes.set(to, note);
    this.generation++;
    return true;
  }

  /** Best chunk per note, best notes first. */
  search(query: Float32Array, limit: number): SemanticHit[] {
    // Enough chunks for `limit` distinct notes; the first pass (when it runs) keeps at least MIN_CANDIDATES.
    const candidates = Math.max(MIN_CANDIDATES, limit * 20);
    const out: SemanticHit[] = [];
    const seen = new Set<string>();
    for (const { slot, score } of this.slab.search(query, candidates)) {
      const c = this.bySlot[slot];
      if (c === undefined || seen.has(c.path)) continue;
      seen.add(c.path);
      out.push({ path: c.path, score, heading: c.heading, lines: [c.from, c.to] });
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Cosine of the query with the note's best chunk, or 0 if the note has none. */
  bestScore(query: Float32Array, path: string): number {
    let best = 0;
    for (const c of this.notes.get(path)?.chunks ?? []) best = Math.max(best, this.slab.exact(query, c.slot));
    return best;
  }
}
