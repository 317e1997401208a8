// Steps the journal does not know ran. A journal can lose records (a damaged file read only up
// to its first bad record, a disk that dropped the last write): a step it shows as never started
// may have run. Before recovery drives a job, each such step is checked against the vault, and
// one the vault shows done is recorded as half-way (intent without done) with what can be known
// of it from the vault, so recovery reverses or settles it like any interrupted step, and says so.
import { describeOperation, type JobOperation } from './job-operation';
import { append, type RunContext } from './job-runner';
import type { StepBefore } from './journal-records';
import { existsExactly, textHash } from './steps/step-kit';

/**
 * The vault as it was before the later steps judged here: moves already judged to have run are
 * undone on paper, so a file moved twice by one job (a to b, then b to c) is traced back to a.
 */
class Before {
  /** Moves judged to have run, latest first. */
  private readonly undone: { source: string; destination: string }[] = [];

  constructor(private readonly ctx: RunContext) {}

  /** Where `path` of the earlier vault is now, or null when it cannot have existed then. */
  private now(path: string): string | null {
    let p = path;
    for (const m of [...this.undone].reverse()) {
      if (p === m.destination || p.startsWith(m.destination + '/')) return null;
      if (p === m.source) p = m.destination;
      else if (p.startsWith(m.source + '/')) p = m.destination + p.slice(m.source.length);
    }
    return p;
  }

  async exists(path: string, exact = false): Promise<boolean> {
    const p = this.now(path);
    if (p === null) return false;
    return exact ? existsExactly(this.ctx.port, p) : this.ctx.port.exists(p);
  }

  async textHash(path: string): Promise<string | null> {
    const p = this.now(path);
    return p !== null && (await this.ctx.port.exists(p)) ? textHash(this.ctx.port, p) : null;
  }

  isFile(path: string): Promise<boolean> {
    const p = this.now(path);
    return p === null ? Promise.resolve(false) : this.ctx.port.stat(p).then((st) => st !== null);
  }

  undo(source: string, destination: string): void {
    this.undone.push({ source, destination });
  }
}

/** What the vault shows of a step with no record: its `before` if it ran, null if it did not or cannot tell. */
async function ranWithoutRecord(vault: Before, op: JobOperation, laterRan: boolean, absent: readonly string[] | null): Promise<StepBefore | null> {
  switch (op.type) {
    case 'move':
    case 'rename': {
      const caseOnly = op.source.toLowerCase() === op.destination.toLowerCase();
      if ((await vault.exists(op.source, caseOnly)) || !(await vault.exists(op.destination, caseOnly))) return null;
      const kind = (await vault.isFile(op.destination)) ? 'file' : 'folder';
      const parents: string[] = [];
      for (let p = op.destination.slice(0, Math.max(0, op.destination.lastIndexOf('/'))); p !== '' && absent?.includes(p); p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) parents.unshift(p);
      return { type: 'move', kind, hash: null, notes: [], createdParents: parents, judged: true };
    }
    case 'create_note':
      // Its text may differ now (a later move rewrote a link in it), so the intent copy decides when it can.
      if (absent !== null) return absent.includes(op.path) && (await vault.exists(op.path)) ? { type: 'create', createdParents: [] } : null;
      return (await vault.textHash(op.path)) === op.hashAfter ? { type: 'create', createdParents: [] } : null;
    case 'edit':
      return (await vault.textHash(op.path)) === op.hashAfter && op.hashAfter !== op.hashBefore ? { type: 'edit' } : null;
    case 'create_folder':
      // A folder that exists may have been there before the job: the intent copy says, else only a later step having run does.
      return (absent === null ? laterRan : absent.includes(op.path)) && (await vault.exists(op.path)) ? { type: 'create', createdParents: [] } : null;
    // Without the intent record there is no copy of the note's text (or file) to put back: left as it is.
    case 'trash':
    case 'frontmatter':
      return null;
  }
}

/** Records steps the vault shows done but the journal does not; returns one note per step found. */
export async function reconcileWithVault(ctx: RunContext, absent: readonly string[] | null): Promise<string[]> {
  const { steps, ops } = ctx.state;
  const notes: string[] = [];
  const lastKnown = steps.reduce((last, s, i) => (s.recorded ? i : last), -1);
  const vault = new Before(ctx);
  for (let i = ops.length - 1; i >= 0; i--) {
    const s = steps[i];
    const op = ops[i];
    if (!s || !op) continue;
    // A recorded move that ran is traced back too, for the steps before it.
    if (s.recorded) {
      if ('source' in op && s.status !== 'pending') vault.undo(op.source, op.destination);
      continue;
    }
    const before = await ranWithoutRecord(vault, op, i < lastKnown || notes.length > 0, absent);
    if (!before) continue;
    if ('source' in op) vault.undo(op.source, op.destination);
    await append(ctx, [{ t: 'intent', step: i, before }]);
    Object.assign(s, { status: 'apply-inflight', before, after: null, recorded: true });
    notes.push(`step ${i + 1} (${describeOperation(op)}) had run but was not in the journal; it was judged from the vault${op.type === 'move' || op.type === 'rename' ? ', and links it rewrote are rewritten back by the rename rather than restored from a copy' : ''}`);
  }
  return notes.reverse();
}
