// The settings tab. Settings are declared once in `getSettingDefinitions()` (so they appear in
// Obsidian's settings search, 1.13+); on older versions `display()` renders the same list.
import { type App, Notice, PluginSettingTab, requireApiVersion, SecretComponent, Setting, type SettingDefinitionItem } from 'obsidian';
import type StewardPlugin from '../../main';
import { PROVIDER_IDS, type ProviderId, getSettingValue, setSettingValue } from '../settings/settings';
import { renderSettingDefinitions } from './render-setting-definitions';

const PROVIDER_LABELS: Record<ProviderId, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, OpenRouter, vLLM)',
};

const TRANSPORT_DESC =
  'Fetch streams replies as they are written and can be cancelled at once, but the server must allow ' +
  'requests from Obsidian (CORS). Obsidian request works with any server and on mobile, but waits for the ' +
  'whole reply and cannot stop a request already sent.';

export class StewardSettingTab extends PluginSettingTab {
  constructor(
    app: App,
    private readonly plugin: StewardPlugin,
  ) {
    super(app, plugin);
  }

  override getSettingDefinitions(): SettingDefinitionItem[] {
    const items: SettingDefinitionItem[] = [
      {
        name: 'Provider',
        desc: 'The model provider the agents use. "None" keeps Steward offline: organize runs on rules and heuristics, search on the keyword index.',
        control: {
          type: 'dropdown',
          key: 'activeProvider',
          options: { none: 'None (offline)', ...PROVIDER_LABELS },
        },
      },
      {
        name: 'Plan folder',
        desc: 'Where organize plan notes are written. Never inside the folder being organized.',
        control: { type: 'text', key: 'planFolder', placeholder: 'Steward/Plans' },
      },
    ];
    for (const id of PROVIDER_IDS) items.push(this.providerGroup(id));
    return items;
  }

  private providerGroup(id: ProviderId): SettingDefinitionItem {
    const visible = (): boolean => this.plugin.settings.activeProvider === id;
    return {
      type: 'group',
      heading: PROVIDER_LABELS[id],
      visible,
      items: [
        { name: 'Model', desc: 'Model name as the provider spells it.', control: { type: 'text', key: `providers.${id}.model` } },
        {
          name: 'Base URL',
          desc: id === 'openai-compatible' ? 'For example http://localhost:11434/v1 for Ollama.' : 'Leave empty for the public endpoint.',
          control: { type: 'text', key: `providers.${id}.baseUrl` },
        },
        {
          name: 'API key',
          desc: 'Stored in Obsidian\'s secret storage; the settings file keeps only the secret\'s name.',
          render: (setting: Setting) => {
            new SecretComponent(this.app, setting.controlEl)
              .setValue(this.plugin.settings.providers[id].apiKeySecret)
              .onChange((name) => void this.setControlValue(`providers.${id}.apiKeySecret`, name));
          },
        },
        {
          name: 'Transport',
          desc: TRANSPORT_DESC,
          control: { type: 'dropdown', key: `providers.${id}.transport`, options: { fetch: 'Fetch (streaming)', requestUrl: 'Obsidian request (no CORS)' } },
        },
      ],
    };
  }

  override getControlValue(key: string): unknown {
    return getSettingValue(this.plugin.settings, key);
  }

  override async setControlValue(key: string, value: unknown): Promise<void> {
    const problems = setSettingValue(this.plugin.settings, key, value);
    if (problems.length > 0) {
      new Notice(`Steward: ${problems.join('; ')}`);
      return;
    }
    await this.plugin.saveSettings();
    // Provider groups show only for the active provider.
    if (requireApiVersion('1.13.0')) {
      if (key === 'activeProvider') this.refreshDomState();
    }
  }

  /** Fallback for Obsidian before 1.13, which has no declarative settings. */
  override display(): void {
    this.renderFallback();
  }

  private renderFallback(): void {
    this.containerEl.empty();
    renderSettingDefinitions(this.containerEl, this.getSettingDefinitions(), {
      get: (key) => this.getControlValue(key),
      set: async (key, value) => {
        await this.setControlValue(key, value);
        if (key === 'activeProvider') this.renderFallback();
      },
    });
  }
}
