// An ask run: Scout → Web → Task, each phase optional (at least one on), one event stream, one
// PipelineContext that each phase adds to. Stopping (the AbortSignal) ends the phase that runs at
// once, model call and fetches included, keeps what was done and marks the run stopped; nothing
// is half-written, because edits are written only from a complete answer.

import { buildScopePolicy } from '../../edits/scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { LlmClient } from '../llm/llm-client';
import { runScout } from '../scout/run-scout';
import { ScoutSelection } from '../scout/scout-selection';
import type { ScoutSettings } from '../scout/scout-settings';
import { historyMessages, type ChatTurn } from '../task/chat-history';
import type { TaskOutcome } from '../task/propose-answer';
import { runTask } from '../task/run-task';
import { priorContext, taskMessages } from '../task/task-prompt';
import type { TaskSettings } from '../task/task-settings';
import { newTotals } from './phase-events';
import { emptyContext, type PipelineContext } from './pipeline-context';
import type { PhaseName, PipelineListener } from './pipeline-events';
import { buildTaskContext, MIN_TASK_TOKEN_LIMIT } from './task-context';
import { tokenCount } from './numbered-note';
import { fitTaskWindow } from './task-window';
import type { Retrieval } from '../../search/retrieval/retrieval';
import { wallFor, wallOf, wallText } from '../../search/retrieval/walls';
import type { WebPhase } from './web-phase';

export interface AskRequest {
  task: string;
  currentNote: string | null;
  agents: Record<PhaseName, boolean>;
  /** Link depth 0-3 for the context without Scout. */
  depth: number;
  sameFolder: boolean;
  /** Notes the user added by hand. */
  manual: string[];
  history: ChatTurn[];
}

export interface AskDeps {
  vault: VaultPort;
  retrieval: Retrieval;
  /** The exploration model (Scout, Web) and the planning model (Task). */
  explore: LlmClient | null;
  plan: LlmClient | null;
  scout: ScoutSettings;
  task: TaskSettings;
  web: WebPhase | null;
  /** The wall list (`wallFolders` in walls.ts; every hidden folder is a wall besides): walls for every agent. */
  excludedFolders: string[];
  askUser: (question: string, signal?: AbortSignal) => Promise<string | null>;
}

export interface AskResult {
  ctx: PipelineContext;
  answer: string;
  outcome: TaskOutcome | null;
  stopped: boolean;
  /** A question that stopped the run, waiting for an answer. */
  question: string | null;
  error: string | null;
}

export class AskRequestError extends Error {}

function checkRequest(req: AskRequest, deps: AskDeps): void {
  if (!req.agents.scout && !req.agents.web && !req.agents.task) throw new AskRequestError('turn on at least one agent: Scout, Web or Task');
  if (req.task.trim() === '') throw new AskRequestError('the request is empty');
  if ((req.agents.scout || req.agents.web) && deps.explore === null) throw new AskRequestError('Scout and Web need a model provider; none is configured');
  if (req.agents.task && deps.plan === null) throw new AskRequestError('the Task agent needs a model provider; none is configured');
  if (req.agents.web && deps.web === null) throw new AskRequestError('the Web agent needs a web search provider; none is configured');
  if (!Number.isInteger(req.depth) || req.depth < 0 || req.depth > 3) throw new AskRequestError(`link depth must be 0 to 3, got ${req.depth}`);
  if (deps.task.tokenLimit < MIN_TASK_TOKEN_LIMIT) throw new AskRequestError(`the Task token limit must be at least ${MIN_TASK_TOKEN_LIMIT}`);
  const walled = requestWallProblem(req, deps.excludedFolders);
  if (walled !== null) throw new AskRequestError(walled);
}

/** Why the current note or a note the user added lies behind a wall (no agent may read it), or null. */
export function requestWallProblem(req: Pick<AskRequest, 'currentNote' | 'manual'>, walls: readonly string[]): string | null {
  const named = [...(req.currentNote === null ? [] : [{ path: req.currentNote, what: 'the current note' }]), ...req.manual.map((path) => ({ path, what: 'the added note' }))];
  for (const { path, what } of named) {
    const wall = wallFor(walls, path);
    if (wall !== null) return `${what} "${path}" is in ${wallText(wall)}, which no agent reads; nothing of it was sent`;
  }
  return null;
}

