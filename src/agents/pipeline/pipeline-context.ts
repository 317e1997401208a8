// What each phase of an ask run learned, accumulated for the next: Scout's selection (each note
// with why it was picked), the Web agent's queries and sources, the notes that went to the Task
// agent and those dropped for the token limit, and the tokens and cost of each phase.

import type { Why } from '../../search/retrieval/why';
import type { WebContext } from '../web/web-context';
import { addUsage, ZERO_USAGE, type Usage } from '../llm/usage-cost';
import type { PhaseName, ScoutConfidence } from './pipeline-events';

/** Why a note is in the context: a search match, a link walk, a tag, a folder (retrieval's reasons), or the user. */
export type WhyPicked = Why | { kind: 'current' | 'manual' | 'scout'; detail: string };

export interface SelectedNote {
  path: string;
  why: WhyPicked[];
  /** The best search score seen for it (0 when it was reached otherwise). */
  score: number;
  tokens: number;
}

/** How a note came into the Task agent's context; decides the order in which notes are dropped. */
export type ContextSource = 'current' | 'manual' | 'scout' | 'folder' | 'link';

export interface ContextNote {
  path: string;
  source: ContextSource;
  why: WhyPicked[];
  /** Link depth from the current note (links only). */
  depth?: number;
  /** Scout's search score (Scout picks only). */
  score?: number;
  /** Tokens of the note as the model gets it (with line numbers). */
  tokens: number;
}

export interface DroppedNote {
  path: string;
  source: ContextSource;
  tokens: number;
  reason: string;
}

export interface ScoutContext {
  ran: boolean;
  selected: SelectedNote[];
  reasoning: string;
  confidence: ScoutConfidence;
  /** What Scout did, step by step, in words ("searched 'solar' — 8 notes"). */
  exploration: string[];
}

/** What the Web agent learned, without its accounting (kept per phase in `usage`). */
export type WebPhaseContext = Omit<WebContext, 'usage' | 'costUsd' | 'stopped' | 'error'>;

export interface PhaseUsage {
  usage: Usage;
  costUsd: number;
}

export interface PipelineContext {
  task: string;
  currentNote: string | null;
  scout: ScoutContext;
  web: WebPhaseContext;
  /** The notes the Task agent read, after the token limit. */
  notes: ContextNote[];
  dropped: DroppedNote[];
  usage: Record<PhaseName, PhaseUsage>;
}

export function emptyContext(task: string, currentNote: string | null): PipelineContext {
  const zero = (): PhaseUsage => ({ usage: { ...ZERO_USAGE }, costUsd: 0 });
  return {
    task,
    currentNote,
    scout: { ran: false, selected: [], reasoning: '', confidence: 'exploring', exploration: [] },
    web: { ran: false, sufficient: null, reasoning: '', queries: [], sources: [], summary: '' },
    notes: [],
    dropped: [],
    usage: { scout: zero(), web: zero(), task: zero() },
  };
}

export function totalUsage(ctx: PipelineContext): PhaseUsage {
  let usage: Usage = { ...ZERO_USAGE };
  let costUsd = 0;
  for (const p of Object.values(ctx.usage)) {
    usage = addUsage(usage, p.usage);
    costUsd += p.costUsd;
  }
  return { usage, costUsd };
}

/** One line per reason, for prompts and the CLI ("title match: solar, panel"). */
export function describeWhy(why: readonly WhyPicked[]): string {
  return why.map((w) => `${w.kind}: ${w.detail}`).join('; ');
}
