// Plan notes: an organize plan written as `ai-op` blocks the user accepts or rejects one by one
// or together. The state of each operation is kept in its own block (`"state"`), so the note is
// the single record of what was decided and what ran, readable in Markdown either way.
import type { PlannedOperation } from '../../vault-vfs/operations';
import { opProposal } from '../scope/filter-proposals';
import type { ScopePolicy } from '../scope/scope-policy';
import { applyLineEdits, dominantEol, type LineEdit } from '../text/lines';
import { StaleWriteError, type VaultPort } from '../../vault-vfs/vault-port';
import { opBlockText, type OpBlockData, type OpState } from './block-format';
import { findBlocks, type FoundOpBlock } from './find-blocks';
import { acceptRefusal } from './ledger/accept-check';
import { ProposalLedger, type LedgerVerdict } from './ledger/proposal-ledger';
import { noteEditRefusals } from './note-edit-check';
import { opBlockData, plannedOperationOf } from './op-block-data';
import { foreignBlockReason } from './plan-owner';

const SECTIONS: { type: PlannedOperation['type']; title: string }[] = [
  { type: 'create_folder', title: 'New folders' },
  { type: 'move', title: 'Moves' },
  { type: 'rename', title: 'Renames' },
  { type: 'add_tags', title: 'Tags added' },
  { type: 'remove_tags', title: 'Tags removed' },
  { type: 'set_properties', title: 'Properties set' },
  { type: 'trash', title: 'Trash' },
];

export interface PlanNoteInput {
  planId: string;
  /** The folder organized, '' for the vault root. */
  targetFolder: string;
  description: string;
  operations: readonly PlannedOperation[];
}

/** The Markdown of a plan note: a heading, the description, then a section per operation type. */
export function planNoteText(plan: PlanNoteInput): string {
  const lines = [`# Organize plan for ${plan.targetFolder === '' ? 'the vault' : plan.targetFolder}`, '', plan.description.trim(), ''];
  for (const s of SECTIONS) {
    const ops = plan.operations.filter((o) => o.type === s.type);
    if (ops.length === 0) continue;
    lines.push(`## ${s.title} (${ops.length})`, '');
    for (const op of ops) lines.push(opBlockText(opBlockData(op, plan.planId), '\n'), '');
  }
  return lines.join('\n');
}

export interface OpDecision {
  id: string;
  line: number;
  status: 'done' | 'refused';
  reason?: string;
  /** Refused because Reeve has no record of proposing the operation: accepting needs a confirmation. */
  unrecorded?: true;
}

type OkOp = FoundOpBlock & { state: 'ok' };

/** Operation blocks of a note that are readable. */
export function opBlocks(text: string): OkOp[] {
  return findBlocks(text).filter((b): b is OkOp => b.kind === 'op' && b.state === 'ok');
}

/**
 * Sets the state of operation blocks in one atomic write. `change` returns the new state for a
 * block (and an error text for `failed`), a refusal reason, or null to leave the block alone.
 */
export async function updateOpBlocks(
  port: VaultPort,
  note: string,
  change: (b: OkOp) => { state: OpState; error?: string } | { refuse: string; unrecorded?: boolean } | null,
): Promise<OpDecision[]> {
  const text = await port.read(note);
  const edits: LineEdit[] = [];
  const decisions: OpDecision[] = [];
  const eol = dominantEol(text);
  const seen = new Map<string, number>();
  const all = opBlocks(text);
  for (const b of all) seen.set(b.data.id, (seen.get(b.data.id) ?? 0) + 1);
  for (const b of all) {
    const c = change(b);
    if (c === null) continue;
    const base = { id: b.data.id, line: b.from + 1 };
    if ((seen.get(b.data.id) ?? 0) > 1) decisions.push({ ...base, status: 'refused', reason: `id ${b.data.id} is used by several blocks; resolve them by hand` });
    else if ('refuse' in c) decisions.push({ ...base, status: 'refused', reason: c.refuse, ...(c.unrecorded === true ? { unrecorded: true as const } : {}) });
    else {
      const data: OpBlockData = { ...b.data, state: c.state };
      if (c.error !== undefined) data.error = c.error;
      else delete data.error;
      edits.push({ from: b.from, to: b.to, body: opBlockText(data, eol) });
      decisions.push({ ...base, status: 'done' });
    }
  }
  if (edits.length === 0) return decisions;
  const after = applyLineEdits(text, edits);
  try {
    await port.process(note, (current) => {
      if (current !== text) throw new StaleWriteError(note);
      return after;
    });
  } catch (e) {
    if (!(e instanceof StaleWriteError)) throw e;
    return decisions.map((d) => (d.status === 'done' ? { ...d, status: 'refused', reason: 'the plan note changed while it was being updated; nothing was written' } : d));
  }
  return decisions;
}

