// An edit instruction checked against the note's current text: a whole-line change with the
// exact original lines and the exact new lines. This is what a pending block shows and stores,
// what the scope policy judges, and what the journal executes.

export type EditType = 'add' | 'replace' | 'delete';

export interface ResolvedEdit {
  kind: 'edit';
  file: string;
  type: EditType;
  /** 0-based line range [from, to) of the original note; `from === to` for `add`. */
  from: number;
  to: number;
  /** The original lines exactly as written (line breaks between them included); '' for `add`. */
  before: string;
  /** The new lines; '' for `delete`. For `replace`, '' is one empty line. */
  after: string;
  /** Index of the instruction in the answer. */
  index: number;
  /** The position or anchor as the model gave it, for messages. */
  source: string;
}

/** A new note the answer asks to create (position `create`). */
export interface ResolvedCreate {
  kind: 'create';
  file: string;
  content: string;
  index: number;
}

/** A note the answer asks to open for the user (position `open`); changes nothing. */
export interface ResolvedOpen {
  kind: 'open';
  file: string;
  index: number;
}

export type ResolvedInstruction = ResolvedEdit | ResolvedCreate | ResolvedOpen;

export type EditOutcome =
  | { status: 'resolved'; edit: ResolvedInstruction }
  /** The note already holds what the edit would produce; nothing to do. */
  | { status: 'already-applied'; file: string; index: number; message: string }
  | { status: 'refused'; file: string; index: number; message: string };

/** The line edit (for applyLineEdits) that a resolved edit makes. */
export function lineEditOf(e: ResolvedEdit): { from: number; to: number; body: string | null } {
  return { from: e.from, to: e.to, body: e.type === 'delete' ? null : e.after };
}
