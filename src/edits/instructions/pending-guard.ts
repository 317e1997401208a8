// The one guard for pending blocks: an edit of a note may not touch the lines of a block already
// waiting there (its fence, its JSON, its tag line). An insertion right above or below a block is
// fine; anything inside or across one would damage it, and accepting such an edit later could lose
// the user's text for good. The model sees each block as one marked unit (numbered-note.ts) whose
// line numbers count every line of it, so its positions still land where it means.
import { blockId, type FoundBlock } from '../pending/find-blocks';
import type { ResolvedEdit } from './resolved-edit';

function touches(e: ResolvedEdit, b: FoundBlock): boolean {
  if (e.from === e.to) return b.from < e.from && e.from < b.to;
  return e.from < b.to && b.from < e.to;
}

/** What an edit's lines do to a pending block, as a refusal; null when they leave every block alone. */
export function pendingBlockProblem(e: ResolvedEdit, blocks: readonly FoundBlock[]): string | null {
  const hit = blocks.find((b) => touches(e, b));
  if (hit === undefined) return null;
  const id = blockId(hit);
  const what = hit.kind === 'op' ? 'a pending operation' : `the pending edit${id === null ? '' : ` ${id}`}`;
  return `lines ${hit.from + 1}-${hit.to} are ${what}, waiting for the user to accept or reject it; its lines cannot be edited, so edit above or below them`;
}
