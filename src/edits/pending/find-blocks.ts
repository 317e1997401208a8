// Finds pending blocks in a note by their lines: top-level fences only, never one shown as an
// example inside another fenced code block (see code-fences.ts). A block that
// cannot be read (damaged JSON, a missing field, a lost closing fence) is reported as damaged,
// with its `before` text when that can still be dug out, never silently skipped.
import { lineAt, lineSpans, type LineSpan } from '../text/lines';
import { closesFence, fenceCandidateLines, fenceOpen, type FenceOpen } from './code-fences';
import { EDIT_INFO, EDIT_TAG, readEditBlockJson, readOpBlockJson, type EditBlockData, type OpBlockData } from './block-format';
import type { EditType } from '../instructions/resolved-edit';

interface FoundBase {
  /** 0-based line range [from, to) of the block, the `#ai_edit` tag line included. */
  from: number;
  to: number;
  /** The block's exact text (its lines with the breaks between them), to detect staleness. */
  raw: string;
}

export interface DamagedInfo {
  reason: string;
  /** The id, when it could be read. */
  id: string | null;
  /** The original text recovered from the damaged JSON, or null when it could not be. */
  before: string | null;
  /** The edit type recovered, when it could be. */
  type: EditType | null;
  /** True when the block's extent is known and its `before` recovered: restoring is safe. */
  restorable: boolean;
}

export type FoundEditBlock = FoundBase & ({ kind: 'edit'; state: 'pending'; data: EditBlockData } | { kind: 'edit'; state: 'damaged'; damage: DamagedInfo });
export type FoundOpBlock = FoundBase & ({ kind: 'op'; state: 'ok'; data: OpBlockData } | { kind: 'op'; state: 'damaged'; damage: DamagedInfo });
export type FoundBlock = FoundEditBlock | FoundOpBlock;

const OPEN = /^(`{3,})(ai-edit|ai-op)[ \t]*$/;

/** Pulls one JSON string field out of text that is no longer valid JSON. */
function salvageString(text: string, key: string): string | null {
  const m = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
  if (!m) return null;
  try {
    return JSON.parse(`"${m[1] as string}"`) as string;
  } catch {
    return null;
  }
}

function salvage(content: string, reason: string, restorable: boolean): DamagedInfo {
  const before = salvageString(content, 'before');
  const t = salvageString(content, 'type');
  const type = t === 'add' || t === 'replace' || t === 'delete' ? t : null;
  return { reason, id: salvageString(content, 'id'), before, type, restorable: restorable && before !== null };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, reason: `the JSON is damaged (${e instanceof Error ? e.message : String(e)})` };
  }
}

export function findBlocks(text: string): FoundBlock[] {
  const spans = lineSpans(text);
  const line = (i: number): string => text.slice((spans[i] as LineSpan).start, (spans[i] as LineSpan).end);
  const rawOf = (from: number, to: number): string => text.slice((spans[from] as LineSpan).start, (spans[to - 1] as LineSpan).end);
  const out: FoundBlock[] = [];
  // Only lines holding a fence mark can open a block or another code fence: find them with native
  // searches, not line by line. A block opening inside another fenced code block is an example.
  const candidates = fenceCandidateLines(text, (at) => lineAt(spans, at));
  let next = 0;
  let code: FenceOpen | null = null;
  for (const i of candidates) {
    if (i < next) continue;
    const l = line(i);
    if (code !== null) {
      if (closesFence(l, code)) code = null;
      continue;
    }
    const open = OPEN.exec(l);
    if (!open) {
      code = fenceOpen(l);
      continue;
    }
    const fence = open[1] as string;
    const kind = open[2] === EDIT_INFO ? 'edit' : 'op';
    let close = -1;
    for (let j = i + 1; j < spans.length; j++) {
      const l = line(j);
      if (OPEN.test(l)) break;
      if (l.trim().startsWith(fence) && /^`+$/.test(l.trim())) {
        close = j;
        break;
      }
    }
    if (close < 0) {
      const following = i + 1 < spans.length ? line(i + 1) : '';
      const damage = salvage(following, 'the block has no closing fence', false);
      out.push({ kind, state: 'damaged', from: i, to: i + 1, raw: rawOf(i, i + 1), damage });
      next = i + 1;
      continue;
    }
    let to = close + 1;
    if (kind === 'edit' && to < spans.length && line(to).trim() === EDIT_TAG) to++;
    const content = Array.from({ length: close - i - 1 }, (_, k) => line(i + 1 + k)).join('\n');
    const base = { from: i, to, raw: rawOf(i, to) };
    const json = parseJson(content);
    const data = json.ok ? (kind === 'edit' ? readEditBlockJson(json.value) : readOpBlockJson(json.value)) : json.reason;
    if (typeof data === 'string') out.push({ ...base, kind, state: 'damaged', damage: salvage(content, data, kind === 'edit') });
    else if (kind === 'edit') out.push({ ...base, kind, state: 'pending', data: data as EditBlockData });
    else out.push({ ...base, kind, state: 'ok', data: data as OpBlockData });
    next = to;
  }
  return out;
}

/** The block's id, or null for a damaged block whose id is unreadable. */
export function blockId(b: FoundBlock): string | null {
  return b.state === 'damaged' ? b.damage.id : b.data.id;
}

/** The one block with this id; several with one id is an error, never a first match. */
export function blockById(blocks: readonly FoundBlock[], id: string): { ok: true; block: FoundBlock } | { ok: false; reason: string } {
  const hits = blocks.filter((b) => blockId(b) === id);
  if (hits.length === 1) return { ok: true, block: hits[0] as FoundBlock };
  if (hits.length === 0) return { ok: false, reason: `no block with id ${id}` };
  return { ok: false, reason: `id ${id} is used by ${hits.length} blocks (lines ${hits.map((b) => b.from + 1).join(', ')}); resolve them by hand` };
}
