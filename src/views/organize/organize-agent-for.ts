// The organize agent as the plugin runs it: on the planning model of the configured provider,
// cancelled with the run, its events shown in the progress window.
import type { App } from 'obsidian';
import { createOrganizeAgent } from '../../agents/organize/agent';
import type { OrganizeSearch } from '../../agents/organize/agent/undecided-search';
import type { OrganizeAgent } from '../../agents/organize/plan-organize';
import type { StewardSettings } from '../../settings/settings';
import type { VaultIndexer } from '../../vault-vfs/search/vault-indexer';
import { pluginLlmClient } from '../llm/plugin-llm-client';
import { type ProgressSink, showAgentEvent } from './agent-progress';

export type AgentChoice = { agent: OrganizeAgent } | { agent: null; reason: string };

export function organizeAgentFor(app: App, settings: StewardSettings, signal: AbortSignal, sink: ProgressSink, index: VaultIndexer | null = null): AgentChoice {
  const built = pluginLlmClient(app, settings, 'plan');
  if (!built.ok) return { agent: null, reason: built.reason };
  // The vault's keyword index once it is built; until then the agent scores the files itself.
  const search = index?.phase === 'ready' ? keywordIndexSearch(index) : undefined;
  return { agent: createOrganizeAgent({ client: built.client, signal, onEvent: (event) => showAgentEvent(sink, event), ...(search ? { search } : {}) }) };
}

function keywordIndexSearch(index: VaultIndexer): OrganizeSearch {
  return {
    kind: 'keyword',
    label: "the vault's keyword index (names, headings, tags, aliases and text; no embeddings configured)",
    // The index ranks the whole vault and the tool keeps only the undecided files: ask for enough
    // hits that those are not crowded out by notes elsewhere.
    search: (query, limit) => index.search(query, { limit: Math.max(limit, 2_000) }),
  };
}
