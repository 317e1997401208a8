// What the Task agent asks for, after parsing and before it is checked against a note.
// The answer shape is fixed by DESIGN.md: {"summary", "edits":[{"file","position","content"}]}
// plus anchored edits {"file","find","replace"}.
//
// Positions (line numbers are 1-based, as an editor shows them; ranges are inclusive):
//   start            insert at the top of the note, after its frontmatter
//   end              append at the end of the note
//   after:<heading>  insert right after that heading line, e.g. `after:## Tasks` (or `after:Tasks`)
//   insert:N         insert before line N, so the content becomes line N (N = length + 1 appends)
//   replace:N[-M]    replace lines N..M with the content
//   delete:N[-M]     delete lines N..M (content is ignored)
//   create           create the note with the content (it must not exist)
//   open             open the note for the user; changes nothing

export type EditPosition =
  | { kind: 'start' }
  | { kind: 'end' }
  | { kind: 'after'; heading: string }
  | { kind: 'insert'; line: number }
  | { kind: 'replace'; from: number; to: number }
  | { kind: 'delete'; from: number; to: number }
  | { kind: 'create' }
  | { kind: 'open' };

export interface PositionedEdit {
  kind: 'positioned';
  file: string;
  position: EditPosition;
  /** As the model wrote it, for messages. */
  positionText: string;
  content: string;
  /** Index in the answer's `edits` array, for messages. */
  index: number;
}

export interface AnchoredEdit {
  kind: 'anchored';
  file: string;
  find: string;
  replace: string;
  index: number;
}

export type EditInstruction = PositionedEdit | AnchoredEdit;

export interface TaskAnswer {
  summary: string;
  edits: EditInstruction[];
}

/** Human form of a position, for messages and logs. */
export function describePosition(p: EditPosition): string {
  switch (p.kind) {
    case 'start':
    case 'end':
    case 'create':
    case 'open':
      return p.kind;
    case 'after':
      return `after:${p.heading}`;
    case 'insert':
      return `insert:${p.line}`;
    case 'replace':
    case 'delete':
      return p.from === p.to ? `${p.kind}:${p.from}` : `${p.kind}:${p.from}-${p.to}`;
  }
}
