// The chat view's host inside Obsidian: the toggles and context choices live in data.json
// (settings.agents), a run's deps come from askDepsFromPlugin, the pills' tokens from
// contextPreview, chats go to the ChatStore in the plugin's folder, and Accept all uses the
// widgets' deps (the same ledger, journal and accept-time policy as the buttons in the notes).
import { Notice, type App } from 'obsidian';
import { ChatStore } from '../../agents/chat/chat-store';
import type { ReeveSettings } from '../../settings/settings';
import type { WidgetDeps } from '../pending/widget-deps';
import { agentWalls, askDepsFromPlugin, contextPreview, pluginRetrieval, type PluginAskContext } from './ask-deps-from-plugin';
import { wallOf } from '../../search/retrieval/walls';
import type { ChatHost, RunOverrides } from './chat-host';
import { listSavedPrompts } from '../../agents/chat/saved-prompts';
import { defaultModelKey, modelLabel, modelOptions, withModel } from '../../settings/model-switch';

const SCOPE_TEXT: Record<ReeveSettings['agents']['task']['scope'], string> = {
  current: 'the current note',
  linked: 'the current note and its links',
  context: 'the notes in the context',
};

export interface PluginChatHostDeps {
  ctx: PluginAskContext;
  settings: () => ReeveSettings;
  saveSettings: () => Promise<void>;
  widgetDeps: WidgetDeps;
  manifestId: string;
}

/**
 * Opens Obsidian's settings at Reeve's tab. Obsidian has no public way to do this: obsidian.d.ts
 * (1.13) offers none, nor does the obsidian:// URI scheme (open, new, daily, search, choose-vault).
 * `app.setting` is the settings window's own object, the one plugins reach for; it is used only when
 * it has the two methods, and when it is missing, different or throws, a notice says where to go.
 */
export function openSettingsTab(app: App, id: string): void {
  const setting: unknown = 'setting' in app ? app.setting : undefined;
  const usable = (s: unknown): s is { open(): void; openTabById(id: string): unknown } =>
    typeof s === 'object' && s !== null && 'open' in s && typeof s.open === 'function' && 'openTabById' in s && typeof s.openTabById === 'function';
  try {
    if (usable(setting)) {
      setting.open();
      setting.openTabById(id);
      return;
    }
  } catch {
    // Fall through to the notice: the window changed in a way this code does not know.
  }
  new Notice("Reeve: to change what the agents may edit, open the settings and find this plugin's tab under community plugins.");
}

/** The settings one message runs with: the saved ones, with what the message overrides. */
export function withOverrides(settings: ReeveSettings, o: RunOverrides | undefined): ReeveSettings {
  if (o === undefined || o.scope === undefined) return settings;
  return { ...settings, agents: { ...settings.agents, task: { ...settings.agents.task, scope: o.scope } } };
}

export function pluginChatHost(d: PluginChatHostDeps): ChatHost {
  const s = (): ReeveSettings => d.settings();
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
    wall: () => wallOf(agentWalls(s(), d.ctx.app.vault.configDir)),
    openSettings: () => openSettingsTab(d.ctx.app, d.manifestId),
    askDeps: (askUser, overrides) => {
      const base = withOverrides(s(), overrides);
      const models = { ...(overrides?.plan ? { plan: withModel(base, 'plan', overrides.plan) } : {}), ...(overrides?.explore ? { explore: withModel(base, 'explore', overrides.explore) } : {}) };
      const made = askDepsFromPlugin(d.ctx, base, askUser, undefined, models);
      return 'error' in made ? Promise.reject(new Error(made.error)) : Promise.resolve(made);
    },
    contextPreview: async (request) => {
      const retrieval = pluginRetrieval(d.ctx);
      if (retrieval === null) return null;
      return contextPreview(d.ctx.port(), retrieval, request, s().agents.task.tokenLimit, agentWalls(s(), d.ctx.port().configDir));
    },
    streams: () => {
      const id = s().activeProvider;
      return id === 'none' || s().providers[id].transport !== 'requestUrl';
    },
    models: () => {
      const options = modelOptions(s());
      return { options, labels: new Map(options.map((o) => [o.key, modelLabel(o, options)])), plan: defaultModelKey(s(), 'plan'), explore: defaultModelKey(s(), 'explore') };
    },
    savedPrompts: () => listSavedPrompts(d.ctx.port(), s().agents.promptFolder, wallOf(agentWalls(s(), d.ctx.app.vault.configDir))),
    store: ChatStore.of(d.ctx.port(), () => s().agents.chatFolder),
    widgetDeps: d.widgetDeps,
  };
}
