// Turns resolved edits into pending `ai-edit` blocks in the notes, each block standing in place of
// the lines it would change. The scope policy is applied here, so nothing outside it is ever
// shown; the write refuses if the note changed since the edits were resolved. Every block is
// recorded in the ledger before it is written, so accepting it later can tell it from a planted one.
import type { EditNotice, EditPlan } from '../instructions/resolve-answer';
import type { ResolvedCreate, ResolvedEdit } from '../instructions/resolved-edit';
import { filter } from '../scope/filter-proposals';
import type { ScopePolicy } from '../scope/scope-policy';
import { applyLineEdits, dominantEol } from '../text/lines';
import { StaleWriteError, VaultPathExistsError, type VaultPort } from '../../vault-vfs/vault-port';
import { editBlockText, type EditBlockData } from './block-format';
import { newBlockId } from './block-id';
import { ProposalLedger } from './ledger/proposal-ledger';

export interface ProposedBlock {
  id: string;
  note: string;
  type: ResolvedEdit['type'];
  /** Index of the instruction in the answer. */
  index: number;
}

export interface ProposalReport {
  proposed: ProposedBlock[];
  refused: EditNotice[];
  /** The run was stopped before every note was written: `proposed` is what was, the rest is in `refused`. */
  stopped: boolean;
}

/** Why an edit was not written when the user stopped the run between notes. */
export const STOPPED_BEFORE_WRITE = 'not written: the run was stopped before this note';

/** The note's text with a block in place of each edit (edits as resolved against `text`). */
export function withEditBlocks(text: string, edits: readonly ResolvedEdit[], newId: () => string = () => newBlockId('e')): { text: string; blocks: EditBlockData[] } {
  const eol = dominantEol(text);
  const blocks = edits.map((e): EditBlockData => ({ id: newId(), type: e.type, before: e.before, after: e.after }));
  const out = applyLineEdits(
    text,
    edits.map((e, i) => ({ from: e.from, to: e.to, body: editBlockText(blocks[i] as EditBlockData, eol) })),
  );
  return { text: out, blocks };
}

/** The text a new note's `add` block holds: its content without the final line break. */
function newNoteAfter(create: ResolvedCreate): string {
  return create.content.replace(/\r?\n$/, '');
}

/** A new note holding one `add` block with the whole content; rejecting it trashes the note. */
export function newNoteText(create: ResolvedCreate, id: string): string {
  const trailing = /\r?\n$/.exec(create.content)?.[0] ?? '';
  return editBlockText({ id, type: 'add', before: '', after: newNoteAfter(create), newNote: true }, '\n') + trailing;
}

/**
 * Writes the blocks, note by note. `signal` (the user's Stop, Ctrl-C in the CLI) is looked at
 * between notes: once it is aborted no further note is written or created, and what was written
 * stays, each a recorded pending block the user can reject (a created note is trashed by its reject).
 */
export async function proposeEdits(port: VaultPort, plan: EditPlan, policy: ScopePolicy, signal?: AbortSignal, proposer?: string): Promise<ProposalReport> {
  const report: ProposalReport = { proposed: [], refused: [], stopped: false };
  const stoppedHere = (items: readonly { file: string; index: number }[]): boolean => {
    if (signal?.aborted !== true) return false;
    report.stopped = true;
    for (const i of items) report.refused.push({ file: i.file, index: i.index, message: STOPPED_BEFORE_WRITE });
    return true;
  };
  const edits = filter(plan.edits, policy);
  const creates = filter(plan.creates, policy);
  for (const r of [...edits.refused, ...creates.refused]) report.refused.push({ file: r.proposal.file, index: r.proposal.index, message: r.reason });
  const ledger = ProposalLedger.of(port);
  const byNote = new Map<string, ResolvedEdit[]>();
  for (const e of edits.allowed) byNote.set(e.file, [...(byNote.get(e.file) ?? []), e]);
  for (const [note, noteEdits] of byNote) {
    if (stoppedHere(noteEdits)) continue;
    const source = plan.sources[note];
    if (source === undefined) throw new Error(`no source text for ${note}; resolve edits with resolveAnswer or resolveInstructions`);
    // A note the user made read-only (or one behind a link) gets no block: it could be proposed but
    // never accepted, and writing the block would already change a file the user protected.
    const writeProblem = (await port.writeProblem?.(note)) ?? null;
    if (writeProblem !== null) {
      for (const edit of noteEdits) report.refused.push({ file: note, index: edit.index, message: `${writeProblem}; nothing was written to it` });
      continue;
    }
    const { text, blocks } = withEditBlocks(source, noteEdits);
    await ledger.record(blocks, note, policy, proposer);
    try {
      await port.process(note, (current) => {
        if (current !== source) throw new StaleWriteError(note);
        return text;
      });
    } catch (e) {
      if (!(e instanceof StaleWriteError)) throw e;
      for (const edit of noteEdits) report.refused.push({ file: note, index: edit.index, message: 'the note changed while the edits were being prepared; nothing was written to it' });
      continue;
    }
    noteEdits.forEach((edit, i) => report.proposed.push({ id: (blocks[i] as EditBlockData).id, note, type: edit.type, index: edit.index }));
  }
  for (const c of creates.allowed) {
    if (stoppedHere([c])) continue;
    const id = newBlockId('e');
    const noteText = newNoteText(c, id);
    await ledger.record([{ id, type: 'add', before: '', after: newNoteAfter(c), newNote: true }], c.file, policy, proposer);
    try {
      await port.create(c.file, noteText);
    } catch (e) {
      // One note the disk will not make costs that note alone; its code, never its absolute path.
      const code = (e as { code?: unknown } | null)?.code;
      const message = e instanceof VaultPathExistsError ? 'a note with this path appeared while the edits were being prepared; nothing was written' : `the disk refused to make the note (${typeof code === 'string' ? code : 'an error of the disk'}); nothing was written`;
      report.refused.push({ file: c.file, index: c.index, message });
      continue;
    }
    report.proposed.push({ id, note: c.file, type: 'add', index: c.index });
  }
  report.refused.sort((a, b) => a.index - b.index);
  return report;
}
