// The chat view's host inside Obsidian: the toggles and context choices live in data.json
// (settings.agents), a run's deps come from askDepsFromPlugin, the pills' tokens from
// contextPreview, chats go to the ChatStore in the plugin's folder, and Accept all uses the
// widgets' deps (the same ledger, journal and accept-time policy as the buttons in the notes).
import type { App } from 'obsidian';
import { ChatStore } from '../../agents/chat/chat-store';
import type { StewardSettings } from '../../settings/settings';
import type { WidgetDeps } from '../pending/widget-deps';
import { agentWalls, askDepsFromPlugin, contextPreview, pluginRetrieval, type PluginAskContext } from './ask-deps-from-plugin';
import type { ChatHost } from './chat-host';

const SCOPE_TEXT: Record<StewardSettings['agents']['task']['scope'], string> = {
  current: 'the current note',
  linked: 'the current note and its links',
  context: 'the notes in the context',
};

export interface PluginChatHostDeps {
  ctx: PluginAskContext;
  settings: () => StewardSettings;
  saveSettings: () => Promise<void>;
  widgetDeps: WidgetDeps;
  manifestId: string;
}

/** Obsidian's settings window is not in the public API; the call every plugin uses to open its tab. */
function openSettingsTab(app: App, id: string): void {
  const setting = (app as unknown as { setting?: { open(): void; openTabById(id: string): void } }).setting;
  setting?.open();
  setting?.openTabById(id);
}

export function pluginChatHost(d: PluginChatHostDeps): ChatHost {
  const s = (): StewardSettings => d.settings();
  return {
    app: d.ctx.app,
    agents: () => s().agents.agents,
    setAgents: async (agents) => {
      s().agents.agents = { ...agents };
      await d.saveSettings();
    },
    context: () => s().agents.context,
    setContext: async (context) => {
      s().agents.context = { ...context };
      await d.saveSettings();
    },
    taskTokenLimit: () => s().agents.task.tokenLimit,
    scopeLine: () => {
      const t = s().agents.task;
      return `Edits: ${SCOPE_TEXT[t.scope]} · ${t.capabilities.length > 0 ? t.capabilities.join(', ') : 'none allowed'} · Settings`;
    },
    openSettings: () => openSettingsTab(d.ctx.app, d.manifestId),
    askDeps: (askUser) => {
      const made = askDepsFromPlugin(d.ctx, s(), askUser);
      return 'error' in made ? Promise.reject(new Error(made.error)) : Promise.resolve(made);
    },
    contextPreview: async (request) => {
      const retrieval = pluginRetrieval(d.ctx);
      if (retrieval === null) return null;
      return contextPreview(d.ctx.port(), retrieval, request, s().agents.task.tokenLimit, agentWalls(s()));
    },
    streams: () => {
      const id = s().activeProvider;
      return id === 'none' || s().providers[id].transport !== 'requestUrl';
    },
    store: ChatStore.of(d.ctx.port(), () => s().agents.chatFolder),
    widgetDeps: d.widgetDeps,
  };
}
