// Move and rename. The adapter's rename also rewrites links in other notes (and in the moved note
// itself), so before the step the journal keeps the text of every note the rename may rewrite;
// reversing renames back and then puts those notes' exact text back, which the rename-back alone
// would not guarantee (link style can differ). A note edited since the job keeps its edit and only
// gets the adapter's link rewrite.
import { type RenameOptions, VaultFileNotFoundError } from '../../../vault-vfs/vault-port';
import { sha256Hex } from '../content-hash';
import type { StepAfter, StepBefore } from '../journal-records';
import { notesAMoveMayWrite } from './move-notes';
import { existsExactly, fileHash, missingParents, assertTextKeepsBytes, type Probe, removeCreatedFolders, StepMismatchError, StepRefusedError, type StepContext } from './step-kit';

type MoveOp = { type: 'move' | 'rename'; source: string; destination: string };
type Before = StepBefore & { type: 'move' };
type After = StepAfter & { type: 'move' };

/** Where `p` is after moving `from` to `to`. */
export function movedPath(p: string, from: string, to: string): string {
  if (p === from) return to;
  return p.startsWith(from + '/') ? to + p.slice(from.length) : p;
}

async function presence(ctx: StepContext, op: MoveOp): Promise<{ s: boolean; d: boolean }> {
  if (op.source.toLowerCase() === op.destination.toLowerCase()) {
    return { s: await existsExactly(ctx.port, op.source), d: await existsExactly(ctx.port, op.destination) };
  }
  return { s: await ctx.port.exists(op.source), d: await ctx.port.exists(op.destination) };
}

/**
 * Why the destination is taken. When the vault holds it only under another case, the disk is one
 * that does not tell names apart by case (macOS, Windows, a FAT card): a pair like `Case.md` and
 * `case.md` cannot both go there, and the rename would replace one with the other.
 */
async function takenReason(ctx: StepContext, destination: string): Promise<string> {
  const lower = destination.toLowerCase();
  const entries = await ctx.port.list();
  if (entries.some((e) => e.path === destination)) return `${destination} already exists`;
  const twin = entries.find((e) => e.path.toLowerCase() === lower);
  return twin === undefined
    ? `${destination} already exists`
    : `${destination} cannot go beside ${twin.path}: the disk there does not tell names apart by case, so one would replace the other`;
}

export async function prepareMove(ctx: StepContext, op: MoveOp): Promise<Before> {
  const isFile = (await ctx.port.stat(op.source)) !== null;
  const { s, d } = isFile && op.source.toLowerCase() !== op.destination.toLowerCase() ? { s: true, d: await ctx.port.exists(op.destination) } : await presence(ctx, op);
  if (!s) throw new StepRefusedError(`${op.source} does not exist`);
  if (d) throw new StepRefusedError(await takenReason(ctx, op.destination));
  const moved = isFile ? [op.source] : (await ctx.port.list()).filter((e) => e.kind === 'file' && e.path.startsWith(op.source + '/')).map((e) => e.path);
  const texts: { path: string; text: string }[] = [];
  for (const path of await notesAMoveMayWrite(ctx.port, op.source, op.destination, moved)) {
    const text = await ctx.port.read(path);
    await assertTextKeepsBytes(ctx.port, path, text, `${op.type} ${op.source}`);
    texts.push({ path, text });
  }
  // A moved note with links was just read: where the adapter's text keeps every byte, its hash is
  // the file's, and the file is not read again (a 5,000-rename job read every moved note twice).
  const read = isFile && ctx.port.readsEveryByte === true ? texts.find((t) => t.path === op.source) : undefined;
  return {
    type: 'move',
    kind: isFile ? 'file' : 'folder',
    hash: !isFile ? null : read !== undefined ? await ctx.store.hashes.of(read.path, read.text) : await fileHash(ctx.port, op.source),
    notes: texts,
    createdParents: await missingParents(ctx.port, op.destination),
  };
}

/** Which of the recorded notes the step changed, read from the vault after it. */
export async function moveAfter(ctx: StepContext, op: MoveOp, before: Before): Promise<After> {
  const changed: { path: string; text: string }[] = [];
  for (const n of before.notes) {
    const p = movedPath(n.path, op.source, op.destination);
    const text = await ctx.port.read(p).catch((e: unknown) => {
      if (e instanceof VaultFileNotFoundError) return null;
      throw e;
    });
    if (text !== null && text !== n.text) changed.push({ path: p, text });
  }
  // Hashed together: each digest is a round trip to Web Crypto, and a move changes several notes.
  // Remembered per note: the next move touching the note records this text (journal-texts.ts).
  return { type: 'move', changed: await Promise.all(changed.map(async (c) => ({ path: c.path, hash: await ctx.store.hashes.of(c.path, c.text) }))) };
}

