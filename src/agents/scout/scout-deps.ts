// What the Scout tools work with: the vault (read-only), retrieval, the walls, the task, and the
// run's hooks. Scout never writes anything.

import type { VaultPort } from '../../vault-vfs/vault-port';
import type { Retrieval } from '../../search/retrieval/retrieval';
import { wallOf, type Wall } from '../../search/retrieval/walls';
import type { ScoutSelection } from './scout-selection';
import type { ScoutSettings } from './scout-settings';

export interface ScoutDeps {
  vault: VaultPort;
  retrieval: Retrieval;
  /** Folders Scout may not look into (the user's excluded folders and Reeve's own). */
  excluded: readonly string[];
  /** `excluded` as a test. */
  wall: Wall;
  task: string;
  currentNote: string | null;
  settings: ScoutSettings;
  selection: ScoutSelection;
  /** Asks the user; null when nobody can answer now (the run then stops with the question). */
  askUser: (question: string, signal?: AbortSignal) => Promise<string | null>;
}

/** Scout's walls: the excluded folders, case-insensitively (a vault on a case-insensitive disk). */
export function scoutWall(excluded: readonly string[]): Wall {
  const wall = wallOf(excluded.map((f) => f.toLowerCase()));
  return (path) => wall(path.toLowerCase());
}

/** Tool output with a one-line summary for the timeline ("8 notes"). */
export function stepResult(content: string, summary: string): { content: string; data: { summary: string } } {
  return { content, data: { summary } };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
