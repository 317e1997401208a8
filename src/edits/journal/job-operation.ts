// The operations a journaled job executes, in the form the journal stores them, and the order
// they run in: folders first (parents before children), then new notes and edits, then moves and
// renames in the order given, then changes to notes' properties (tags and properties a rule sets,
// on the note where its move put it), then trash.
import type { NoteEdit } from '../../vault-vfs/operations';
import type { TextChange } from '../text/lines';

export type JobOperation =
  | { type: 'create_folder'; path: string; opId?: string }
  | { type: 'move' | 'rename'; source: string; destination: string; opId?: string }
  | { type: 'trash'; path: string; opId?: string; /** Refuse unless the note's text hashes to this. */ expectHash?: string }
  | { type: 'edit'; path: string; change: TextChange; hashBefore: string; hashAfter: string }
  | { type: 'create_note'; path: string; content: string; hashAfter: string }
  /** A note's frontmatter changed through processFrontMatter; `path` is where the note is when it runs. */
  | { type: 'frontmatter'; path: string; edit: NoteEdit; opId?: string };

const RANK: Record<JobOperation['type'], number> = { create_folder: 0, create_note: 1, edit: 2, move: 3, rename: 3, frontmatter: 4, trash: 5 };

function depth(p: string): number {
  return p.split('/').length;
}

/** Execution order; stable within a rank, so moves keep the order the plan gave them. */
export function executionOrder(ops: readonly JobOperation[]): JobOperation[] {
  return ops
    .map((op, i) => ({ op, i }))
    .sort((a, b) => {
      const r = RANK[a.op.type] - RANK[b.op.type];
      if (r !== 0) return r;
      if (a.op.type === 'create_folder' && b.op.type === 'create_folder') return depth(a.op.path) - depth(b.op.path) || a.i - b.i;
      return a.i - b.i;
    })
    .map((x) => x.op);
}

/** One line naming the operation, for reports. */
export function describeOperation(op: JobOperation): string {
  switch (op.type) {
    case 'create_folder':
      return `create folder ${op.path}`;
    case 'move':
    case 'rename':
      return `${op.type} ${op.source} -> ${op.destination}`;
    case 'trash':
      return `trash ${op.path}`;
    case 'edit':
      return `edit ${op.path}`;
    case 'create_note':
      return `create ${op.path}`;
    case 'frontmatter':
      return `${op.edit.type.replace('_', ' ')} of ${op.path}`;
  }
}

/** Paths an operation reads or writes, for telling which operations are independent. */
export function operationPaths(op: JobOperation): string[] {
  return 'source' in op ? [op.source, op.destination] : [op.path];
}