/**
 * Rename options for notes (by their path after the rename) whose text the step's intent record
 * holds: the adapter may sync their rewrites later, since the journal has it sync them before any
 * record that says the step ran (see append in job-runner.ts), and a torn one is put back from the
 * record until then.
 */
function recorded(ctx: StepContext, notes: Iterable<string>): RenameOptions {
  return ctx.port.syncDeferredWrites ? { recordedNotes: new Set(notes) } : {};
}

export async function applyMove(ctx: StepContext, op: MoveOp, before: Before): Promise<After> {
  await ctx.port.rename(op.source, op.destination, recorded(ctx, before.notes.map((n) => movedPath(n.path, op.source, op.destination))));
  return moveAfter(ctx, op, before);
}

export async function probeMove(ctx: StepContext, op: MoveOp, before: Before): Promise<Probe> {
  const { s, d } = await presence(ctx, op);
  const rewritable = new Set(before.notes.map((n) => n.path));
  if (s && !d) {
    // A moved note whose own links the move rewrote may be back in place before its recorded text
    // is (a reversal that stopped between the rename back and the restore): its text is restored
    // from the record, as on the way there.
    if (before.hash !== null && !rewritable.has(op.source) && (await fileHash(ctx.port, op.source)) !== before.hash) {
      return { mismatch: `${op.source} is back in place but its content changed` };
    }
    return 'before';
  }
  if (!s && d) {
    if (before.hash !== null && !rewritable.has(op.source) && (await fileHash(ctx.port, op.destination)) !== before.hash) {
      return { mismatch: `${op.destination} exists but is not the file that was moved` };
    }
    return 'after';
  }
  return { mismatch: s ? `both ${op.source} and ${op.destination} exist` : `neither ${op.source} nor ${op.destination} exists` };
}

/** Renames back and restores the recorded note texts; returns notes on anything left as is. */
export async function revertMove(ctx: StepContext, op: MoveOp, before: Before, after: After | null): Promise<string[]> {
  // A run releases the texts of its applied moves and reads them back before reversing any
  // (released-texts.ts): one missing here is a bug, and writing a guess would lose a note.
  if (before.notes.some((n) => typeof n.text !== 'string')) throw new Error(`cannot reverse "${op.type} ${op.source}": the recorded note texts were not read back`);
  const probe = await probeMove(ctx, op, before);
  if (typeof probe === 'object') throw new StepMismatchError(`cannot reverse "${op.type} ${op.source}": ${probe.mismatch}`);
  const left: string[] = [];
  let restore = before.notes;
  if (probe === 'after' && after !== null) {
    // Only notes still exactly as the step left them get their old text back.
    const expected = new Map(after.changed.map((c) => [c.path, c.hash]));
    const keep: typeof restore = [];
    for (const n of before.notes) {
      const p = movedPath(n.path, op.source, op.destination);
      if (!(await ctx.port.exists(p))) continue;
      const text = await ctx.port.read(p);
      const want = expected.get(p);
      if (want === undefined ? text === n.text : (await sha256Hex(text)) === want) keep.push(n);
      else left.push(`${p} was edited after the job; its links were updated but its other changes kept`);
    }
    restore = keep;
  }
  // The source is a name the vault had: on a case-sensitive disk it may sit beside one that
  // differs only in case (`Case.md` and `case.md`), and putting it back must not be refused.
  // The notes about to get their recorded text back may be rewritten without a sync on the way.
  if (probe === 'after') await ctx.port.rename(op.destination, op.source, { restore: true, ...recorded(ctx, restore.map((n) => n.path)) });
  for (const n of restore) {
    if (!(await ctx.port.exists(n.path))) continue;
    if ((await ctx.port.read(n.path)) !== n.text) await ctx.port.process(n.path, () => n.text);
  }
  for (const f of await removeCreatedFolders(ctx.port, before.createdParents)) left.push(`folder ${f} was kept: it is not empty`);
  return left;
}
