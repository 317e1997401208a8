// What became of proposals, for `pending_status`: a block still in its note is pending (an
// operation block carries its own state: accepted, rejected, done, failed, undone); a block gone
// from its note was decided, and the journal's finished job that removed it says how (its
// description names the decision: "accept edit …", "pending reject (reeve CLI)", "accept edits …
// of a chat message"). Edits are read through the walled view (a walled note's block is unknown);
// operations in their plan notes, which sit in Reeve's own plan folder.
import { JournalStore } from '../edits/journal/journal-store';
import type { JournalRecord } from '../edits/journal/journal-records';
import type { RecordedProposal } from '../edits/pending/ledger/proposal-ledger';
import { blockId, findBlocks, type FoundBlock } from '../edits/pending/find-blocks';
import { extOf } from '../vault-vfs/path-safety';
import type { VaultPort } from '../vault-vfs/vault-port';

export type ProposalState = 'pending' | 'accepted' | 'rejected' | 'unknown';

export interface ProposalStatus {
  id: string;
  path: string | null;
  kind: 'edit' | 'op' | null;
  state: ProposalState;
  /** What else there is to know: an operation that ran or failed, a damaged block, a decision not found. */
  detail?: string;
}

/** Finished jobs looked at for decisions, newest first. */
const MAX_JOBS = 500;

interface Decision {
  decision: 'accept' | 'reject';
  description: string;
}

function opState(state: string | undefined): { state: ProposalState; detail?: string } {
  switch (state) {
    case undefined:
      return { state: 'pending' };
    case 'accepted':
      return { state: 'accepted', detail: 'accepted; not run yet' };
    case 'done':
      return { state: 'accepted', detail: 'accepted and run' };
    case 'failed':
      return { state: 'accepted', detail: 'accepted, but running it failed' };
    case 'undone':
      return { state: 'pending', detail: 'it ran and was undone; it may be accepted again' };
    default:
      return { state: 'rejected' };
  }
}

/** The decisions finished jobs record for `ids` (edit blocks), newest job first. */
async function decisionsOf(port: VaultPort, ids: ReadonlySet<string>, notes: ReadonlyMap<string, string>): Promise<Map<string, Decision>> {
  const out = new Map<string, Decision>();
  const store = new JournalStore(port.state);
  const jobs = (await store.doneJobs()).slice(-MAX_JOBS).reverse();
  for (const job of jobs) {
    if (out.size === ids.size) break;
    const loaded = await store.load(job, 'done').catch(() => null);
    if (loaded === null || !loaded.ok) continue;
    const records: JournalRecord[] = loaded.records;
    const begin = records.find((r) => r.t === 'begin');
    const end = [...records].reverse().find((r) => r.t === 'end');
    if (begin?.t !== 'begin' || end?.t !== 'end' || end.state !== 'applied') continue;
    const word = /\b(accept|reject)\b/.exec(begin.description)?.[1] as Decision['decision'] | undefined;
    if (word === undefined) continue;
    for (const id of ids) {
      if (out.has(id)) continue;
      const marker = `"id":"${id}"`;
      const decided = begin.ops.some((op) => (op.type === 'edit' && op.change.remove.includes(marker) && !op.change.insert.includes(marker)) || (op.type === 'trash' && word === 'reject' && op.path === notes.get(id)));
      if (decided) out.set(id, { decision: word, description: begin.description });
    }
  }
  return out;
}

/**
 * The notes holding blocks, read now. A note listed but gone (the user rejected a new note, which
 * trashes it, in another process) is skipped, not a failure.
 */
async function notesWithBlocksNow(view: VaultPort): Promise<{ note: string; blocks: FoundBlock[] }[]> {
  const out: { note: string; blocks: FoundBlock[] }[] = [];
  for (const e of await view.list()) {
    if (e.kind !== 'file' || extOf(e.path) !== 'md') continue;
    const text = await view.read(e.path).catch(() => '');
    if (text.includes('```ai-')) out.push({ note: e.path, blocks: findBlocks(text) });
  }
  return out;
}

/** The state of each recorded proposal (`wanted`, in order); ids with no record come back unknown. */
export async function proposalStatuses(view: VaultPort, vault: VaultPort, wanted: readonly { id: string; record: RecordedProposal | null }[]): Promise<ProposalStatus[]> {
  const found = new Map<string, { note: string; kind: 'edit' | 'op'; state: ProposalState; detail?: string }>();
  // Plan notes are behind a wall (the plan folder) that is Reeve's own: their operations' states are read there.
  const planNotes = [...new Set(wanted.flatMap((w) => (w.record?.kind === 'op' ? [w.record.note] : [])))];
  const plans = await Promise.all(planNotes.map(async (note) => ({ note, blocks: findBlocks(await vault.read(note).catch(() => '')).filter((b) => b.kind === 'op') })));
  for (const n of [...(await notesWithBlocksNow(view)), ...plans]) {
    for (const b of n.blocks) {
      const id = blockId(b);
      if (id === null) continue;
      if (b.state === 'damaged') found.set(id, { note: n.note, kind: b.kind, state: 'pending', detail: 'the block is damaged; the user has to repair or reject it' });
      else if (b.kind === 'edit') found.set(id, { note: n.note, kind: 'edit', state: 'pending' });
      else found.set(id, { note: n.note, kind: 'op', ...opState(b.data.state) });
    }
  }
  const gone = wanted.filter((w) => w.record !== null && w.record.kind === 'edit' && !found.has(w.id));
  const decisions = gone.length === 0 ? new Map<string, Decision>() : await decisionsOf(view, new Set(gone.map((g) => g.id)), new Map(gone.map((g) => [g.id, g.record?.note ?? ''])));
  return wanted.map(({ id, record }): ProposalStatus => {
    if (record === null) return { id, path: null, kind: null, state: 'unknown', detail: 'Reeve has no record of proposing this id in this vault' };
    const here = found.get(id);
    if (here !== undefined) return { id, path: here.note, kind: here.kind, state: here.state, ...(here.detail === undefined ? {} : { detail: here.detail }) };
    const d = decisions.get(id);
    if (d !== undefined) return { id, path: record.note, kind: record.kind, state: d.decision === 'accept' ? 'accepted' : 'rejected', detail: `by the user (${d.description})` };
    return { id, path: record.note, kind: record.kind, state: 'unknown', detail: 'the block is no longer in the vault and no decision on it was recorded (removed by hand, or its note was deleted or moved out of reach)' };
  });
}
