// The Web phase as the pipeline sees it: given the request and what the vault gave, it returns
// what the web added, its usage, and the untrusted-data section for the Task prompt. The Web
// agent (src/agents/web) is fitted to this in `web-phase-adapter.ts`.

import type { Usage } from '../llm/usage-cost';
import type { RunTotals } from './phase-events';
import type { WebPhaseContext } from './pipeline-context';
import type { PipelineListener } from './pipeline-events';

export interface WebPhaseResult {
  context: WebPhaseContext;
  /** The pages' text inside clearly delimited untrusted-data markers, for the Task prompt. */
  untrustedSection: string;
  usage: Usage;
  costUsd: number;
  stopped: boolean;
  error: string | null;
}

export type WebPhase = (input: { task: string; vaultContext: string; signal?: AbortSignal; emit: PipelineListener; totals: RunTotals }) => Promise<WebPhaseResult>;
