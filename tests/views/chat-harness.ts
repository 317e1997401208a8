// The chat view on the test runtime: a faithful in-memory vault, the plugin's host of
// chat-host-fixture.ts (index, retrieval, the plugin's settings, the widgets' ledger and journal,
// the chat store) with the scripted model over loopback, and the real ChatView, opened in a leaf
// the way Obsidian opens it.
import { App, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { createLlmClient } from '../../src/agents/llm/create-client';
import type { LlmClient } from '../../src/agents/llm/llm-client';
import type { PhaseName } from '../../src/agents/pipeline/pipeline-events';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import type { ChatHost } from '../../src/views/chat/chat-host';
import type { ReeveSettings } from '../../src/settings/settings';
import type { ChatRecord } from '../../src/views/chat/chat-record';
import { ChatView } from '../../src/views/chat/chat-view';
import { FAKE_KEY, nodeFetch, profileFor, providerFor, RecordingClock, type ClientSetup } from '../agents/llm/client-fixtures';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { shownNotices } from '../obsidian/notices';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { chatHostOn, type ChatHostOptions } from './chat-host-fixture';

export interface ChatHarness {
  app: App;
  port: ObsidianVault;
  view: ChatView;
  host: ChatHost;
  settings: ReeveSettings;
  /** The agent toggles as the settings hold them now. */
  readonly agents: Record<PhaseName, boolean>;
  saved(): Promise<ChatRecord[]>;
  close(): Promise<void>;
}

export interface ChatHarnessOptions extends ChatHostOptions {
  active?: string;
}

export async function openChat(files: Record<string, string>, o: ChatHarnessOptions = {}): Promise<ChatHarness> {
  const app = App.createConfigured__({ files });
  makeVaultFaithful(app);
  const port = new ObsidianVault(app as never);
  const { host, settings, saved, stop } = await chatHostOn(app, port, o);
  if (o.active) {
    const file = app.vault.getFileByPath(o.active);
    if (file) await app.workspace.getLeaf(false).openFile(file);
  }
  const leaf = WorkspaceLeaf.create2__(app, 'chat');
  const view = new ChatView(leaf as never, host);
  document.body.appendChild(view.containerEl);
  await view.onOpen();
  return {
    app,
    port,
    view,
    host,
    settings,
    get agents() {
      return settings.agents.agents;
    },
    saved,
    async close() {
      await view.onClose();
      view.containerEl.remove();
      await stop();
    },
  };
}

/** A client on the scripted server, as the plugin makes it in the app's renderer (allowBrowser). */
export function chatClient(server: ScriptedLlmServer, setup: ClientSetup): LlmClient {
  const provider = providerFor(server, setup);
  return createLlmClient({ provider, profile: profileFor(provider, setup), apiKey: FAKE_KEY, fetch: nodeFetch, allowBrowser: true, clock: new RecordingClock(), random: () => 0.5 });
}

/**
 * Per test file: one scripted model server, closed after the file, its script and the notices
 * shown cleared before each test. `server` is set once `beforeAll` has run.
 */
export function useScriptedServer(): { server: ScriptedLlmServer } {
  const ctx = {} as { server?: ScriptedLlmServer };
  beforeAll(async () => {
    ctx.server = await startScriptedLlmServer();
  });
  afterAll(() => ctx.server?.close());
  beforeEach(() => {
    ctx.server?.reset();
    shownNotices.length = 0;
  });
  return ctx as { server: ScriptedLlmServer };
}
