// "Ask about the selection": the text the user selected in a note goes with their next message,
// quoted under it with the note and its lines, so the Task agent knows what "this" is and can
// place its edits there; the note itself is added to the context (named notes are always read,
// and in the `context` scope the Task may edit them), so its edits land as pending blocks.

export interface SelectionContext {
  path: string;
  /** 0-based first and last line of the selection. */
  from: number;
  to: number;
  text: string;
}

/** "line 3" or "lines 3-5", 1-based as the editor shows them. */
export function selectionLines(s: SelectionContext): string {
  return s.from === s.to ? `line ${s.from + 1}` : `lines ${s.from + 1}-${s.to + 1}`;
}

/** The message with the selection quoted under it. */
export function withSelection(message: string, s: SelectionContext): string {
  const quoted = s.text.replace(/\r\n|\r/g, '\n').split('\n').map((l) => `> ${l}`).join('\n');
  return `${message}\n\nThe selected text, in "${s.path}" (${selectionLines(s)}):\n${quoted}`;
}
