// Where the FileVyasa content signal comes from: the semantic index when one is built for the
// configured embedder and holds a current vector for every note in scope, the notes' keywords
// otherwise. A note's vector is the mean of its chunks' vectors, to unit length, read from the
// index (nothing is embedded or read from the vault for it). The two are never mixed in one plan:
// a folder's content is a sum over its notes, and a keyword bag and an embedding do not add up,
// so an index that lacks some notes (still building, or a note changed since) is not used, and
// the plan says why. Embedding cosines are used as they are (clamped to [0, 1]); a real model's
// unrelated texts score above 0, so its content signal runs higher than keywords' would.
import type { FileRecord } from '../../../vault-vfs/file-record';
import { SemanticIndex } from '../../../search/semantic/semantic-index';
import { keyString } from '../../../search/semantic/types';
import type { Bag } from './bags';

/** Each note's vector as a bag (dimension number -> value), for the content signal. */
export interface NoteVectors {
  /** The note's unit vector, or null when the index holds none for it (no text: an empty bag). */
  bagOf(path: string): Bag | null;
}

export interface ContentSource {
  /** The semantic vectors, or null: the content signal is the notes' keywords. */
  vectors: NoteVectors | null;
  /** For the plan note: which scored the content signal, and why not the semantic index. */
  said: string;
}

const KEYWORDS = 'content similarity scored by the notes\' keywords';

/**
 * The content source for a plan over `records`: `semantic` is what the caller has as its semantic
 * similarity provider (the semantic index of the configured embedder, or nothing).
 */
export function contentSource(records: readonly FileRecord[], semantic: unknown): ContentSource {
  if (!(semantic instanceof SemanticIndex) || !semantic.built) return { vectors: null, said: `${KEYWORDS} (no semantic index is built for the configured embedder)` };
  const store = semantic.indexer.store;
  const notes = records.filter((r) => r.ext === 'md');
  const missing = notes.filter((r) => {
    const s = store.notes.get(r.path);
    return s === undefined || s.mtime !== r.mtime || s.size !== r.size;
  }).length;
  const name = `the semantic index (${keyString(store.key)})`;
  if (missing > 0) return { vectors: null, said: `${KEYWORDS}: ${name} lacks ${missing} of the ${notes.length} notes here (not embedded yet, or changed since)` };
  const cache = new Map<string, Bag | null>();
  return {
    vectors: {
      bagOf(path) {
        let bag = cache.get(path);
        if (bag === undefined) {
          bag = meanVector(semantic, path);
          cache.set(path, bag);
        }
        return bag;
      },
    },
    said: `content similarity scored by ${name}`,
  };
}

function meanVector(index: SemanticIndex, path: string): Bag | null {
  const store = index.indexer.store;
  const note = store.notes.get(path);
  if (note === undefined) return null;
  const sum = new Float64Array(store.key.dimensions);
  for (const c of note.chunks) {
    const q = store.slab.vector(c.slot);
    const scale = store.slab.scaleOf(c.slot);
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) + (q[i] as number) * scale;
  }
  let n = 0;
  for (const x of sum) n += x * x;
  n = Math.sqrt(n);
  const bag = new Map<string, number>();
  if (n === 0) return bag;
  for (let i = 0; i < sum.length; i++) if (sum[i] !== 0) bag.set(String(i), (sum[i] as number) / n);
  return bag;
}
