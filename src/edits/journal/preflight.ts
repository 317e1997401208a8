// Before a job starts: can every step write where it must? A read-only note, or a folder a step
// must add to or take from, refuses the job before anything runs, with each reason, instead of
// stopping it half-way with a raw permission error. Asked of the adapter (writeProblem); an adapter
// that cannot tell is trusted, and an error mid-job still rolls back (execute-job.ts).
import { hasPath, isNoteEdit, noteEditOf, opTarget, type PlannedOperation } from '../../vault-vfs/operations';
import { parentOf } from '../../vault-vfs/path-safety';
import type { VaultEntry, VaultPort } from '../../vault-vfs/vault-port';
import { describeOperation, type JobOperation } from './job-operation';

/**
 * The nearest folder of `path` that exists now: where creating `path` writes. Remembered per
 * folder for one preflight: a plan moves thousands of files into a few folders.
 */
async function nearestExisting(port: VaultPort, path: string, memo: Map<string, string>): Promise<string> {
  const parent = parentOf(path);
  const known = memo.get(parent);
  if (known !== undefined) return known;
  let p = parent;
  // A path the adapter refuses to look at (through a link out of the vault) is asked about as it is.
  while (p !== '' && !(await port.exists(p).catch(() => true))) p = parentOf(p);
  memo.set(parent, p);
  return p;
}

/** The files and folders the step writes to, as far as can be told before it runs. */
async function writesOf(port: VaultPort, op: JobOperation, memo: Map<string, string>, present: () => ReadonlySet<string>): Promise<string[]> {
  switch (op.type) {
    case 'create_folder':
    case 'create_note':
      // The path itself too: something there already (a link, say) is named for what it is.
      return [op.path, await nearestExisting(port, op.path, memo)];
    case 'edit':
    case 'frontmatter':
      return [op.path, parentOf(op.path)];
    case 'trash':
      return [parentOf(op.path)];
    case 'move':
    case 'rename': {
      // The destination's folder (every folder on the way is asked about, once per folder); the
      // destination itself only when something is there already (a link, say), to name it.
      const out = [parentOf(op.source), parentOf(op.destination), await nearestExisting(port, op.destination, memo)];
      if (present().has(op.destination)) out.push(op.destination);
      // The notes whose links it rewrites, replaced in their folders.
      for (const note of port.backlinks(op.source)) if (note !== op.source) out.push(note, parentOf(note));
      return out;
    }
  }
}

/** One problem per step that cannot run, before anything ran; empty when the job may start. */
export async function preflight(
  port: VaultPort,
  ops: readonly JobOperation[],
  /** What the vault holds, when the caller has listed it already. */
  listing?: readonly VaultEntry[],
): Promise<{ step: number; reason: string }[]> {
  const ask = port.writeProblem?.bind(port);
  if (!ask) return [];
  const problems: { step: number; reason: string }[] = [];
  const known = new Map<string, string | null>();
  const nearest = new Map<string, string>();
  // What the vault holds, listed once (asking the disk about each destination cost 50 µs a move).
  const listed = listing ?? (ops.some((op) => op.type === 'move' || op.type === 'rename') ? await port.list() : []);
  let paths: Set<string> | null = null;
  const present = (): ReadonlySet<string> => (paths ??= new Set(listed.map((e) => e.path)));
  for (const [i, op] of ops.entries()) {
    const reasons: string[] = [];
    for (const p of new Set(await writesOf(port, op, nearest, present))) {
      if (!known.has(p)) known.set(p, await ask(p));
      const r = known.get(p);
      // Two paths of one step behind the same link give the same reason: it is said once.
      if (r && !reasons.includes(r)) reasons.push(r);
    }
    if ((op.type === 'move' || op.type === 'rename') && port.moveProblem) {
      const r = await port.moveProblem(op.source, op.destination);
      if (r && !reasons.includes(r)) reasons.push(r);
    }
    if (reasons.length > 0) problems.push({ step: i, reason: `${describeOperation(op)}: ${reasons.join('; ')}` });
  }
  return problems;
}

/** A planned operation as the step the journal would run for it. */
function asJobOperation(op: PlannedOperation): JobOperation {
  if (isNoteEdit(op)) return { type: 'frontmatter', path: op.path, edit: noteEditOf(op) };
  if (hasPath(op)) return { type: op.type, path: op.path };
  return { type: op.type, source: op.source, destination: op.destination };
}

/**
 * The same checks when a plan is made, so that the plan lists only what can run and names what
 * cannot (a destination behind a symbolic link, a read-only note a move must rewrite), instead of
 * proposing operations that apply refuses. A folder created only for refused operations goes too.
 */
export async function withoutUnwritable(
  port: VaultPort,
  ops: readonly PlannedOperation[],
  listing?: readonly VaultEntry[],
): Promise<{ runnable: PlannedOperation[]; refused: { op: PlannedOperation; reason: string }[] }> {
  const problems = await preflight(port, ops.map(asJobOperation), listing);
  if (problems.length === 0) return { runnable: [...ops], refused: [] };
  const reasonOf = new Map(problems.map((p) => [p.step, p.reason]));
  const refused = ops.flatMap((op, i) => {
    const reason = reasonOf.get(i);
    return reason === undefined ? [] : [{ op, reason }];
  });
  const kept = ops.filter((_, i) => !reasonOf.has(i));
  const into = (folder: string, p: string): boolean => p.toLowerCase().startsWith(folder.toLowerCase() + '/');
  const needed = (folder: string): boolean => kept.some((op) => op.type !== 'create_folder' && into(folder, opTarget(op)));
  const orphan = (op: PlannedOperation): boolean =>
    op.type === 'create_folder' && !needed(op.path) && refused.some((r) => r.op.type !== 'create_folder' && into(op.path, opTarget(r.op)));
  return { runnable: kept.filter((op) => !orphan(op)), refused };
}