/**
 * Accepts or rejects operation blocks. `ids` null means every block still undecided; named
 * blocks may also change an earlier accept or reject. Accepting checks the ledger (the operation
 * must be one Reeve planned, and pass the policy it was planned under, unless the user confirmed
 * it was not) and the scope policy of the moment; operations that already ran are refused.
 */
export async function decideOpBlocks(
  port: VaultPort,
  note: string,
  ids: readonly string[] | null,
  decision: 'accept' | 'reject',
  policy: ScopePolicy,
  opts: { confirmUnrecorded?: boolean } = {},
): Promise<OpDecision[]> {
  const wanted = ids === null ? null : new Set(ids);
  const text = await port.read(note);
  const blocks = opBlocks(text);
  const verdicts = decision === 'accept' ? await opVerdicts(port, note, blocks) : new Map<string, LedgerVerdict>();
  // A note edit is refused when its note changed since the plan (as an ai-edit is).
  const stale = decision === 'accept' ? await noteEditRefusals(port, blocks, blocks.filter((b) => (wanted === null ? b.data.state === undefined : wanted.has(b.data.id)))) : new Map<string, string>();
  const decisions = await updateOpBlocks(port, note, (b) => {
    if (wanted === null ? b.data.state !== undefined : !wanted.has(b.data.id)) return null;
    if (b.data.state === 'done' || b.data.state === 'failed') return { refuse: `the operation already ran (${b.data.state})` };
    if (decision === 'reject') return { state: 'rejected' };
    const foreign = foreignBlockReason(text, b.data.job);
    if (foreign !== null) return { refuse: foreign };
    const proposal = opProposal(plannedOperationOf(b.data));
    const verdict = verdicts.get(b.raw);
    const refused = acceptRefusal(verdict, proposal, policy, opts.confirmUnrecorded === true);
    if (refused) return { refuse: refused.reason, unrecorded: refused.unrecorded };
    const changed = stale.get(b.data.id);
    return changed !== undefined ? { refuse: changed } : { state: 'accepted' };
  });
  for (const id of wanted ?? []) {
    if (!decisions.some((d) => d.id === id)) decisions.push({ id, line: 0, status: 'refused', reason: `no operation block with id ${id} in ${note}` });
  }
  return decisions;
}

/** The ledger's verdict on each operation block, by the block's text. */
export async function opVerdicts(port: VaultPort, note: string, blocks: readonly OkOp[]): Promise<Map<string, LedgerVerdict>> {
  const index = await ProposalLedger.of(port).load();
  const out = new Map<string, LedgerVerdict>();
  for (const b of blocks) out.set(b.raw, await index.check(note, b.data));
  return out;
}

/**
 * Writes a plan note (the folder is created if needed); refuses to overwrite an existing note.
 * Its operations are recorded in the ledger first, with the policy they were planned under.
 */
export async function writePlanNote(port: VaultPort, path: string, plan: PlanNoteInput, policy: ScopePolicy): Promise<void> {
  await ProposalLedger.of(port).record(
    plan.operations.map((op) => opBlockData(op, plan.planId)),
    path,
    policy,
  );
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const parts = folder === '' ? [] : folder.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const f = parts.slice(0, i).join('/');
    if (!(await port.exists(f))) await port.createFolder(f);
  }
  await port.create(path, planNoteText(plan));
}
