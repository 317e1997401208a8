// The organize agent as the plugin runs it: on the planning model of the configured provider,
// cancelled with the run, its events shown in the progress window; `index` is the vault's keyword
// index once built, for its searches and its rules' vector_similarity (without it the agent
// scores the files itself).
import type { App } from 'obsidian';
import { createOrganizeAgent } from '../../agents/organize/agent';
import type { AgentEvent } from '../../agents/loop/agent-events';
import type { OrganizeAgent } from '../../agents/organize/plan-organize';
import type { ReeveSettings } from '../../settings/settings';
import { pluginLlmClient } from '../llm/plugin-llm-client';
import type { KeywordSources } from '../search/keyword-search';
import { type ProgressSink, showAgentEvent } from './agent-progress';

export type AgentChoice = { agent: OrganizeAgent } | { agent: null; reason: string };

export function organizeAgentFor(app: App, settings: ReeveSettings, signal: AbortSignal, sink: ProgressSink, index: KeywordSources | null = null): AgentChoice {
  const built = pluginLlmClient(app, settings, 'plan');
  if (!built.ok) return { agent: null, reason: built.reason };
  const onEvent = (event: AgentEvent): void => showAgentEvent(sink, event);
  return { agent: createOrganizeAgent({ client: built.client, signal, onEvent, ...(index ? { search: index.search, similarity: { keyword: index.similarity, semantic: index.semantic ?? null } } : {}) }) };
}
