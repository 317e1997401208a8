// One message of a chat, made from a finished run: the turn the Task agent will see in later
// requests (the CLI's `--history` file holds the same turns), plus what the view needs to show the
// run again. `turnOf` is shared with `reeve ask --history`.

import { totalUsage } from '../pipeline/pipeline-context';
import type { PipelineEvent } from '../pipeline/pipeline-events';
import type { AskRequest, AskResult } from '../pipeline/run-pipeline';
import type { ChatTurn } from '../task/chat-history';
import type { ChatMessageRecord, ProposalTexts } from './chat-types';
import { compactEvents } from './compact-events';

export function turnOf(req: AskRequest, result: AskResult, at: Date = new Date()): ChatTurn {
  const o = result.outcome;
  return {
    request: req.task,
    currentNote: req.currentNote,
    answer: result.answer,
    edits: [
      ...(o?.proposed ?? []).map((p) => ({ id: p.id, file: p.note, type: p.type, state: 'proposed' as const })),
      ...(o?.refused ?? []).filter((r) => r.file !== '').map((r) => ({ id: '', file: r.file, type: 'edit' as const, state: 'refused' as const, reason: r.reason })),
    ],
    at: at.toISOString(),
    ...(result.stopped ? { stopped: true } : {}),
  };
}

export interface MessageInput {
  id: string;
  request: AskRequest;
  /** The run's result; null when the run never started (a refused request) or threw. */
  result: AskResult | null;
  /** Every event the run emitted, in order. */
  events: readonly PipelineEvent[];
  /** The proposed blocks' texts (captureProposals, right after the run). */
  proposals: ProposalTexts[];
  /** Why the run failed before or outside the pipeline (e.g. a refused request). */
  error?: string;
  at?: Date;
}

export function messageRecord(input: MessageInput): ChatMessageRecord {
  const { request: req, result } = input;
  const at = input.at ?? new Date();
  const zero = (): ChatMessageRecord['total'] => ({ usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 }, costUsd: 0 });
  const turn: ChatTurn = result ? turnOf(req, result, at) : { request: req.task, currentNote: req.currentNote, answer: '', edits: [], at: at.toISOString() };
  return {
    id: input.id,
    request: req.task,
    agents: { ...req.agents },
    currentNote: req.currentNote,
    manual: [...req.manual],
    depth: req.depth,
    sameFolder: req.sameFolder,
    turn,
    events: compactEvents(input.events),
    proposals: input.proposals,
    ...(result ? { read: result.ctx.notes.map((n) => n.path) } : {}),
    usage: result ? structuredClone(result.ctx.usage) : { scout: zero(), web: zero(), task: zero() },
    total: result ? totalUsage(result.ctx) : zero(),
    stopped: result?.stopped ?? false,
    error: input.error ?? result?.error ?? null,
    question: result?.question ?? null,
  };
}
