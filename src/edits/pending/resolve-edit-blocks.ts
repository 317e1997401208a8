// Accept and reject `ai-edit` blocks: one, all in a note, or all in the vault. Accept writes
// `after` in place of the block and its tag line; reject writes `before` back. Each note is
// written once, atomically, and only if it is still exactly the text the decision was made on.
// Both go through the one check of ledger/accept-check.ts: accept holds the block to the policy it
// was proposed under and to the vault's settings now; reject, which writes the block's `before`
// back, needs the ledger to know the block, or the user's confirmation that it was not proposed here.
import type { Proposal, ScopePolicy } from '../scope/scope-policy';
import { applyLineEdits, type LineEdit } from '../text/lines';
import { checkVaultPath } from '../../vault-vfs/path-safety';
import { StaleWriteError, type VaultPort } from '../../vault-vfs/vault-port';
import { blockById, findBlocks, type FoundBlock, type FoundEditBlock } from './find-blocks';
import { acceptRefusal, rejectRefusal } from './ledger/accept-check';
import { ProposalLedger, type LedgerVerdict } from './ledger/proposal-ledger';
import { collectingNoteWriter, directNoteWriter, NoteWriteRefusedError, type NoteChange, type NoteWriter, type NotesWriter } from './note-writer';

export type Decision = 'accept' | 'reject';

export interface BlockOutcome {
  note: string;
  id: string | null;
  /** 1-based line where the block started. */
  line: number;
  decision: Decision;
  status: 'done' | 'refused';
  reason?: string;
  /** Refused because the ledger has no record of the block: accepting needs a confirmation. */
  unrecorded?: true;
}

export interface ResolveBlockOptions {
  /** The policy of the moment (the vault's settings now), checked again on accept. */
  policy: ScopePolicy;
  /** Defaults to writing through `VaultPort.process`; the journal provides a recording writer. */
  writer?: NoteWriter;
  /** The user confirmed deciding blocks Reeve has no record of proposing (see the ledger). */
  confirmUnrecorded?: boolean;
}

type Pending = FoundEditBlock & { state: 'pending' };

function lineEditFor(b: Pending, decision: Decision): LineEdit {
  const d = b.data;
  if (decision === 'accept') return { from: b.from, to: b.to, body: d.type === 'delete' ? null : d.after };
  return { from: b.from, to: b.to, body: d.type === 'add' ? null : d.before };
}

function damagedReason(b: FoundBlock): string {
  if (b.state !== 'damaged') return '';
  const byId = b.damage.id === null ? '' : ` or "reeve pending <vault> reject --id ${b.damage.id}"`;
  const how = b.damage.restorable ? `restore its original text with "Restore original text" on the block${byId}` : 'fix or remove it by hand';
  return `the block is damaged (${b.damage.reason}); ${how}`;
}

/** Decides blocks of one note's text: the new text and an outcome per block (unwritten yet). */
function decide(note: string, text: string, blocks: readonly FoundBlock[], decision: Decision, opts: ResolveBlockOptions, verdicts: ReadonlyMap<FoundBlock, LedgerVerdict>): { text: string; outcomes: BlockOutcome[]; trash: boolean } {
  const edits: LineEdit[] = [];
  const outcomes: BlockOutcome[] = [];
  let createdNote = false;
  for (const b of blocks) {
    if (b.kind !== 'edit') continue;
    const base = { note, line: b.from + 1, decision, id: b.state === 'damaged' ? b.damage.id : b.data.id };
    if (b.state === 'damaged') {
      outcomes.push({ ...base, status: 'refused', reason: damagedReason(b) });
      continue;
    }
    // A new note's block stands for the note itself: accepting it keeps a note the agent created.
    const proposal: Proposal = b.data.newNote === true ? { kind: 'create', file: note } : { kind: 'edit', file: note, type: b.data.type };
    const verdict = verdicts.get(b);
    const refusal = decision === 'accept' ? acceptRefusal(verdict, proposal, opts.policy, opts.confirmUnrecorded === true) : rejectRefusal(verdict, opts.confirmUnrecorded === true);
    if (refusal) {
      outcomes.push({ ...base, status: 'refused', reason: refusal.reason, ...(refusal.unrecorded ? { unrecorded: true as const } : {}) });
      continue;
    }
    if (b.data.newNote) createdNote = true;
    edits.push(lineEditFor(b, decision));
    outcomes.push({ ...base, status: 'done' });
  }
  const out = edits.length > 0 ? applyLineEdits(text, edits) : text;
  return { text: out, outcomes, trash: decision === 'reject' && createdNote && out.trim() === '' };
}

