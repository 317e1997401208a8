// What a compiled expression needs besides the file record: note text (for `file.content`) and
// similarity scores (for `vector_similarity`). Both are fetched before evaluation (see
// evaluate.ts), so the compiled function itself stays synchronous and fast.

import type { FileRecord } from '../vault-vfs/file-record';

export interface EvalScope {
  /** The note's text; '' for files that are not markdown. */
  content(record: FileRecord): string;
  /** The score of a file for a `vector_similarity` query, 0..1. */
  similarity(query: string, record: FileRecord): number;
}

/** For expressions that use neither content nor similarity; reaching for them is a caller bug. */
export const NO_SCOPE: EvalScope = {
  content(record) {
    throw new Error(`file.content of ${record.path} was not loaded: evaluate rules that read content with matchRecords()`);
  },
  similarity(query) {
    throw new Error(`vector_similarity("${query}") was not scored: evaluate it with matchRecords() and a similarity provider`);
  },
};

export type Getter = (r: FileRecord, s: EvalScope) => unknown;
export type Predicate = (r: FileRecord, s: EvalScope) => boolean;
