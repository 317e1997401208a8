// Inserting a text into a note as a pending `ai-edit` block, never as the text itself: "Insert
// into note" in the chat. The block is an `add` at a line (where the user's cursor is), held to
// the same scope policy, recorded in the same ledger before it is written, and written in one
// `process` call (the editor's transaction when the note is open), so accepting it later is the
// same decision as for any proposal.
import { filter } from '../scope/filter-proposals';
import type { ScopePolicy } from '../scope/scope-policy';
import { applyLineEdits, dominantEol, lineSpans, splitLines } from '../text/lines';
import { closesFence, fenceOpen, type FenceOpen } from './code-fences';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { editBlockText, type EditBlockData } from './block-format';
import { newBlockId } from './block-id';
import { findBlocks } from './find-blocks';
import { ProposalLedger } from './ledger/proposal-ledger';

export type InsertOutcome = { status: 'proposed'; block: EditBlockData } | { status: 'refused'; reason: string };

/**
 * The line a block may go before: `line`, or, when that falls inside a fenced code block or a
 * pending block, the line after it (a block inside a fence is text, and one inside a block breaks it).
 */
function outsideBlocks(text: string, line: number): number {
  for (const b of findBlocks(text)) if (line > b.from && line < b.to) return b.to;
  const lines = splitLines(text);
  let open: { fence: FenceOpen; from: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (open === null) {
      const f = fenceOpen(l);
      if (f) open = { fence: f, from: i };
    } else if (closesFence(l, open.fence)) {
      if (line > open.from && line <= i) return i + 1;
      open = null;
    }
  }
  return open !== null && line > open.from ? lines.length : line;
}

/**
 * Proposes `text` as an addition before line `line` (0-based; past the end: at the end) of `note`.
 * Refused, with the reason and the note untouched, when the policy does not allow adding to it, the
 * note is read-only, or the text is empty.
 */
export async function proposeInsert(port: VaultPort, note: string, line: number, text: string, policy: ScopePolicy): Promise<InsertOutcome> {
  const after = text.replace(/\r\n|\r/g, '\n').replace(/\n+$/, '');
  if (after.trim() === '') return { status: 'refused', reason: 'there is no text to insert' };
  const refusal = filter([{ kind: 'edit' as const, file: note, type: 'add' as const }], policy).refused[0];
  if (refusal) return { status: 'refused', reason: refusal.reason };
  const writeProblem = (await port.writeProblem?.(note)) ?? null;
  if (writeProblem !== null) return { status: 'refused', reason: `${writeProblem}; nothing was written to it` };
  const block: EditBlockData = { id: newBlockId('e'), type: 'add', before: '', after };
  await ProposalLedger.of(port).record([block], note, policy);
  await port.process(note, (current) => {
    const n = lineSpans(current).length;
    const at = outsideBlocks(current, Math.max(0, Math.min(line, n)));
    return applyLineEdits(current, [{ from: Math.min(at, n), to: Math.min(at, n), body: editBlockText(block, dominantEol(current)) }]);
  });
  return { status: 'proposed', block };
}
