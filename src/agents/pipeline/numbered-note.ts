// A note as an agent reads it: every line numbered as an editor shows it (1-based), inside
// delimiters that the note's own text cannot imitate (each line of it starts with its number), so
// the model can cite `replace:12-14` and a note cannot pass itself off as instructions or as
// another note. A pending block is one marked unit, numbered with the range of lines it takes
// (what it proposes and its id, not its fences and JSON), so the numbers after it stay true and
// the model sees that those lines are not there to edit (pending-guard.ts refuses it if it tries).

import { blockId, findBlocks, type FoundBlock } from '../../edits/pending/find-blocks';
import { estimateTokens } from '../loop/context-budget';

/** Characters of a pending block's texts shown in its marked unit. */
const SHOWN = 200;

function clip(text: string): string {
  return JSON.stringify(text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);
}

/** A pending block as the model sees it: one line saying what it proposes, and its id. */
export function pendingUnit(b: FoundBlock): string {
  const id = blockId(b) ?? 'unreadable';
  if (b.kind === 'op') return `[pending operation ${id}: waiting for the user; these lines cannot be edited]`;
  if (b.state === 'damaged') return `[damaged pending edit ${id}: waiting for the user to repair it; these lines cannot be edited]`;
  const d = b.data;
  const what = d.type === 'add' ? `adds ${clip(d.after)}` : d.type === 'delete' ? `deletes ${clip(d.before)}` : `replaces ${clip(d.before)} with ${clip(d.after)}`;
  return `[pending edit ${id}: ${what}; waiting for the user; these lines cannot be edited]`;
}

export interface NumberedNote {
  path: string;
  text: string;
  tokens: number;
  lines: number;
}

export function numberLines(text: string, firstLine = 1): string {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const width = String(firstLine + lines.length - 1).length;
  const blocks = new Map(findBlocks(text).map((b) => [b.from, b]));
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const b = blocks.get(i);
    if (b === undefined) out.push(`${String(firstLine + i).padStart(width)}| ${lines[i] as string}`);
    else {
      out.push(`${String(firstLine + i).padStart(width)}-${firstLine + b.to - 1}| ${pendingUnit(b)}`);
      i = b.to - 1;
    }
  }
  return out.join('\n');
}

/** A part of a note, numbered: from `fromLine` (1-based), whole lines up to `maxChars`, never half a pending block. */
export interface NoteWindow {
  body: string;
  firstLine: number;
  /** The last line shown, and how many the note has. */
  lastLine: number;
  lines: number;
}

export function noteWindow(content: string, fromLine: number, maxChars: number): NoteWindow {
  const lines = content.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const blocks = findBlocks(content);
  // A start or an end inside a pending block moves to its first line: it is one unit.
  const snap = (i: number): number => blocks.find((b) => b.from < i && i < b.to)?.from ?? i;
  const start = snap(Math.min(Math.max(0, fromLine - 1), lines.length));
  let end = start;
  let chars = 0;
  while (end < lines.length && (end === start || chars + (lines[end]?.length ?? 0) + 1 <= maxChars)) chars += (lines[end++]?.length ?? 0) + 1;
  const block = blocks.find((b) => b.from < end && end < b.to);
  if (block !== undefined) end = block.from > start ? block.from : block.to;
  const shown = lines.slice(start, end);
  // One line longer than the whole window is cut (its next call starts on the line after it).
  if (shown.length === 1 && (shown[0]?.length ?? 0) > maxChars && block === undefined) shown[0] = `${shown[0]?.slice(0, maxChars)}…`;
  return { body: shown.length === 0 ? '' : numberLines(shown.join('\n'), start + 1), firstLine: start + 1, lastLine: end, lines: lines.length };
}

export function numberedNote(path: string, content: string): NumberedNote {
  const body = numberLines(content);
  const all = content.split(/\r?\n/);
  const lines = all.length - (all.length > 1 && all[all.length - 1] === '' ? 1 : 0);
  const text = `<note path=${JSON.stringify(path)} lines="${lines}">\n${body}\n</note>`;
  return { path, text, tokens: tokenCount(text), lines };
}

export function tokenCount(text: string): number {
  return estimateTokens([{ role: 'user', content: text }]) - 4;
}
