// The Scout phase: an agent loop over the enabled Scout tools on the exploration model. It ends
// when Scout says "done", answers without a tool, runs out of turns (the last selection stands),
// is stopped, or stops for a question nobody can answer now.

import type { LlmClient } from '../llm/llm-client';
import { runAgentLoop } from '../loop/agent-loop';
import type { PipelineListener } from '../pipeline/pipeline-events';
import type { ScoutContext } from '../pipeline/pipeline-context';
import { phaseEventForwarder, type RunTotals } from '../pipeline/phase-events';
import type { Usage } from '../llm/usage-cost';
import type { ScoutDeps } from './scout-deps';
import { scoutBrowseTools } from './scout-browse-tools';
import { scoutControlTools, type ScoutControl } from './scout-control-tools';
import { scoutMessages, type VaultOverview } from './scout-prompt';
import { folderListing, notePaths } from './scout-browse-tools';
import { scoutSearchTools } from './scout-search-tools';

export interface ScoutResult {
  context: ScoutContext;
  usage: Usage;
  costUsd: number;
  stopped: boolean;
  error: string | null;
  /** A question that stopped the run, waiting for an answer. */
  question: string | null;
}

export async function runScout(deps: ScoutDeps, client: LlmClient, emit: PipelineListener, totals: RunTotals, signal?: AbortSignal): Promise<ScoutResult> {
  const control: ScoutControl = {
    pendingQuestion: null,
    onQuestion: (question) => emit({ type: 'question', phase: 'scout', question }),
    onAnswer: (question, answer) => emit({ type: 'question_answered', phase: 'scout', question, answer }),
    onSelection: () => emit({ type: 'selection_updated', selected: deps.selection.selected, reasoning: deps.selection.reasoning, confidence: deps.selection.confidence }),
  };
  const disabled = new Set<string>(deps.settings.disabledTools.filter((t) => t !== 'update_selection'));
  // A tool that cannot work in this run is neither offered nor mentioned in the prompt. (ask_user
  // stays: with nobody to answer, the run stops with the question and `--answer` resumes it.)
  if (!deps.retrieval.semanticReady) disabled.add('search_semantic');
  const tools = [...scoutSearchTools(deps), ...scoutBrowseTools(deps), ...scoutControlTools(deps, control)].filter((t) => !disabled.has(t.name));
  // Each step in words ("searched 'solar' — 8 notes") for the exploration summary.
  const calls = new Map<string, string>();
  const recording: PipelineListener = (event) => {
    if (event.type === 'tool_call') calls.set(event.callId, event.summary);
    // A call that was never run (past the calls one turn may make) is not a step Scout took.
    if (event.type === 'tool_result' && event.name !== 'update_selection' && event.status !== 'skipped') deps.selection.steps.push(`${calls.get(event.callId) ?? event.name} — ${event.summary}`);
    emit(event);
  };
  const overview = await vaultOverview(deps);
  const result = await runAgentLoop({
    client,
    tools,
    messages: scoutMessages(deps.task, deps.currentNote, overview, tools.map((t) => t.spec), deps.settings),
    maxIterations: deps.settings.maxIterations,
    finalAnswer: 'accept',
    ...(signal ? { signal } : {}),
    onEvent: phaseEventForwarder('scout', recording, totals),
  });
  const stopped = signal?.aborted === true || result.error?.kind === 'aborted';
  const s = deps.selection;
  return {
    context: { ran: true, selected: s.selected, reasoning: s.reasoning, confidence: s.confidence, exploration: s.steps },
    usage: result.usage,
    costUsd: result.costUsd,
    stopped,
    error: stopped || !result.error ? null : result.error.message,
    question: control.pendingQuestion,
  };
}

async function vaultOverview(deps: ScoutDeps): Promise<VaultOverview> {
  const root = await folderListing(deps, '', 30);
  return {
    notes: (await notePaths(deps)).length,
    folders: root.folders.map((f) => ({ path: f.path, notes: f.count })),
    tags: deps.settings.showVaultTags ? (await deps.retrieval.tags(100, deps.excluded)).items : null,
  };
}