async function writeNote(port: VaultPort, note: string, before: string, decided: ReturnType<typeof decide>, writer: NoteWriter | undefined): Promise<BlockOutcome[]> {
  const done = decided.outcomes.filter((o) => o.status === 'done');
  if (done.length === 0) return decided.outcomes;
  const write = writer ?? directNoteWriter(port);
  try {
    await write(decided.trash ? { kind: 'trash', path: note, before } : { kind: 'write', path: note, before, after: decided.text });
  } catch (e) {
    if (!(e instanceof StaleWriteError) && !(e instanceof NoteWriteRefusedError)) throw e;
    const reason = e instanceof NoteWriteRefusedError ? `${e.reason}; nothing was written` : 'the note changed since the block was read; nothing was written';
    return decided.outcomes.map((o) => (o.status === 'done' ? { ...o, status: 'refused', reason } : o));
  }
  return decided.outcomes;
}

/** The ledger's verdict on each readable edit block (accepting and rejecting both ask it). */
async function ledgerVerdicts(port: VaultPort, note: string, blocks: readonly FoundBlock[]): Promise<Map<FoundBlock, LedgerVerdict>> {
  const out = new Map<FoundBlock, LedgerVerdict>();
  const pending = blocks.filter((b): b is Pending => b.kind === 'edit' && b.state === 'pending');
  if (pending.length === 0) return out;
  const index = await ProposalLedger.of(port).load();
  for (const b of pending) out.set(b, await index.check(note, b.data));
  return out;
}

function checkNote(port: VaultPort, note: string): string | null {
  const check = checkVaultPath(note, { configDir: port.configDir });
  return check.ok ? null : check.reason;
}

/**
 * Accepts or rejects the block `id` in `note`. With `expectedRaw` (the block's text when it was
 * shown), a block that changed since is refused as stale.
 */
export async function resolveEditBlock(port: VaultPort, note: string, id: string, decision: Decision, opts: ResolveBlockOptions & { expectedRaw?: string }): Promise<BlockOutcome> {
  const refuse = (reason: string, line = 0): BlockOutcome => ({ note, id, line, decision, status: 'refused', reason });
  const unsafe = checkNote(port, note);
  if (unsafe) return refuse(unsafe);
  if (!(await port.exists(note))) return refuse('no such note');
  const text = await port.read(note);
  const found = blockById(findBlocks(text), id);
  if (!found.ok) return refuse(found.reason);
  const b = found.block;
  if (b.kind !== 'edit') return refuse('this is an operation block; use the operation commands');
  if (opts.expectedRaw !== undefined && b.raw !== opts.expectedRaw) return refuse('the block changed since it was shown; look at it again', b.from + 1);
  const verdicts = await ledgerVerdicts(port, note, [b]);
  const outcomes = await writeNote(port, note, text, decide(note, text, [b], decision, opts, verdicts), opts.writer);
  return outcomes[0] ?? refuse('the block could not be read');
}

/** Accepts or rejects every pending edit block in a note, in one write. */
export async function resolveNoteEditBlocks(port: VaultPort, note: string, decision: Decision, opts: ResolveBlockOptions): Promise<BlockOutcome[]> {
  const unsafe = checkNote(port, note);
  if (unsafe) return [{ note, id: null, line: 0, decision, status: 'refused', reason: unsafe }];
  const text = await port.read(note);
  const blocks = findBlocks(text);
  return writeNote(port, note, text, decide(note, text, blocks, decision, opts, await ledgerVerdicts(port, note, blocks)), opts.writer);
}

/**
 * Decides edit blocks of several notes together: for each note, the blocks with the ids given
 * (null: every edit block of it), and writes what was decided through `writeAll` at once, as one
 * journaled job, so one undo takes it all back. When that write is refused nothing of it was
 * written, and each block decided says why. `policy` may differ by note.
 */
