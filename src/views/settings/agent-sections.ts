// The settings tab's sections for the chat agents: one per agent (Scout, Web, Task) and one for the
// chat itself, declared for Obsidian 1.13's settings search like the rest of the tab. Scout's tools
// and Task's capabilities are stored as lists; the tab shows each entry as its own toggle, under a
// key of its own (`agents.scout.tool.NAME`, `agents.task.allow.CAPABILITY`) that
// `agentControlValue` reads and `agentControlChange` turns back into the stored list.
import type { App, Setting, SettingDefinitionItem, SettingGroupItem } from 'obsidian';
import { SecretComponent } from 'obsidian';
import { SCOUT_TOOL_NAMES, type ScoutToolName } from '../../agents/scout/scout-settings';
import { SEARCH_BASE_URLS } from '../../agents/web/search/create-web-search-provider';
import { SEARCH_PROVIDER_KINDS } from '../../agents/web/search/web-search-provider';
import { EDIT_CAPABILITIES, type EditCapability } from '../../edits/scope/scope-policy';
import type { ReeveSettings } from '../../settings/settings';
import { SCOUT_TOOL_LABELS, CAPABILITY_LABELS, SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NAMES } from './agent-labels';

const TOOL_KEY = 'agents.scout.tool.';
const ALLOW_KEY = 'agents.task.allow.';

/** The value a per-entry toggle shows, or undefined for keys that are stored as they are. */
export function agentControlValue(settings: ReeveSettings, key: string): boolean | undefined {
  if (key.startsWith(TOOL_KEY)) return !settings.agents.scout.disabledTools.includes(key.slice(TOOL_KEY.length) as ScoutToolName);
  if (key.startsWith(ALLOW_KEY)) return settings.agents.task.capabilities.includes(key.slice(ALLOW_KEY.length) as EditCapability);
  return undefined;
}

/** A per-entry toggle's change as the stored key and list; null for keys stored as they are. */
export function agentControlChange(settings: ReeveSettings, key: string, value: unknown): { key: string; value: unknown } | null {
  const on = value === true;
  if (key.startsWith(TOOL_KEY)) {
    const tool = key.slice(TOOL_KEY.length) as ScoutToolName;
    const rest = settings.agents.scout.disabledTools.filter((t) => t !== tool);
    return { key: 'agents.scout.disabledTools', value: on ? rest : [...rest, tool] };
  }
  if (key.startsWith(ALLOW_KEY)) {
    const capability = key.slice(ALLOW_KEY.length) as EditCapability;
    const rest = settings.agents.task.capabilities.filter((c) => c !== capability);
    // Kept in the canonical order, so the prompt and the stored list read the same way each time.
    return { key: 'agents.task.capabilities', value: EDIT_CAPABILITIES.filter((c) => (c === capability ? on : rest.includes(c))) };
  }
  return null;
}

/** Keys whose change shows or hides other settings (the tab re-renders after them). */
export const AGENT_VISIBILITY_KEYS = new Set(['agents.web.provider']);

export function chatGroup(): SettingDefinitionItem {
  return {
    type: 'group',
    heading: 'Chat',
    items: [
      { name: 'Chat folder', desc: 'Where "Export to note" writes a chat as a Markdown note. Like the plan folder, it is left out of what the agents search and read.', control: { type: 'text', key: 'agents.chatFolder', placeholder: 'Reeve/Chats' } },
      { name: 'Saved prompts folder', desc: 'Notes in this folder are prompts: type / in the chat\'s message box, or run the command "Run a saved prompt". Frontmatter may set name, agents (scout, web, task) and scope (current, linked, context); in the body, {{selection}} is the selected text and {{note}} a link to the current note. Empty: none. A folder behind a wall (an excluded folder, the plan or chat folder) is not read.', control: { type: 'text', key: 'agents.promptFolder', placeholder: 'Prompts' } },
      { name: 'Link depth', desc: 'When Scout is off, the context is the current note and the notes linked to it (both ways) this many links deep; 0 is the current note alone.', control: { type: 'slider', key: 'agents.context.depth', min: 0, max: 3, step: 1 } },
      { name: 'Same folder', desc: "When Scout is off, also every note in the current note's folder.", control: { type: 'toggle', key: 'agents.context.sameFolder' } },
    ],
  };
}

export function scoutGroup(): SettingDefinitionItem {
  const tools = SCOUT_TOOL_NAMES.filter((t) => t !== 'update_selection').map((tool) => ({
    name: SCOUT_TOOL_LABELS[tool].name,
    desc: `${SCOUT_TOOL_LABELS[tool].desc} Off: Scout is never told of it and cannot call it.`,
    aliases: [tool],
    control: { type: 'toggle' as const, key: `${TOOL_KEY}${tool}` },
  }));
  return {
    type: 'group',
    heading: 'Scout agent',
    items: [
      { name: 'Iterations', desc: 'Model calls Scout makes at most (2 to 10). At the limit, the notes selected so far stand.', control: { type: 'number', key: 'agents.scout.maxIterations', min: 2, max: 10 } },
      { name: 'Notes', desc: 'Notes Scout may select at most (3 to 50).', control: { type: 'number', key: 'agents.scout.maxNotes', min: 3, max: 50 } },
      { name: 'Keyword results', desc: 'Results of one keyword search (3 to 20).', control: { type: 'number', key: 'agents.scout.keywordLimit', min: 3, max: 20 } },
      { name: 'Show vault tags', desc: "Put the vault's tags, with counts, in Scout's first prompt.", control: { type: 'toggle', key: 'agents.scout.showVaultTags' } },
      ...tools,
    ],
  };
}

