// What the model needs to do better, added to a refused edit's reason before it is handed back:
// for an anchor that matched several times, those lines with the lines around them; for a note
// that does not exist, the closest existing paths; for a permission that is off, the positions
// that are allowed.

import type { EditCapability } from '../../edits/scope/scope-policy';
import { closestStrings } from '../../edits/text/similar-text';
import { allowedPositionsText } from './allowed-positions';

export interface FeedbackSources {
  /** The note's text, or null when it does not exist. */
  text(file: string): string | null;
  notePaths(): readonly string[];
  capabilities: ReadonlySet<EditCapability>;
}

function around(text: string, lineNumbers: readonly number[]): string {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  for (const n of lineNumbers.slice(0, 5)) {
    out.push(`  around line ${n}:`);
    for (let i = Math.max(1, n - 1); i <= Math.min(lines.length, n + 1); i++) out.push(`  ${String(i).padStart(4)}| ${lines[i - 1] ?? ''}`);
  }
  return out.join('\n');
}

export function explainRefusal(file: string, reason: string, sources: FeedbackSources): string {
  const several = /matches (?:more than )?\d+ times.*?at lines ([\d, ]+)/.exec(reason);
  if (several) {
    const text = sources.text(file);
    const lines = (several[1] ?? '').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
    if (text !== null && lines.length > 0) return `${reason}\n${around(text, lines)}`;
  }
  if (/no such note/.test(reason)) {
    const near = closestStrings(file, sources.notePaths());
    if (near.length > 0) return `${reason}; the closest existing notes are ${near.map((p) => `"${p}"`).join(', ')}`;
  }
  if (/permission/.test(reason)) return `${reason}; the positions allowed are: ${allowedPositionsText(sources.capabilities)}`;
  return reason;
}