export async function resolveEditBlocksTogether(
  port: VaultPort,
  picks: ReadonlyMap<string, readonly string[] | null>,
  decision: Decision,
  opts: Omit<ResolveBlockOptions, 'writer' | 'policy'> & { policy: ScopePolicy | ((note: string) => ScopePolicy); writeAll: NotesWriter },
): Promise<BlockOutcome[]> {
  const changes: NoteChange[] = [];
  const out: BlockOutcome[] = [];
  for (const [note, ids] of picks) {
    const refuse = (reason: string): void => {
      for (const id of ids ?? [null]) out.push({ note, id, line: 0, decision, status: 'refused', reason });
    };
    const problem = checkNote(port, note) ?? ((await port.exists(note)) ? null : 'no such note');
    if (problem !== null) {
      refuse(problem);
      continue;
    }
    const text = await port.read(note);
    const all = findBlocks(text);
    const blocks: FoundBlock[] = [];
    for (const id of ids ?? []) {
      const found = blockById(all, id);
      if (found.ok) blocks.push(found.block);
      else out.push({ note, id, line: 0, decision, status: 'refused', reason: found.reason });
    }
    const chosen = ids === null ? all : blocks;
    const policy = typeof opts.policy === 'function' ? opts.policy(note) : opts.policy;
    const decided = decide(note, text, chosen, decision, { ...opts, policy }, await ledgerVerdicts(port, note, chosen));
    out.push(...(await writeNote(port, note, text, decided, collectingNoteWriter(changes))));
  }
  if (changes.length === 0) return out;
  try {
    await opts.writeAll(changes);
  } catch (e) {
    if (!(e instanceof StaleWriteError) && !(e instanceof NoteWriteRefusedError)) throw e;
    const reason = `${e instanceof NoteWriteRefusedError ? e.reason : e.message}; nothing of the ${changes.length} notes was written`;
    return out.map((o) => (o.status === 'done' ? { ...o, status: 'refused', reason } : o));
  }
  return out;
}

/** Markdown notes that hold at least one pending block, with their blocks. */
export async function notesWithBlocks(port: VaultPort): Promise<{ note: string; text: string; blocks: FoundBlock[] }[]> {
  const out: { note: string; text: string; blocks: FoundBlock[] }[] = [];
  const notes = (await port.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md')).map((e) => e.path).sort();
  for (const note of notes) {
    const text = await port.read(note);
    if (!text.includes('```ai-')) continue;
    const blocks = findBlocks(text);
    if (blocks.length > 0) out.push({ note, text, blocks });
  }
  return out;
}

/** Accepts or rejects every pending edit block in the vault, one write per note. */
export async function resolveVaultEditBlocks(port: VaultPort, decision: Decision, opts: ResolveBlockOptions): Promise<BlockOutcome[]> {
  const out: BlockOutcome[] = [];
  for (const { note, text, blocks } of await notesWithBlocks(port)) {
    if (!blocks.some((b) => b.kind === 'edit')) continue;
    out.push(...(await writeNote(port, note, text, decide(note, text, blocks, decision, opts, await ledgerVerdicts(port, note, blocks)), opts.writer)));
  }
  return out;
}

/**
 * Writes back the original text of a damaged block (the `before` dug out of its broken JSON),
 * identified by its 1-based starting line as `findBlocks` reported it.
 */
export async function restoreDamagedBlock(port: VaultPort, note: string, line: number, opts: { writer?: NoteWriter; expectedRaw?: string } = {}): Promise<BlockOutcome> {
  const refuse = (reason: string, id: string | null = null): BlockOutcome => ({ note, id, line, decision: 'reject', status: 'refused', reason });
  const unsafe = checkNote(port, note);
  if (unsafe) return refuse(unsafe);
  const text = await port.read(note);
  const b = findBlocks(text).find((x) => x.from + 1 === line);
  if (!b || b.kind !== 'edit') return refuse(`no edit block starts at line ${line}`);
  if (b.state !== 'damaged') return refuse('the block is not damaged; reject it instead', b.data.id);
  if (!b.damage.restorable || b.damage.before === null) return refuse(`its original text cannot be recovered (${b.damage.reason}); fix it by hand`, b.damage.id);
  if (opts.expectedRaw !== undefined && b.raw !== opts.expectedRaw) return refuse('the block changed since it was shown; look at it again', b.damage.id);
  const zeroLines = b.damage.type === 'add' || (b.damage.type === null && b.damage.before === '');
  const after = applyLineEdits(text, [{ from: b.from, to: b.to, body: zeroLines ? null : b.damage.before }]);
  const outcome: BlockOutcome = { note, id: b.damage.id, line, decision: 'reject', status: 'done' };
  const decided = { text: after, outcomes: [outcome], trash: false };
  return (await writeNote(port, note, text, decided, opts.writer))[0] ?? outcome;
}
