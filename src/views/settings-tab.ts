// The settings tab. Settings are declared once in `getSettingDefinitions()` (so they appear in
// Obsidian's settings search, 1.13+); on older versions `display()` renders the same list.
import { type App, Notice, PluginSettingTab, requireApiVersion, SecretComponent, type Setting, type SettingDefinitionItem } from 'obsidian';
import type ReevePlugin from '../../main';
import { PROVIDER_IDS, type ProviderId, getSettingValue, setSettingValue } from '../settings/settings';
import { modelSettingGroup } from './llm/model-setting-group';
import { mcpSettingGroup } from './mcp/mcp-settings-group';
import { previewRule } from './organize/rule-preview';
import { RulesEditor } from './organize/rules-editor';
import { renderSettingDefinitions } from './render-setting-definitions';
import { semanticSettingGroup } from './search/semantic-settings-group';
import { AGENT_VISIBILITY_KEYS, agentControlChange, agentControlValue, chatGroup, scoutGroup, taskGroup, webGroup } from './settings/agent-sections';

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, OpenRouter, vLLM)',
};

/** What the keyword index costs, on every device (figures from BENCHMARKS.md, keyword-index and keyword-index-plugin). */
export const KEYWORD_INDEX_COST =
  'Always on: built once Obsidian has started, in short slices, and kept current as notes change; the chat, Scout and organize search it. ' +
  "It reads every note once through Obsidian's cached read (later starts re-read only what changed) and keeps about 1 MB of memory and 0.5 MB in the plugin folder per 1,000 notes. " +
  'It builds in batches of 256 notes, each folded into the compact index before the next is read, so the build itself keeps little more alive than the finished index (about 11 MB at 10,000 notes and 76 MB at 100,000 on the mobile app); ' +
  "the app's memory can rise by a few hundred MB at 10,000 notes until the notes it read are collected, and the build completes within 300 MB. " +
  'On a phone, a first build of a vault of tens of thousands of notes takes minutes.';

const TRANSPORT_DESC =
  'Fetch streams replies as they are written and can be cancelled at once, but the server must allow ' +
  'requests from Obsidian (CORS). Obsidian request works with any server and on mobile, but waits for the ' +
  'whole reply and cannot stop a request already sent.';

/** Settings holding folder lists, edited as one folder per line. */
const LIST_KEYS = new Set(['excludedFolders', 'automatic.watchedFolders']);

/** Settings whose change shows or hides others. */
const VISIBILITY_KEYS = new Set(['activeProvider', ...AGENT_VISIBILITY_KEYS]);

export class ReeveSettingTab extends PluginSettingTab {
  /** Rules editors on screen, unloaded when the tab closes (their DOM listeners go with them). */
  private readonly editors = new Set<RulesEditor>();
  /** Before 1.13: the cleanups of the rows `display()` rendered, run in hide(). */
  private fallbackCleanups: (() => void)[] = [];

  constructor(
    app: App,
    private readonly plugin: ReevePlugin,
  ) {
    super(app, plugin);
  }

  override getSettingDefinitions(): SettingDefinitionItem[] {
    const items: SettingDefinitionItem[] = [
      {
        name: 'Provider',
        desc: 'The model provider the agents use. "None" keeps Reeve offline: organize runs on rules and heuristics, search on the keyword index.',
        control: { type: 'dropdown', key: 'activeProvider', options: { none: 'None (offline)', ...PROVIDER_LABELS } },
      },
      {
        name: 'Plan folder',
        desc: 'Where organize plan notes are written. Never inside the folder being organized.',
        control: { type: 'text', key: 'planFolder', placeholder: 'Reeve/Plans' },
      },
      { name: 'Keyword index', desc: KEYWORD_INDEX_COST },
      this.organizeGroup(),
      {
        type: 'group',
        heading: 'Rules',
        items: [{ name: 'Organize rules', desc: 'Run first, in priority order; the first rule that matches a file claims it. Checked as you type.', render: (setting) => this.renderRules(setting) }],
      },
      this.automaticGroup(),
      semanticSettingGroup(() => this.plugin.semanticSearch, { get: (key) => this.getControlValue(key), set: (key, value) => this.setControlValue(key, value) }),
      chatGroup(),
      scoutGroup(),
      webGroup(this.app, () => this.plugin.settings, (key, name) => void this.setControlValue(key, name)),
      taskGroup(),
    ];
    for (const id of PROVIDER_IDS) {
      items.push(this.providerGroup(id));
      const visible = (): boolean => this.plugin.settings.activeProvider === id;
      items.push(modelSettingGroup(id, 'explore', `${PROVIDER_LABELS[id]}: exploration model`, visible, this.app, () => this.plugin.settings));
      items.push(modelSettingGroup(id, 'plan', `${PROVIDER_LABELS[id]}: planning model`, visible, this.app, () => this.plugin.settings));
    }
    items.push(mcpSettingGroup({ app: this.app, settings: () => this.plugin.settings, control: () => this.plugin.mcpServer, values: { get: (key) => this.getControlValue(key), set: (key, value) => this.setControlValue(key, value) } }));
    return items;
  }

