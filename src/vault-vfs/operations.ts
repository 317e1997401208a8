// File operations as planned (by rules, heuristics or the organize agent), simulated by the
// shadow VFS, written into plan notes as `ai-op` blocks and executed through the journal. A rule's
// note edits (`add_tags`, `remove_tags`, `set_properties`) are operations too: they name the note
// by its path when the plan was made, and run after that note's move.


export type NoteEditType = 'add_tags' | 'remove_tags' | 'set_properties';
export type OperationType = 'create_folder' | 'move' | 'rename' | 'trash' | NoteEditType;
export const NOTE_EDIT_TYPES: readonly NoteEditType[] = ['add_tags', 'remove_tags', 'set_properties'];
export type Risk = 'low' | 'medium' | 'high';

interface OperationBase {
  /** Stable id, assigned when the plan is made. */
  opId: string;
  /** The rule or heuristic behind the operation, for the user to read. */
  rule?: string;
  /** Why, in one sentence. */
  reason?: string;
}

export interface CreateFolderOperation extends OperationBase {
  type: 'create_folder';
  path: string;
}

export interface MoveOperation extends OperationBase {
  type: 'move';
  source: string;
  destination: string;
}

/** Same folder, new name. A change of folder and name together is a `move`. */
export interface RenameOperation extends OperationBase {
  type: 'rename';
  source: string;
  destination: string;
}

export interface TrashOperation extends OperationBase {
  type: 'trash';
  path: string;
}

/** Property name -> value; in `after`, null removes the property; in `before`, null means it was absent. */
export type PropertyValues = Record<string, unknown>;

/** Tags of the note's properties before and after (without `#`). */
export interface TagsOperation extends OperationBase {
  type: 'add_tags' | 'remove_tags';
  path: string;
  before: string[];
  after: string[];
}

export interface PropertiesOperation extends OperationBase {
  type: 'set_properties';
  path: string;
  before: PropertyValues;
  after: PropertyValues;
}

export type NoteEditPlanned = TagsOperation | PropertiesOperation;

export type PlannedOperation = CreateFolderOperation | MoveOperation | RenameOperation | TrashOperation | NoteEditPlanned;

/** The change a note edit makes, without the plan's bookkeeping (id, rule, reason). */
export type NoteEdit = { type: 'add_tags' | 'remove_tags'; before: string[]; after: string[] } | { type: 'set_properties'; before: PropertyValues; after: PropertyValues };

/** A planned note edit as the change it makes. */
export function noteEditOf(op: NoteEditPlanned): NoteEdit {
  return op.type === 'set_properties' ? { type: op.type, before: op.before, after: op.after } : { type: op.type, before: op.before, after: op.after };
}

export function isNoteEdit<T extends { type: string }>(op: T): op is T & { type: NoteEditType } {
  return (NOTE_EDIT_TYPES as readonly string[]).includes(op.type);
}

/** Operations that name one path (`path`): folders, trash and note edits. */
export function hasPath(op: PlannedOperation): op is CreateFolderOperation | TrashOperation | NoteEditPlanned {
  return op.type !== 'move' && op.type !== 'rename';
}

/** Risk levels as the plan note shows them. */
export function riskOf(op: PlannedOperation): Risk {
  switch (op.type) {
    case 'create_folder':
    case 'add_tags':
    case 'remove_tags':
    case 'set_properties':
      return 'low';
    case 'move':
    case 'rename':
      return 'medium';
    case 'trash':
      return 'high';
  }
}

/** Where an operation leaves its file or folder: its path, or its destination. */
export function opTarget(op: PlannedOperation): string {
  return hasPath(op) ? op.path : op.destination;
}

/** The paths an operation touches: its path, or its source and destination. */
export function opPaths(op: PlannedOperation): string[] {
  return hasPath(op) ? [op.path] : [op.source, op.destination];
}
