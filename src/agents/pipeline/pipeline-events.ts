// One stream of typed events for a whole ask run, Scout → Web → Task. The chat view and the CLI
// both render from it and nothing else: what a user sees of a run is exactly what happened in it.
// Events are plain data (no functions, no class instances), so a view can keep them, a chat file
// can store them, and a test can compare them.

import type { ToolResultStatus } from '../loop/agent-events';
import type { Usage } from '../llm/usage-cost';
import type { DroppedNote, SelectedNote } from './pipeline-context';

export const PHASE_NAMES = ['scout', 'web', 'task'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

export type PipelineEvent =
  | { type: 'run_started'; phases: PhaseName[] }
  | { type: 'phase_started'; phase: PhaseName }
  | { type: 'phase_finished'; phase: PhaseName; stopped: boolean; usage: Usage; costUsd: number }
  /** A tool call the model made, with what it does in words ("searched 'solar'"). */
  | { type: 'tool_call'; phase: PhaseName; callId: string; name: string; arguments: string; summary: string }
  /** Its outcome in words ("8 notes"), and the text the model got back. */
  | { type: 'tool_result'; phase: PhaseName; callId: string; name: string; status: ToolResultStatus; summary: string; content: string }
  | { type: 'text_delta'; phase: PhaseName; text: string }
  | { type: 'reasoning_delta'; phase: PhaseName; text: string }
  /** The model's reply was cut or failed and is being asked again. */
  | { type: 'retry'; phase: PhaseName; reason: string }
  | { type: 'selection_updated'; selected: SelectedNote[]; reasoning: string; confidence: ScoutConfidence }
  | { type: 'question'; phase: PhaseName; question: string }
  | { type: 'question_answered'; phase: PhaseName; question: string; answer: string }
  | { type: 'web_search'; query: string; results: number }
  | { type: 'web_page'; url: string; tokens: number; status: 'read' | 'refused' | 'failed'; reason?: string }
  | { type: 'notes_dropped'; dropped: DroppedNote[]; limit: number }
  | { type: 'usage'; phase: PhaseName; usage: Usage; costUsd: number; totalUsage: Usage; totalCostUsd: number }
  | { type: 'edits_proposed'; edits: { id: string; file: string; type: 'add' | 'replace' | 'delete' }[] }
  | { type: 'edits_refused'; refused: { file: string; reason: string }[] }
  | { type: 'notes_opened'; paths: string[] }
  | { type: 'error'; phase: PhaseName | null; message: string }
  | { type: 'stopped'; phase: PhaseName | null }
  | { type: 'run_finished'; stopped: boolean; error: string | null };

export type ScoutConfidence = 'exploring' | 'confident' | 'done';

export type PipelineListener = (event: PipelineEvent) => void;
