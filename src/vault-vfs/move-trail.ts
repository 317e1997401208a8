// Where things are after a run of moves. A plan names every source as it was before the plan
// (its note lists moves grouped by destination, in no useful order): a subfolder moved after its
// folder is found where the folder went, a note edited after its move is found where the move put
// it. So each move added here first has its own source followed through the moves before it, and
// a path is then followed through them in order (a file moved twice, a folder with the note in it).
import { parentOf } from './path-safety';

export interface Move {
  source: string;
  destination: string;
}

export class MoveTrail {
  private readonly moves: Move[] = [];
  // Indexed by source, so following one path costs its depth times the moves that take it.
  private readonly bySource = new Map<string, number[]>();

  /** Adds a move; returns it as it runs: its source followed through the moves before it. */
  add(move: Move): Move {
    const run = { source: this.where(move.source), destination: move.destination };
    this.bySource.set(run.source, [...(this.bySource.get(run.source) ?? []), this.moves.length]);
    this.moves.push(run);
    return run;
  }

  /** Where `path` is after the moves added so far, in order. */
  where(path: string): string {
    let p = path;
    let from = -1;
    for (;;) {
      // The first move after the last one applied that takes `p` or a folder above it.
      let next = -1;
      for (let a = p; a !== ''; a = parentOf(a)) {
        const i = this.bySource.get(a)?.find((x) => x > from);
        if (i !== undefined && (next === -1 || i < next)) next = i;
      }
      const m = this.moves[next];
      if (m === undefined) return p;
      p = m.destination + p.slice(m.source.length);
      from = next;
    }
  }
}

/** Where each path ends up after `moves` (see above). */
export function pathAfterMoves(moves: readonly Move[]): (path: string) => string {
  const trail = new MoveTrail();
  for (const m of moves) trail.add(m);
  return (path) => trail.where(path);
}
