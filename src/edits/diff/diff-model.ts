// The diff a pending-block widget shows: an inert data model (plain strings tagged same, added or
// removed) that the view renders as text, never as Markdown, so a proposal cannot load an image or
// follow a link before it is accepted. Lines first, then words within each changed run of lines.
// jsdiff is always bounded (`maxEditLength` and `timeout`): two unrelated 20k-line texts would
// otherwise take minutes. Past the bound the model is a plain before/after.
import { diffLines, diffWordsWithSpace, type Change } from 'diff';

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffSpan {
  kind: DiffKind;
  text: string;
}

export interface DiffLine {
  kind: DiffKind;
  /** The line without its line break. */
  text: string;
  /** Word-level spans for a changed line, when the words were compared. */
  spans?: DiffSpan[];
}

export type DiffModel =
  | { mode: 'diff'; lines: DiffLine[] }
  | { mode: 'plain'; before: string; after: string; reason: string };

export interface DiffLimits {
  /** Most line edits jsdiff may consider; default 1,000. */
  maxEditLines?: number;
  /** Most word edits within one changed run; default 1,000. Past it the run shows whole lines. */
  maxEditWords?: number;
  /** Milliseconds jsdiff may take for the line diff; default 500. */
  timeoutMs?: number;
  /** Changed runs longer than this many lines skip the word diff; default 200. */
  maxWordDiffLines?: number;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Spreads word parts over lines, keeping only the parts that belong to one side. */
function spansPerLine(parts: readonly Change[], side: 'removed' | 'added'): DiffSpan[][] {
  const out: DiffSpan[][] = [[]];
  for (const p of parts) {
    if ((side === 'removed' && p.added) || (side === 'added' && p.removed)) continue;
    const kind: DiffKind = p.added ? 'added' : p.removed ? 'removed' : 'same';
    p.value.split('\n').forEach((piece, i) => {
      if (i > 0) out.push([]);
      if (piece !== '') (out[out.length - 1] as DiffSpan[]).push({ kind, text: piece });
    });
  }
  return out;
}

function changedRun(removed: string[], added: string[], limits: Required<DiffLimits>): DiffLine[] {
  const plain = (): DiffLine[] => [...removed.map((text): DiffLine => ({ kind: 'removed', text })), ...added.map((text): DiffLine => ({ kind: 'added', text }))];
  if (removed.length === 0 || added.length === 0 || removed.length + added.length > limits.maxWordDiffLines) return plain();
  const parts = diffWordsWithSpace(removed.join('\n'), added.join('\n'), { maxEditLength: limits.maxEditWords, timeout: limits.timeoutMs });
  if (!parts) return plain();
  const left = spansPerLine(parts, 'removed');
  const right = spansPerLine(parts, 'added');
  if (left.length !== removed.length || right.length !== added.length) return plain();
  return [
    ...removed.map((text, i): DiffLine => ({ kind: 'removed', text, spans: left[i] ?? [] })),
    ...added.map((text, i): DiffLine => ({ kind: 'added', text, spans: right[i] ?? [] })),
  ];
}

export function diffModel(before: string, after: string, limits: DiffLimits = {}): DiffModel {
  const l: Required<DiffLimits> = { maxEditLines: 1000, maxEditWords: 1000, timeoutMs: 500, maxWordDiffLines: 200, ...limits };
  const a = before.replace(/\r\n?/g, '\n');
  const b = after.replace(/\r\n?/g, '\n');
  const changes = diffLines(a, b, { maxEditLength: l.maxEditLines, timeout: l.timeoutMs, ignoreNewlineAtEof: true });
  if (!changes) {
    return { mode: 'plain', before, after, reason: `the texts differ too much to compare line by line (more than ${l.maxEditLines} changed lines, or longer than ${l.timeoutMs} ms to compare)` };
  }
  const lines: DiffLine[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = (): void => {
    lines.push(...changedRun(removed, added, l));
    removed = [];
    added = [];
  };
  for (const c of changes) {
    if (c.removed) removed.push(...linesOf(c.value));
    else if (c.added) added.push(...linesOf(c.value));
    else {
      flush();
      for (const text of linesOf(c.value)) lines.push({ kind: 'same', text });
    }
  }
  flush();
  return { mode: 'diff', lines };
}
