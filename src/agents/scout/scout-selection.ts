// Scout's running selection and what it knows about each note it has come across: the reasons a
// search or a walk gave for it and its best score. `update_selection` replaces the selection; at
// the iteration limit the last one stands (never a fallback to arbitrary scoring).

import type { SelectedNote, WhyPicked } from '../pipeline/pipeline-context';
import type { ScoutConfidence } from '../pipeline/pipeline-events';

export class ScoutSelection {
  private readonly seen = new Map<string, { why: WhyPicked[]; score: number }>();
  selected: SelectedNote[] = [];
  reasoning = '';
  confidence: ScoutConfidence = 'exploring';
  readonly steps: string[] = [];

  /** Records why a tool surfaced `path`. */
  saw(path: string, why: WhyPicked, score = 0): void {
    const entry = this.seen.get(path) ?? { why: [], score: 0 };
    if (!entry.why.some((w) => w.kind === why.kind && w.detail === why.detail)) entry.why.push(why);
    entry.score = Math.max(entry.score, score);
    this.seen.set(path, entry);
  }

  hasSeen(path: string): boolean {
    return this.seen.has(path);
  }

  select(paths: readonly string[], reasoning: string, confidence: ScoutConfidence, tokensOf: (path: string) => number): void {
    this.selected = paths.map((path) => {
      const entry = this.seen.get(path);
      return { path, why: entry?.why.length ? [...entry.why] : [{ kind: 'scout', detail: 'picked by Scout' }], score: entry?.score ?? 0, tokens: tokensOf(path) };
    });
    this.reasoning = reasoning;
    this.confidence = confidence;
  }
}
