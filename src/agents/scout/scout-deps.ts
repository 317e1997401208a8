// What the Scout tools work with: the vault (read-only), retrieval, the walls, the task, and the
// run's hooks. Scout never writes anything.

import type { VaultPort } from '../../vault-vfs/vault-port';
import type { Retrieval } from '../../search/retrieval/retrieval';
import type { Wall } from '../../search/retrieval/walls';
import type { ScoutSelection } from './scout-selection';
import type { ScoutSettings } from './scout-settings';

export interface ScoutDeps {
  vault: VaultPort;
  retrieval: Retrieval;
  /** The wall list (walls.ts): folders Scout may not look into. */
  excluded: readonly string[];
  /** `excluded` and every hidden folder, as a test (`wallOf`). */
  wall: Wall;
  task: string;
  currentNote: string | null;
  settings: ScoutSettings;
  selection: ScoutSelection;
  /** Asks the user; null when nobody can answer now (the run then stops with the question). */
  askUser: (question: string, signal?: AbortSignal) => Promise<string | null>;
}

/** Tool output with a one-line summary for the timeline ("8 notes"). */
export function stepResult(content: string, summary: string): { content: string; data: { summary: string } } {
  return { content, data: { summary } };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
