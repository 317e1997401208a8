// File operations as planned (by rules, heuristics or the organize agent), simulated by the
// shadow VFS, written into plan notes as `ai-op` blocks and executed through the journal.

export type OperationType = 'create_folder' | 'move' | 'rename' | 'trash';
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

export type PlannedOperation = CreateFolderOperation | MoveOperation | RenameOperation | TrashOperation;

/** Risk levels as the plan note shows them. */
export function riskOf(op: PlannedOperation): Risk {
  switch (op.type) {
    case 'create_folder':
      return 'low';
    case 'move':
    case 'rename':
      return 'medium';
    case 'trash':
      return 'high';
  }
}

/** The paths an operation touches: its path, or its source and destination. */
export function opPaths(op: PlannedOperation): string[] {
  return op.type === 'create_folder' || op.type === 'trash' ? [op.path] : [op.source, op.destination];
}
