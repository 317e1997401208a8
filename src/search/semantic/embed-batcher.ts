// Collects the texts of changed chunks across notes into batches for the embedder, and hands a
// note back only once all its new chunks have vectors (a note larger than a batch spans several).
// Each call's vectors are staged in the store as they arrive (quantizing a batch is bounded work;
// a note of thousands of chunks is never quantized at once). After a failure or a cancel, `drop`
// returns the notes still waiting so they can be queued again, and frees what they had staged;
// the store never sees them half done.

import type { ChunkShape } from './semantic-store';
import type { Embedder } from './types';

export interface NoteWork {
  path: string;
  stamp: { mtime: number; size: number };
  chunks: ChunkShape[];
  /** hash -> the slot of its staged vector. */
  vectors: Map<number, number>;
  waiting: number;
  /** Removed or renamed while its texts were queued: its vectors are not stored. */
  gone?: boolean;
}

interface PendingText {
  note: NoteWork;
  hash: number;
  text: string;
}

export class EmbedBatcher {
  private queue: PendingText[] = [];
  private readonly notes = new Set<NoteWork>();

  constructor(
    private readonly embedder: Embedder,
    readonly batchSize: number,
    /** Where vectors wait for their note (SemanticStore.stage / unstage). */
    private readonly staging: { stage(vector: ArrayLike<number>): number; unstage(slot: number): void },
  ) {}

  /** Texts waiting to be sent. */
  get size(): number {
    return this.queue.length;
  }

  /** Queues a note's texts that need vectors (one per distinct hash). */
  add(note: NoteWork, texts: readonly { hash: number; text: string }[]): void {
    const seen = new Set<number>();
    for (const t of texts) {
      if (seen.has(t.hash)) continue;
      seen.add(t.hash);
      this.queue.push({ note, hash: t.hash, text: t.text });
    }
    note.waiting = seen.size;
    this.notes.add(note);
  }

  /** Sends one batch; returns the notes it completed and the number of texts sent. */
  async sendOne(signal: AbortSignal): Promise<{ completed: NoteWork[]; sent: number }> {
    const batch = this.queue.slice(0, this.batchSize);
    if (batch.length === 0) return { completed: [], sent: 0 };
    const vectors = await this.embedder.embed(
      batch.map((t) => t.text),
      signal,
    );
    if (vectors.length !== batch.length) throw new Error(`the embedder returned ${vectors.length} vectors for ${batch.length} texts`);
    const dims = this.embedder.key.dimensions;
    for (const v of vectors) if (v.length !== dims) throw new Error(`the embedder returned ${v.length} dimensions, the index expects ${dims} (check the model and its dimensions setting)`);
    this.queue = this.queue.slice(batch.length);
    const completed: NoteWork[] = [];
    batch.forEach((t, k) => {
      t.note.vectors.set(t.hash, this.staging.stage(vectors[k] as ArrayLike<number>));
      if (--t.note.waiting === 0) {
        if (t.note.gone !== true) completed.push(t.note);
        else this.release(t.note);
        this.notes.delete(t.note);
      }
    });
    return { completed, sent: batch.length };
  }

  /** The note at `path` went away: whatever is embedded for it is not stored. */
  forget(path: string): void {
    for (const n of this.notes) if (n.path === path) n.gone = true;
  }

  private release(note: NoteWork): void {
    for (const slot of note.vectors.values()) this.staging.unstage(slot);
    note.vectors.clear();
  }

  /** Forgets everything queued; returns the paths of the notes that were waiting. */
  drop(): string[] {
    for (const n of this.notes) this.release(n);
    const paths = [...this.notes].map((n) => n.path);
    this.notes.clear();
    this.queue = [];
    return paths;
  }
}
