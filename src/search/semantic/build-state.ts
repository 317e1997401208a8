// What a semantic build reports: its phase, done / total texts with an ETA, the cost estimate it
// asked consent for, why a saved store was refused, and the last error.

export type SemanticPhase =
  | 'new'
  | 'loading'
  | 'scanning'
  | 'consent'
  | 'embedding'
  | 'paused'
  | 'ready'
  | 'failed'
  | 'cancelled'
  | 'declined'
  | 'stopped';

export interface CostEstimate {
  notes: number;
  chunks: number;
  /** Estimated input tokens (about four characters a token). */
  tokens: number;
  /** Estimated price in US dollars, null when the model's price is unknown. */
  usd: number | null;
}

export interface SemanticProgress {
  phase: SemanticPhase;
  /** Texts embedded since start. */
  done: number;
  /** Texts this build has to embed (known once scanned; grows with edits). */
  total: number;
  /** Estimated time left, null until a rate is known. */
  etaMs: number | null;
  notes: number;
  chunks: number;
  estimate: CostEstimate | null;
  /** Why the saved store was not used (then everything is embedded again). */
  refused: string | null;
  error: string | null;
  /** Longest synchronous stretch of index work, ms. */
  longestBlockMs: number;
  /** Bytes of the store file, as last loaded or saved. */
  bytesOnDisk: number;
}

export function estimateCost(notes: number, chunks: number, tokens: number, pricePerMillionTokens: number | null): CostEstimate {
  return { notes, chunks, tokens, usd: pricePerMillionTokens === null ? null : (tokens / 1e6) * pricePerMillionTokens };
}

/** "1,234 of 5,000 chunks, about 2 min left" */
export function progressLine(p: SemanticProgress): string {
  const eta = p.etaMs === null ? '' : `, about ${formatDuration(p.etaMs)} left`;
  switch (p.phase) {
    case 'embedding':
      return `embedding: ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} chunks${eta}`;
    case 'paused':
      return `paused at ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} chunks`;
    case 'failed':
      return `stopped by an error after ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} chunks: ${p.error ?? 'unknown error'}`;
    default:
      return `${p.phase}: ${p.notes.toLocaleString('en-US')} notes, ${p.chunks.toLocaleString('en-US')} chunks indexed`;
  }
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}
