// What the Web agent hands on to the pipeline, and the events it reports while it runs.

import type { AgentEvent } from '../loop/agent-events';
import type { Usage } from '../llm/usage-cost';

export interface WebSource {
  url: string;
  title: string;
  /** Tokens of `text` (the project's estimate), counted against the budget. */
  tokens: number;
  /** The kept passages, in page order; untrusted. */
  text: string;
}

export interface WebContext {
  ran: boolean;
  /** The evaluation's verdict on the vault context; null when it was not asked (automatic search off). */
  sufficient: boolean | null;
  reasoning: string;
  queries: string[];
  sources: WebSource[];
  /** The Web agent's summary of the sources (written after reading them, so untrusted too). */
  summary: string;
  usage: Usage;
  costUsd: number;
  stopped: boolean;
  error?: string;
}

export type PageStatus = 'read' | 'refused' | 'failed';

export type WebEvent =
  | { type: 'agent'; event: AgentEvent }
  | { type: 'search'; query: string; results: number }
  | { type: 'page'; url: string; tokens: number; status: PageStatus; reason?: string };
