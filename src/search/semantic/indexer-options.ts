// What a SemanticIndexer can be told: slicing, saving, batching, price and consent, progress.

import type { YieldFn } from '../../vault-vfs/time-slicer';
import type { CostEstimate, SemanticProgress } from './build-state';
import type { ChunkOptions } from './chunker';

export interface SemanticIndexerOptions {
  chunk?: ChunkOptions;
  /** Longest stretch of work between yields; default 10 ms. */
  sliceMs?: number;
  yieldFn?: YieldFn;
  /** Save to the plugin folder; default true. */
  persist?: boolean;
  /** Texts per embedding call; default 64. */
  batchSize?: number;
  /** Save at least this often during a build; default 15 s. */
  saveIntervalMs?: number;
  /** Quiet time after a change before saving; default 5 s. */
  saveDelayMs?: number;
  /** Price of the model, for the estimate; null or absent: unknown or free. */
  pricePerMillionTokens?: number | null;
  /** Asked before a first build with the estimate; resolve false to decline. */
  consent?: (estimate: CostEstimate) => boolean | Promise<boolean>;
  onProgress?: (progress: SemanticProgress) => void;
  /**
   * Notes behind a wall (walls.ts): never read nor embedded, and dropped from the store if they are
   * in it. Asked each time a note is queued, so a wall added meanwhile holds at once.
   */
  walled?: (path: string) => boolean;
  /** False: only load the saved store (to search it), never read notes or embed; default true. */
  build?: boolean;
}