export async function runPipeline(req: AskRequest, deps: AskDeps, emit: PipelineListener, signal?: AbortSignal): Promise<AskResult> {
  checkRequest(req, deps);
  const ctx = emptyContext(req.task, req.currentNote);
  const totals = newTotals();
  const phases = (['scout', 'web', 'task'] as const).filter((p) => req.agents[p]);
  emit({ type: 'run_started', phases: [...phases] });
  const result: AskResult = { ctx, answer: '', outcome: null, stopped: false, question: null, error: null };
  const finish = (): AskResult => {
    if (result.stopped) emit({ type: 'stopped', phase: null });
    emit({ type: 'run_finished', stopped: result.stopped, error: result.error });
    return result;
  };
  const endPhase = (phase: PhaseName, r: { usage: PipelineContext['usage'][PhaseName]['usage']; costUsd: number; stopped: boolean; error: string | null }): boolean => {
    ctx.usage[phase] = { usage: r.usage, costUsd: r.costUsd };
    emit({ type: 'phase_finished', phase, stopped: r.stopped, usage: r.usage, costUsd: r.costUsd });
    if (r.error !== null) {
      result.error = r.error;
      emit({ type: 'error', phase, message: r.error });
    }
    result.stopped = r.stopped || signal?.aborted === true;
    return !result.stopped && r.error === null;
  };

  if (req.agents.scout && deps.explore) {
    emit({ type: 'phase_started', phase: 'scout' });
    const selection = new ScoutSelection();
    const scoutDeps = { vault: deps.vault, retrieval: deps.retrieval, excluded: deps.excludedFolders, wall: wallOf(deps.excludedFolders), task: req.task, currentNote: req.currentNote, settings: deps.scout, selection, askUser: deps.askUser };
    const r = await runScout(scoutDeps, deps.explore, emit, totals, signal);
    ctx.scout = r.context;
    if (!endPhase('scout', r)) return finish();
    if (r.question !== null) {
      result.question = r.question;
      return finish();
    }
  }

  // What Scout learned goes to the Task with the notes: it counts in the same token limit.
  const notesLimit = Math.max(0, deps.task.tokenLimit - tokenCount(priorContext(ctx)));
  const taskContext = await buildTaskContext(deps.vault, deps.retrieval, deps.excludedFolders, {
    currentNote: req.currentNote,
    depth: req.depth,
    sameFolder: req.sameFolder,
    manual: req.manual,
    scout: ctx.scout.ran ? ctx.scout.selected : null,
    tokenLimit: notesLimit,
  });
  ctx.notes = taskContext.notes.map(({ note: _note, ...n }) => n);
  ctx.dropped = taskContext.dropped;
  if (ctx.dropped.length > 0) emit({ type: 'notes_dropped', dropped: ctx.dropped, limit: notesLimit });

  let webSection = '';
  if (req.agents.web && deps.web) {
    emit({ type: 'phase_started', phase: 'web' });
    const vaultContext = ctx.notes.map((n) => `- ${n.path}`).join('\n') || '(no notes)';
    const r = await deps.web({ task: req.task, vaultContext, ...(signal ? { signal } : {}), emit, totals });
    ctx.web = r.context;
    webSection = r.untrustedSection;
    if (!endPhase('web', r)) return finish();
  }

  if (req.agents.task && deps.plan) {
    emit({ type: 'phase_started', phase: 'task' });
    const policyFor = (notes: readonly { path: string }[]): ReturnType<typeof buildScopePolicy> =>
      buildScopePolicy({
        configDir: deps.vault.configDir,
        scope: deps.task.scope,
        capabilities: deps.task.capabilities,
        excludedFolders: deps.excludedFolders,
        currentNote: req.currentNote,
        contextNotes: notes.map((n) => n.path),
        resolvedLinks: deps.vault.resolvedLinks(),
      });
    let policy = policyFor(ctx.notes);
    // The whole request fits the planning model's window: history, then notes give way.
    const fitted = fitTaskWindow(deps.plan.profile, taskContext.notes, historyMessages(req.history, deps.task.historyLength), (notes, history) => taskMessages({ ctx, notes, policy, webSection, history }));
    if (fitted.dropped.length > 0) {
      const out = new Set(fitted.dropped.map((d) => d.path));
      ctx.notes = ctx.notes.filter((n) => !out.has(n.path));
      ctx.dropped = [...ctx.dropped, ...fitted.dropped];
      policy = policyFor(ctx.notes);
      emit({ type: 'notes_dropped', dropped: fitted.dropped, limit: fitted.notesLimit });
    }
    const messages = taskMessages({ ctx, notes: fitted.notes, policy, webSection, history: fitted.history });
    const r = await runTask({ client: deps.plan, vault: deps.vault, policy, messages, corrections: deps.task.corrections, ...(signal ? { signal } : {}) }, emit, totals);
    result.outcome = r.outcome;
    result.answer = r.outcome?.summary ?? r.text;
    if (r.outcome) {
      if (r.outcome.proposed.length > 0) emit({ type: 'edits_proposed', edits: r.outcome.proposed.map((p) => ({ id: p.id, file: p.note, type: p.type })) });
      if (r.outcome.refused.length > 0) emit({ type: 'edits_refused', refused: r.outcome.refused });
      if (r.outcome.opened.length > 0) emit({ type: 'notes_opened', paths: r.outcome.opened });
    }
    endPhase('task', r);
  } else if (ctx.web.ran) result.answer = ctx.web.summary;
  else if (ctx.scout.ran) result.answer = ctx.scout.reasoning;
  return finish();
}
