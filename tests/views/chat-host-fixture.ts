// The chat view's host on the test runtime, for the view tests and the Chromium page alike: the
// keyword index and retrieval over the faithful vault, the model behind the scripted LLM server,
// the pending widgets' real deps (ledger, journal, scope policy) and the plugin's chat store (JSON files in the plugin folder).
import type { App } from 'obsidian-test-mocks/obsidian';
import type { LlmClient } from '../../src/agents/llm/llm-client';
import type { PhaseName } from '../../src/agents/pipeline/pipeline-events';
import type { AskDeps } from '../../src/agents/pipeline/run-pipeline';
import { buildTaskContext } from '../../src/agents/pipeline/task-context';
import { DEFAULT_SCOUT_SETTINGS } from '../../src/agents/scout/scout-settings';
import { DEFAULT_TASK_SETTINGS, type TaskSettings } from '../../src/agents/task/task-settings';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import type { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { Retrieval } from '../../src/vault-vfs/retrieval/retrieval';
import { VaultIndexer } from '../../src/vault-vfs/search/vault-indexer';
import type { ChatHost, ContextChoice } from '../../src/views/chat/chat-host';
import { ChatStore } from '../../src/agents/chat/chat-store';
import type { ChatRecord, ChatStoreLike } from '../../src/views/chat/chat-record';

export interface ChatHostOptions {
  client?: LlmClient | null;
  agents?: Partial<Record<PhaseName, boolean>>;
  task?: Partial<TaskSettings>;
  store?: ChatStoreLike;
  streams?: boolean;
}

export interface ChatHostFixture {
  host: ChatHost;
  agents: Record<PhaseName, boolean>;
  /** Every saved chat, read back through the store. */
  saved(): Promise<ChatRecord[]>;
  stop(): Promise<void>;
}

export async function chatHostOn(app: App, port: ObsidianVault, o: ChatHostOptions = {}): Promise<ChatHostFixture> {
  const indexer = new VaultIndexer(port, { persist: false });
  await indexer.start();
  const retrieval = new Retrieval(port, indexer, null);
  const agents = { scout: false, web: false, task: true, ...o.agents };
  let context: ContextChoice = { depth: 1, sameFolder: false };
  const task = { ...DEFAULT_TASK_SETTINGS, ...o.task };
  const store = o.store ?? ChatStore.of(port, () => 'Steward/Chats');
  const saved = async (): Promise<ChatRecord[]> => Promise.all((await store.list()).map((c) => store.load(c.id)));
  const host: ChatHost = {
    app: app as never,
    agents: () => agents,
    setAgents: (a) => {
      Object.assign(agents, a);
      return Promise.resolve();
    },
    context: () => context,
    setContext: (c) => {
      context = c;
      return Promise.resolve();
    },
    taskTokenLimit: () => task.tokenLimit,
    scopeLine: () => 'Edits: any note · add, delete, create, navigate',
    openSettings: () => undefined,
    askDeps: (askUser): Promise<AskDeps> => {
      if (!o.client) return Promise.reject(new Error('no model provider is configured'));
      return Promise.resolve({ vault: port, retrieval, explore: o.client, plan: o.client, scout: DEFAULT_SCOUT_SETTINGS, task, web: null, excludedFolders: [], askUser });
    },
    contextPreview: (r) => buildTaskContext(port, retrieval, [], { ...r, scout: null, tokenLimit: task.tokenLimit }),
    streams: () => o.streams ?? true,
    store,
    widgetDeps: {
      port: () => port,
      editPolicy: (note) => buildScopePolicy({ configDir: port.configDir, scope: { folders: ['**'] }, capabilities: EDIT_CAPABILITIES, currentNote: note }),
      organizePolicy: () => {
        throw new Error('not used by the chat');
      },
    },
  };
  return { host, agents, saved, stop: () => indexer.stop() };
}
