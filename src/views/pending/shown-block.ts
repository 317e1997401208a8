// A widget only knows the code block's source as it was rendered. These helpers read that source
// with the core's own parser, and find the block again in the note at click time, refusing when
// it is no longer exactly what the user saw.
import { blockById, findBlocks, type FoundEditBlock, type FoundOpBlock } from '../../edits/pending/find-blocks';
import { EDIT_INFO, EDIT_TAG, OP_INFO } from '../../edits/pending/block-format';

function normalized(s: string): string {
  return s.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

/** The lines between a block's fences, from its raw text as `findBlocks` reports it. */
export function blockContent(raw: string): string {
  const lines = raw.split(/\r\n?|\n/);
  let close = lines.length - 1;
  while (close > 0 && !/^\s*`{3,}\s*$/.test(lines[close] ?? '')) close--;
  return lines.slice(1, close).join('\n');
}

/** True when the block in the note still holds the source the widget was rendered from. */
export function sameSource(raw: string, source: string): boolean {
  return normalized(blockContent(raw)) === normalized(source);
}

/** Reads a rendered `ai-edit` source: a pending proposal, or a damaged block with what was salvaged. */
export function readShownEdit(source: string): FoundEditBlock {
  const found = findBlocks(['```' + EDIT_INFO, normalized(source), '```', EDIT_TAG].join('\n'))[0];
  if (found?.kind !== 'edit') return { kind: 'edit', state: 'damaged', from: 0, to: 0, raw: '', damage: { reason: 'the block is empty', id: null, before: null, type: null, restorable: false } };
  return found;
}

/** Reads a rendered `ai-op` source. */
export function readShownOp(source: string): FoundOpBlock {
  const found = findBlocks(['```' + OP_INFO, normalized(source), '```'].join('\n'))[0];
  if (found?.kind !== 'op') return { kind: 'op', state: 'damaged', from: 0, to: 0, raw: '', damage: { reason: 'the block is empty', id: null, before: null, type: null, restorable: false } };
  return found;
}

export type Located<B> = { ok: true; block: B } | { ok: false; reason: string };

/** The block with this id in the note's text, if it still holds what was shown. */
export function locateShown(text: string, id: string, source: string): Located<FoundEditBlock | FoundOpBlock> {
  const hit = blockById(findBlocks(text), id);
  if (!hit.ok) return { ok: false, reason: hit.reason.startsWith('no block') ? 'the block is no longer in the note' : hit.reason };
  if (!sameSource(hit.block.raw, source)) return { ok: false, reason: 'the block changed since it was shown; look at it again' };
  return { ok: true, block: hit.block };
}

/**
 * The 1-based line of the damaged edit block that holds `source`. Several identical damaged blocks
 * are told apart by the line Obsidian reports for the widget, never by taking the first.
 */
export function locateDamaged(text: string, source: string, lineHint: number | null): Located<FoundEditBlock> {
  const hits = findBlocks(text).filter((b): b is FoundEditBlock => b.kind === 'edit' && b.state === 'damaged' && sameSource(b.raw, source));
  if (hits.length === 1) return { ok: true, block: hits[0] as FoundEditBlock };
  if (hits.length === 0) return { ok: false, reason: 'the block changed since it was shown; look at it again' };
  const hinted = hits.find((b) => b.from === lineHint);
  return hinted ? { ok: true, block: hinted } : { ok: false, reason: `${hits.length} identical damaged blocks are in the note; fix them by hand` };
}
