// Listing and deciding pending blocks across the vault, for the CLI's `pending` command and the
// plugin's "accept all" commands: by id (unique in the whole vault), or all of them (optionally in
// one note). Edit blocks are accepted or rejected in place; operation blocks are marked, and on
// accept handed to `runAccepted` (the journal) to run.
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { ScopePolicy } from '../scope/scope-policy';
import type { FoundBlock } from './find-blocks';
import { blockId } from './find-blocks';
import type { NoteWriter, NotesWriter } from './note-writer';
import { ProposalLedger } from './ledger/proposal-ledger';
import { decideOpBlocks } from './plan-note';
import { notesWithBlocks, resolveEditBlock, resolveEditBlocksTogether, resolveNoteEditBlocks, restoreDamagedBlock, type BlockOutcome, type Decision } from './resolve-edit-blocks';

/** The contract's `pending list` entry, plus the line the block starts on. */
export interface PendingEntry {
  id: string | null;
  kind: 'edit' | 'op';
  note: string;
  /** add/replace/delete, or create_folder/move/rename/trash/add_tags/remove_tags/set_properties; `unknown` when damaged beyond reading. */
  type: string;
  /** Edits: pending or damaged. Operations: pending, accepted, rejected, done, failed or damaged. */
  state: string;
  line: number;
  /** Additive to the contract: false for a block Reeve has no record of proposing (see the ledger). */
  proposedHere?: boolean;
  /** Additive too: what an operation acts on (`path`, or `source -> destination`), so a list says it. */
  target?: string;
}

export interface DecisionOutcome {
  id: string | null;
  kind: 'edit' | 'op';
  note: string;
  decision: Decision;
  status: 'done' | 'refused';
  reason?: string;
  /** Refused because Reeve has no record of proposing the block: accepting needs a confirmation. */
  unrecorded?: true;
}

export interface DecideOptions {
  policy: ScopePolicy;
  /** The user confirmed accepting blocks Reeve has no record of proposing (see the ledger). */
  confirmUnrecorded?: boolean;
  writer?: NoteWriter;
  /** Writes the decided edits of several notes at once, as one job (`decideAllBlocks`); else `writer` per note. */
  writeAll?: NotesWriter;
  /** Runs accepted operations of a plan note (all accepted ones when `ids` is null). */
  runAccepted?: (note: string, ids: string[] | null) => Promise<{ id: string; status: 'done' | 'refused'; reason?: string; unrecorded?: boolean }[]>;
}

function confirm(opts: DecideOptions): { confirmUnrecorded?: boolean } {
  return opts.confirmUnrecorded === true ? { confirmUnrecorded: true } : {};
}

function entryOf(note: string, b: FoundBlock): PendingEntry {
  const base = { id: blockId(b), kind: b.kind, note, line: b.from + 1 };
  if (b.state === 'damaged') return { ...base, type: b.damage.type ?? 'unknown', state: 'damaged' };
  if (b.kind === 'edit') return { ...base, type: b.data.type, state: 'pending' };
  const d = b.data;
  const target = d.path ?? (d.source === undefined ? undefined : `${d.source} -> ${d.destination ?? ''}`);
  return { ...base, type: b.data.type, state: b.data.state ?? 'pending', ...(target === undefined ? {} : { target }) };
}

export async function listPendingBlocks(port: VaultPort, note?: string): Promise<PendingEntry[]> {
  const out: PendingEntry[] = [];
  const ledger = await ProposalLedger.of(port).load();
  for (const n of await notesWithBlocks(port)) {
    if (note !== undefined && n.note !== note) continue;
    for (const b of n.blocks) {
      const entry = entryOf(n.note, b);
      // Whether Reeve proposed it here (the ledger knows it as it is); unknown for a damaged block.
      if (b.state !== 'damaged') entry.proposedHere = (await ledger.check(n.note, b.data)).recorded;
      out.push(entry);
    }
  }
  return out;
}

async function runOps(note: string, ids: string[] | null, decision: Decision, opts: DecideOptions, marked: DecisionOutcome[]): Promise<DecisionOutcome[]> {
  if (decision === 'reject' || !opts.runAccepted) return marked;
  const ran = await opts.runAccepted(note, ids);
  const withRun = (m: DecisionOutcome, r: (typeof ran)[number]): DecisionOutcome => ({ ...m, status: r.status, ...(r.reason ? { reason: r.reason } : {}), ...(r.unrecorded === true ? { unrecorded: true as const } : {}) });
  const out = marked.map((m) => {
    const r = ran.find((x) => x.id === m.id);
    return r && m.status === 'done' ? withRun(m, r) : m;
  });
  // Blocks that were already marked accepted in the note (by an earlier run, or by hand) ran or
  // were held back too: say so, rather than "no pending blocks".
  for (const r of ran) if (!marked.some((m) => m.id === r.id)) out.push(withRun({ id: r.id, kind: 'op', note, decision, status: 'done' }, r));
  return out;
}

