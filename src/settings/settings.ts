// Reeve's settings as stored in data.json, their defaults, and the validation that runs on load.
// API keys are never stored here: a provider keeps the *name* of a secret in Obsidian's
// SecretStorage (or, in the CLI, reads the key from the environment). Each part is validated in
// its own file: rules (rule-settings), models (model-choice), automatic mode (automatic-settings),
// the chat agents (agent-settings).
import { type AgentSettings, DEFAULT_AGENT_SETTINGS, readAgentSettings } from './agent-settings';
import { type AutomaticSettings, DEFAULT_AUTOMATIC, readAutomatic } from './automatic-settings';
import { DEFAULT_MCP_SERVER, type McpServerSettings, readMcpServer } from './mcp-server-settings';
import { type ModelChoice, modelChoice, readModelChoice } from './model-choice';
import { isRecord, readBoolean, readChoice, readFolderList, readString, vaultFolder } from './read-fields';
import { readRules, type SavedRule } from './rule-settings';
import { DEFAULT_SCORING, readScoring, type ScoringSettings } from './scoring-settings';
import { DEFAULT_SEMANTIC, readSemantic, type SemanticSettings } from './semantic-settings';

export const PROVIDER_IDS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** How requests reach the provider from inside Obsidian. */
export const TRANSPORTS = ['fetch', 'requestUrl'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** Agents pick a model per phase: a cheap one to explore, a stronger one to plan. */
export const MODEL_PHASES = ['explore', 'plan'] as const;
export type ModelPhase = (typeof MODEL_PHASES)[number];

export interface ProviderSettings {
  /** Empty means the provider's public endpoint. */
  baseUrl: string;
  /** Name of the secret in SecretStorage that holds the API key; empty for none. */
  apiKeySecret: string;
  transport: Transport;
  explore: ModelChoice;
  plan: ModelChoice;
}

export interface ReeveSettings {
  /** Which provider the agents use; `none` keeps Reeve fully offline. */
  activeProvider: ProviderId | 'none';
  providers: Record<ProviderId, ProviderSettings>;
  /** Folder for organize plan notes. */
  planFolder: string;
  /** Organize rules, first source of every plan and the only one automatic mode uses. */
  rules: SavedRule[];
  /** Folders organize never reads from or writes into. */
  excludedFolders: string[];
  /** Whether organize may plan trash operations at all. */
  allowTrash: boolean;
  /** Whether rules may move files out of the folder being organized ("thenMoveTo": "/..."). */
  allowOutside: boolean;
  /** Whether the organize agent may write rules that set tags and properties (your own rules always may). */
  agentRuleEdits: boolean;
  /** Whether organize offers the folder's naming conventions before planning (off: never asks). */
  suggestNaming: boolean;
  /** When organize's similarity scores move a folder whole, split one, or file a loose file. */
  organizeScoring: ScoringSettings;
  automatic: AutomaticSettings;
  /** The semantic index (embeddings of every note); off by default. */
  semanticIndex: SemanticSettings;
  /** The chat agents (Scout, Web, Task), their context and the chat folder. */
  agents: AgentSettings;
  /** The MCP endpoint for other agents (desktop only); off by default. */
  mcpServer: McpServerSettings;
}

export const DEFAULT_SETTINGS: ReeveSettings = {
  activeProvider: 'none',
  providers: {
    openai: { baseUrl: '', apiKeySecret: '', transport: 'fetch', explore: modelChoice('gpt-4.1-mini'), plan: modelChoice('gpt-4.1') },
    anthropic: { baseUrl: '', apiKeySecret: '', transport: 'requestUrl', explore: modelChoice('claude-haiku-4-5'), plan: modelChoice('claude-sonnet-4-5') },
    'openai-compatible': { baseUrl: 'http://localhost:11434/v1', apiKeySecret: '', transport: 'fetch', explore: modelChoice('qwen2.5:7b'), plan: modelChoice('qwen2.5:7b') },
  },
  planFolder: 'Reeve/Plans',
  rules: [],
  excludedFolders: [],
  allowTrash: false,
  allowOutside: false,
  agentRuleEdits: false,
  suggestNaming: false,
  organizeScoring: DEFAULT_SCORING,
  automatic: DEFAULT_AUTOMATIC,
  semanticIndex: DEFAULT_SEMANTIC,
  agents: DEFAULT_AGENT_SETTINGS,
  mcpServer: DEFAULT_MCP_SERVER,
};

export interface LoadedSettings {
  settings: ReeveSettings;
  /** What was wrong with the stored data, one line per problem; empty when it was fine. */
  problems: string[];
  /** True when the stored data was unusable as a whole and defaults were used. */
  usedDefaults: boolean;
}

function cloneDefaults(): ReeveSettings {
  return structuredClone(DEFAULT_SETTINGS);
}

function readProvider(raw: unknown, id: ProviderId, problems: string[]): ProviderSettings {
  const fallback = DEFAULT_SETTINGS.providers[id];
  if (raw === undefined) return structuredClone(fallback);
  const where = `providers.${id}`;
  if (!isRecord(raw)) {
    problems.push(`${where} should be an object; using defaults`);
    return structuredClone(fallback);
  }
  // Before per-phase models there was one `model`: it becomes the planning model.
  const legacyPlan = typeof raw.model === 'string' && raw.plan === undefined ? { model: raw.model } : raw.plan;
  return {
    baseUrl: readString(raw, 'baseUrl', where, problems, fallback.baseUrl),
    apiKeySecret: readString(raw, 'apiKeySecret', where, problems, fallback.apiKeySecret),
    transport: readChoice(raw, 'transport', where, TRANSPORTS, problems, fallback.transport),
    explore: readModelChoice(raw.explore, `${where}.explore`, problems, fallback.explore),
    plan: readModelChoice(legacyPlan, `${where}.plan`, problems, fallback.plan),
  };
}

const KNOWN_KEYS = new Set(Object.keys(DEFAULT_SETTINGS));

/**
 * Validates what `loadData()` returned. `null`/`undefined` (first run) gives defaults silently.
 * Data that is not an object, or an object with none of Reeve's keys (another plugin's file),
 * gives defaults and a problem. Individual bad fields fall back one by one.
 */
export function parseSettings(raw: unknown): LoadedSettings {
  if (raw === null || raw === undefined) return { settings: cloneDefaults(), problems: [], usedDefaults: false };
  if (!isRecord(raw)) {
    return { settings: cloneDefaults(), problems: [`settings data is ${Array.isArray(raw) ? 'a list' : typeof raw}, not an object`], usedDefaults: true };
  }
  const keys = Object.keys(raw);
  if (keys.length > 0 && !keys.some((k) => KNOWN_KEYS.has(k))) {
    return { settings: cloneDefaults(), problems: [`settings data has none of Reeve's settings (found ${keys.slice(0, 5).join(', ')})`], usedDefaults: true };
  }
  const problems: string[] = [];
  const providersRaw = raw.providers;
  if (providersRaw !== undefined && !isRecord(providersRaw)) problems.push('providers should be an object; using defaults');
  const providersObj = isRecord(providersRaw) ? providersRaw : {};
  const providers = Object.fromEntries(PROVIDER_IDS.map((id) => [id, readProvider(providersObj[id], id, problems)])) as Record<ProviderId, ProviderSettings>;
  const settings: ReeveSettings = {
    activeProvider: readChoice(raw, 'activeProvider', 'settings', ['none', ...PROVIDER_IDS] as const, problems, DEFAULT_SETTINGS.activeProvider),
    providers,
    planFolder: readPlanFolder(raw, problems),
    rules: readRules(raw.rules, problems),
    excludedFolders: readFolderList(raw, 'excludedFolders', 'settings', problems),
    allowTrash: readBoolean(raw, 'allowTrash', 'settings', problems, DEFAULT_SETTINGS.allowTrash),
    suggestNaming: readBoolean(raw, 'suggestNaming', 'settings', problems, DEFAULT_SETTINGS.suggestNaming),
    allowOutside: readBoolean(raw, 'allowOutside', 'settings', problems, DEFAULT_SETTINGS.allowOutside),
    agentRuleEdits: readBoolean(raw, 'agentRuleEdits', 'settings', problems, DEFAULT_SETTINGS.agentRuleEdits),
    organizeScoring: readScoring(raw.organizeScoring, problems),
    automatic: readAutomatic(raw.automatic, problems),
    semanticIndex: readSemantic(raw.semanticIndex, problems),
    agents: readAgentSettings(raw.agents, problems),
    mcpServer: readMcpServer(raw.mcpServer, problems),
  };
  return { settings, problems, usedDefaults: false };
}

function readPlanFolder(raw: Record<string, unknown>, problems: string[]): string {
  const text = readString(raw, 'planFolder', 'settings', problems, DEFAULT_SETTINGS.planFolder);
  const folder = vaultFolder(text);
  if (folder === null) {
    problems.push(`settings.planFolder "${text.trim()}" is not a vault folder; using "${DEFAULT_SETTINGS.planFolder}"`);
    return DEFAULT_SETTINGS.planFolder;
  }
  return folder;
}

/** Reads a dotted settings key such as `providers.openai.plan.model`. */
export function getSettingValue(settings: ReeveSettings, key: string): unknown {
  let node: unknown = settings;
  for (const part of key.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * Sets a dotted settings key and re-validates the whole object, so a value the UI let through
 * but the loader would refuse never reaches data.json. Returns the new problems, if any (a rule
 * already turned off for an error does not block changing an unrelated setting).
 */
export function setSettingValue(settings: ReeveSettings, key: string, value: unknown): string[] {
  const draft = structuredClone(settings) as unknown as Record<string, unknown>;
  const parts = key.split('.');
  let node: Record<string, unknown> = draft;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!isRecord(next)) return [`unknown setting ${key}`];
    node = next;
  }
  const last = parts[parts.length - 1] ?? '';
  if (!(last in node)) return [`unknown setting ${key}`];
  node[last] = value;
  const before = new Set(parseSettings(structuredClone(settings)).problems);
  const checked = parseSettings(draft);
  const fresh = checked.problems.filter((p) => !before.has(p));
  if (fresh.length > 0) return fresh;
  Object.assign(settings, checked.settings);
  return [];
}