  private organizeGroup(): SettingDefinitionItem {
    return {
      type: 'group',
      heading: 'Organize',
      items: [
        { name: 'Excluded folders', desc: 'One folder per line. Organize, rules and automatic mode never read from or write into them.', control: { type: 'textarea', key: 'excludedFolders', placeholder: 'Archive' } },
        { name: 'Allow trash', desc: 'Let plans propose the trash for extra copies of identical files that no note links to (high risk; one copy is always kept, and each still needs your accept).', control: { type: 'toggle', key: 'allowTrash' } },
        { name: 'Allow moves out of the folder', desc: 'Let rules, and the organize agent\'s rules, move files outside the folder being organized ("Move to" starting with /).', control: { type: 'toggle', key: 'allowOutside' } },
        { name: 'Let the organize agent set tags and properties', desc: 'Its rules may add and remove tags and set properties on the notes they file; each change is still a block you accept. Your own rules always may.', control: { type: 'toggle', key: 'agentRuleEdits' } },
        { name: 'Suggest naming conventions', desc: 'Before planning, offer the three naming conventions most used in the folder; the one you pick renames the notes that do not follow it.', control: { type: 'toggle', key: 'suggestNaming' } },
        { name: 'Move a folder whole from cohesion', desc: 'A folder whose files belong together at least this much (0 to 1) moves as one, when one destination scores high enough. Default 0.7.', control: { type: 'number', key: 'organizeScoring.folderCohesion', min: 0, max: 1 } },
        { name: 'Destination score to move', desc: 'The similarity score (0 to 1: name, content, type and nearness) a destination needs before a folder or file moves there. Default 0.8.', control: { type: 'number', key: 'organizeScoring.destinationScore', min: 0, max: 1 } },
        { name: 'Split a folder below cohesion', desc: 'A folder whose files belong together less than this (0 to 1) is split: each file goes where it scores high enough. Default 0.3.', control: { type: 'number', key: 'organizeScoring.splitCohesion', min: 0, max: 1 } },
      ],
    };
  }

  private automaticGroup(): SettingDefinitionItem {
    return {
      type: 'group',
      heading: 'Automatic mode',
      items: [
        { name: 'Run rules automatically', desc: 'Apply your saved rules to files created or renamed in the watched folders, through the journal (undo with "Undo last organize"). A note with "reeve: ignore" in its frontmatter is left alone.', control: { type: 'toggle', key: 'automatic.enabled' } },
        { name: 'Watched folders', desc: 'One folder per line.', control: { type: 'textarea', key: 'automatic.watchedFolders', placeholder: 'Inbox' } },
        { name: 'Delay', desc: 'Seconds to wait after the last change, so templates and sync finish first.', control: { type: 'number', key: 'automatic.delaySeconds', min: 1, max: 600 } },
      ],
    };
  }

  private providerGroup(id: ProviderId): SettingDefinitionItem {
    const visible = (): boolean => this.plugin.settings.activeProvider === id;
    return {
      type: 'group',
      heading: PROVIDER_LABELS[id],
      visible,
      items: [
        {
          name: 'Base URL',
          desc: id === 'openai-compatible' ? 'For example http://localhost:11434/v1 for Ollama.' : 'Leave empty for the public endpoint.',
          control: { type: 'text', key: `providers.${id}.baseUrl` },
        },
        {
          name: 'API key',
          desc: "Stored in Obsidian's secret storage; the settings file keeps only the secret's name.",
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

  private renderRules(setting: Setting): () => void {
    setting.settingEl.addClass('reeve-rules-setting');
    const editor = new RulesEditor(setting.settingEl.createDiv(), {
      rules: () => this.plugin.settings.rules,
      save: async (rules) => {
        this.plugin.settings.rules = rules;
        await this.plugin.saveSettings();
      },
      preview: (condition) => previewRule(this.plugin.port(), condition, { skipFolders: [this.plugin.settings.planFolder, ...this.plugin.settings.excludedFolders] }),
    });
    editor.load();
    this.editors.add(editor);
    return () => {
      editor.unload();
      this.editors.delete(editor);
    };
  }

  override getControlValue(key: string): unknown {
    const toggle = agentControlValue(this.plugin.settings, key);
    if (toggle !== undefined) return toggle;
    const value = getSettingValue(this.plugin.settings, key);
    return LIST_KEYS.has(key) && Array.isArray(value) ? value.join('\n') : value;
  }

  override async setControlValue(key: string, value: unknown): Promise<void> {
    const entry = agentControlChange(this.plugin.settings, key, value);
    const stored = entry?.value ?? (LIST_KEYS.has(key) && typeof value === 'string' ? value.split('\n').map((l) => l.trim()).filter((l) => l !== '') : value);
    const problems = setSettingValue(this.plugin.settings, entry?.key ?? key, stored);
    if (problems.length > 0) {
      new Notice(`Reeve: ${problems.join('; ')}`);
      return;
    }
    await this.plugin.saveSettings();
    if (key.startsWith('semanticIndex.')) void this.plugin.semanticSearch?.configure();
    if (key.startsWith('mcpServer.')) void this.plugin.mcpServer?.sync();
    // Provider groups show only for the active provider; the search key only for a provider that has one.
    if (requireApiVersion('1.13.0')) {
      if (VISIBILITY_KEYS.has(key)) this.refreshDomState();
    }
  }

  /** Fallback for Obsidian before 1.13, which has no declarative settings. */
  override display(): void {
    this.renderFallback();
  }

  /** Obsidian tears the rows down (running their cleanups) in super.hide(); before 1.13 the tab unloads its editors itself. */
  override hide(): void {
    for (const cleanup of this.fallbackCleanups.splice(0)) cleanup();
    for (const editor of this.editors) editor.unload();
    this.editors.clear();
    super.hide();
  }

  private renderFallback(): void {
    this.hide();
    this.containerEl.empty();
    this.fallbackCleanups = renderSettingDefinitions(this.containerEl, this.getSettingDefinitions(), {
      get: (key) => this.getControlValue(key),
      set: async (key, value) => {
        await this.setControlValue(key, value);
        if (VISIBILITY_KEYS.has(key)) this.renderFallback();
      },
    });
  }
}
