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
