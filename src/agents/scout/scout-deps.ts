// What the Scout tools work with: the vault (read-only), retrieval, the walls, the task, and the
// run's hooks. Scout never writes anything.

import type { VaultPort } from '../../vault-vfs/vault-port';
import type { VaultRetrieval } from '../pipeline/vault-retrieval';
import type { ScoutSelection } from './scout-selection';
import type { ScoutSettings } from './scout-settings';

export interface ScoutDeps {
  vault: VaultPort;
  retrieval: VaultRetrieval;
  /** Folders Scout may not look into (the user's excluded folders and Steward's own). */
  excluded: readonly string[];
  task: string;
  currentNote: string | null;
  settings: ScoutSettings;
  selection: ScoutSelection;
  /** Asks the user; null when nobody can answer now (the run then stops with the question). */
  askUser: (question: string, signal?: AbortSignal) => Promise<string | null>;
}

export function isWalled(path: string, excluded: readonly string[]): boolean {
  const p = path.toLowerCase();
  return excluded.some((f) => {
    const w = f.toLowerCase().replace(/^\/+|\/+$/g, '');
    return w !== '' && (p === w || p.startsWith(`${w}/`));
  });
}

/** Tool output with a one-line summary for the timeline ("8 notes"). */
export function stepResult(content: string, summary: string): { content: string; data: { summary: string } } {
  return { content, data: { summary } };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
