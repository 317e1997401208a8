// The Task agent's settings: what it may change (scope and capabilities, enforced in code), how
// much chat history it sees, and the hard token limit of its notes.

import type { EditableScope, EditCapability } from '../../edits/scope/scope-policy';
import { MIN_TASK_TOKEN_LIMIT } from '../pipeline/task-context';

export interface TaskSettings {
  scope: Extract<EditableScope, string>;
  capabilities: EditCapability[];
  /** Previous chat messages sent with a request, 0-100. */
  historyLength: number;
  /** Tokens of notes the Task agent reads at most (at least 3,000). */
  tokenLimit: number;
  /** Times the model may correct refused edits before the rest is proposed and the refusals reported. */
  corrections: number;
}

export const DEFAULT_TASK_SETTINGS: TaskSettings = {
  scope: 'context',
  capabilities: ['add', 'delete', 'create', 'navigate'],
  historyLength: 10,
  tokenLimit: 16_000,
  corrections: 1,
};

export const TASK_LIMITS = { historyLength: [0, 100], tokenLimit: [MIN_TASK_TOKEN_LIMIT, 1_000_000] } as const;