/** Decides the one block with this id, wherever it is in the vault. */
export async function decideBlockById(port: VaultPort, id: string, decision: Decision, opts: DecideOptions): Promise<DecisionOutcome> {
  const hits: { note: string; block: FoundBlock }[] = [];
  for (const n of await notesWithBlocks(port)) for (const b of n.blocks) if (blockId(b) === id) hits.push({ note: n.note, block: b });
  const refuse = (reason: string, kind: 'edit' | 'op' = 'edit', note = ''): DecisionOutcome => ({ id, kind, note, decision, status: 'refused', reason });
  if (hits.length === 0) return refuse(`no pending block with id ${id}`);
  if (hits.length > 1) return refuse(`id ${id} is used by ${hits.length} blocks (${hits.map((h) => `${h.note}:${h.block.from + 1}`).join(', ')}); resolve them by hand`);
  const { note, block } = hits[0] as { note: string; block: FoundBlock };
  if (block.kind === 'op') {
    const [m] = await decideOpBlocks(port, note, [id], decision, opts.policy, confirm(opts));
    const marked: DecisionOutcome = { id, kind: 'op', note, decision, status: m?.status ?? 'refused', ...(m?.reason ? { reason: m.reason } : {}), ...(m?.unrecorded ? { unrecorded: true as const } : {}) };
    return (await runOps(note, [id], decision, opts, [marked]))[0] as DecisionOutcome;
  }
  const writer = opts.writer ? { writer: opts.writer } : {};
  const o =
    block.state === 'damaged' && decision === 'reject'
      ? await restoreDamagedBlock(port, note, block.from + 1, { ...writer, expectedRaw: block.raw })
      : await resolveEditBlock(port, note, id, decision, { policy: opts.policy, ...writer, ...confirm(opts), expectedRaw: block.raw });
  return { id, kind: 'edit', note, decision, status: o.status, ...(o.reason ? { reason: o.reason } : {}), ...(o.unrecorded ? { unrecorded: true as const } : {}) };
}

/**
 * Decides every block in the vault, or in one note. Damaged blocks are reported, not touched.
 * With `writeAll`, the edit blocks of every note are written together, as one job (one undo takes
 * them back); when that write is refused, nothing of it was written and each edit says why.
 */
export async function decideAllBlocks(port: VaultPort, decision: Decision, opts: DecideOptions, note?: string): Promise<DecisionOutcome[]> {
  const notes = (await notesWithBlocks(port)).filter((n) => note === undefined || n.note === note);
  const withEdits = notes.filter((n) => n.blocks.some((b) => b.kind === 'edit'));
  const edits: BlockOutcome[] = [];
  if (opts.writeAll) edits.push(...(await resolveEditBlocksTogether(port, new Map(withEdits.map((n) => [n.note, null])), decision, { policy: opts.policy, writeAll: opts.writeAll, ...confirm(opts) })));
  else for (const n of withEdits) edits.push(...(await resolveNoteEditBlocks(port, n.note, decision, { policy: opts.policy, ...(opts.writer ? { writer: opts.writer } : {}), ...confirm(opts) })));
  const out = edits.map((o): DecisionOutcome => ({ id: o.id, kind: 'edit', note: o.note, decision, status: o.status, ...(o.reason ? { reason: o.reason } : {}), ...(o.unrecorded ? { unrecorded: true as const } : {}) }));
  for (const n of notes) {
    if (!n.blocks.some((b) => b.kind === 'op')) continue;
    const marked = (await decideOpBlocks(port, n.note, null, decision, opts.policy, confirm(opts))).map(
      (m): DecisionOutcome => ({ id: m.id, kind: 'op', note: n.note, decision, status: m.status, ...(m.reason ? { reason: m.reason } : {}), ...(m.unrecorded ? { unrecorded: true as const } : {}) }),
    );
    out.push(...(await runOps(n.note, null, decision, opts, marked)));
    for (const b of n.blocks) if (b.kind === 'op' && b.state === 'damaged') out.push({ id: blockId(b), kind: 'op', note: n.note, decision, status: 'refused', reason: `the block is damaged (${b.damage.reason}); fix it by hand` });
  }
  return out;
}
