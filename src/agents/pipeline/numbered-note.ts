// A note as an agent reads it: every line numbered as an editor shows it (1-based), inside
// delimiters that the note's own text cannot imitate (each line of it starts with its number), so
// the model can cite `replace:12-14` and a note cannot pass itself off as instructions or as
// another note.

import { estimateTokens } from '../loop/context-budget';

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
  return lines.map((l, i) => `${String(firstLine + i).padStart(width)}| ${l}`).join('\n');
}

export function numberedNote(path: string, content: string): NumberedNote {
  const body = numberLines(content);
  const lines = body === '' ? 0 : body.split('\n').length;
  const text = `<note path=${JSON.stringify(path)} lines="${lines}">\n${body}\n</note>`;
  return { path, text, tokens: tokenCount(text), lines };
}

export function tokenCount(text: string): number {
  return estimateTokens([{ role: 'user', content: text }]) - 4;
}