/**
 * A base URL row and a key row per search provider, shown while it is the chosen one: each provider
 * keeps its own, so switching providers never hands one provider's key or address to another.
 */
function endpointRows(app: App, settings: () => ReeveSettings, setSecret: (key: string, name: string) => void): SettingGroupItem[] {
  return SEARCH_PROVIDER_KINDS.flatMap((kind): SettingGroupItem[] => {
    const name = SEARCH_PROVIDER_NAMES[kind];
    const visible = (): boolean => settings().agents.web.provider === kind;
    const searx = kind === 'searxng';
    return [
      {
        name: `${name} API key`,
        desc: `${searx ? 'Only for an instance that asks for one (sent as a bearer token).' : `Sent only to ${name}.`} Stored in Obsidian's secret storage; the settings file keeps only the secret's name.`,
        aliases: ['search API key', kind],
        visible,
        render: (setting: Setting) => {
          new SecretComponent(app, setting.controlEl).setValue(settings().agents.web.apiKeySecrets[kind]).onChange((secret) => setSecret(`agents.web.apiKeySecrets.${kind}`, secret));
        },
      },
      {
        name: `${name} base URL`,
        desc: searx ? 'The address of your SearXNG instance, for example http://localhost:8888.' : `Leave empty for ${name}'s public endpoint.`,
        aliases: ['search base URL', kind],
        visible,
        control: { type: 'text', key: `agents.web.baseUrls.${kind}`, placeholder: kind === 'searxng' ? 'http://localhost:8888' : SEARCH_BASE_URLS[kind] },
      },
    ];
  });
}

export function webGroup(app: App, settings: () => ReeveSettings, setSecret: (key: string, name: string) => void): SettingDefinitionItem {
  return {
    type: 'group',
    heading: 'Web agent',
    items: [
      {
        name: 'Search provider',
        desc: 'Where the Web agent searches. It receives your search queries, never your notes. Pages are fetched only from the results it returns.',
        control: { type: 'dropdown', key: 'agents.web.provider', options: { none: 'None', ...SEARCH_PROVIDER_LABELS } },
      },
      ...endpointRows(app, settings, setSecret),
      { name: 'Search results', desc: 'Results asked of the provider per search (3 to 15).', control: { type: 'number', key: 'agents.web.results', min: 3, max: 15 } },
      { name: 'Pages read', desc: 'Pages fetched at most per request (1 to 5).', control: { type: 'number', key: 'agents.web.pages', min: 1, max: 5 } },
      { name: 'Page token budget', desc: 'Tokens of page text kept at most per request (2,000 to 20,000); the passages most relevant to the question are kept first.', control: { type: 'number', key: 'agents.web.tokenBudget', min: 2000, max: 20000 } },
      { name: 'Search automatically', desc: 'First ask whether the notes already answer the request, and search only when they do not. Off: always search.', control: { type: 'toggle', key: 'agents.web.automatic' } },
      { name: 'Allow private hosts', desc: 'Let the Web agent read pages on private, loopback and link-local addresses (your router, a local server). Off by default.', control: { type: 'toggle', key: 'agents.web.allowPrivateHosts' } },
    ],
  };
}

export function taskGroup(): SettingDefinitionItem {
  const allow = EDIT_CAPABILITIES.map((capability) => ({
    name: CAPABILITY_LABELS[capability].name,
    desc: CAPABILITY_LABELS[capability].desc,
    aliases: [capability, 'capabilities'],
    control: { type: 'toggle' as const, key: `${ALLOW_KEY}${capability}` },
  }));
  return {
    type: 'group',
    heading: 'Task agent',
    items: [
      {
        name: 'Edit scope',
        desc: 'Which notes the Task agent may propose edits to. Checked in code when an edit is proposed and again when you accept it.',
        control: { type: 'dropdown', key: 'agents.task.scope', options: { current: 'The current note', linked: 'The current note and the notes it links to', context: 'Every note in the context' } },
      },
      ...allow,
      { name: 'History length', desc: 'Earlier chat messages sent with each request (0 to 100), with what came of each proposed edit.', control: { type: 'number', key: 'agents.task.historyLength', min: 0, max: 100 } },
      { name: 'Context token limit', desc: 'Tokens of notes the Task agent reads at most (at least 3,000). Over it, the least relevant notes are left out and the chat says which.', control: { type: 'number', key: 'agents.task.tokenLimit', min: 3000 } },
    ],
  };
}
