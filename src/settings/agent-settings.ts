// The chat agents' settings in data.json: which agents run (Scout, Web, Task; at least one), each
// agent's own settings, the context used when Scout is off, and the folder chats are exported to.
// Validated on load like the rest of the settings: a bad value is reset alone, with a problem
// that names it, and never costs the user the others. The web search keys are never stored here,
// only, per search provider, the name of the secret that holds its key (search-endpoints.ts).
import { DEFAULT_SCOUT_SETTINGS, SCOUT_LIMITS, SCOUT_TOOL_NAMES, type ScoutSettings, type ScoutToolName } from '../agents/scout/scout-settings';
import { DEFAULT_TASK_SETTINGS, TASK_LIMITS, type TaskSettings } from '../agents/task/task-settings';
import { DEFAULT_WEB_SETTINGS, type WebAgentSettings } from '../agents/web/web-settings';
import { SEARCH_PROVIDER_KINDS, type SearchProviderKind } from '../agents/web/search/web-search-provider';
import { EDIT_CAPABILITIES, type EditCapability } from '../edits/scope/scope-policy';
import { isRecord, readBoolean, readChoice, readNumber, readString, vaultFolder } from './read-fields';
import { perSearchProvider, readSearchBaseUrls, readSearchKeySecrets, type PerSearchProvider } from './search-endpoints';

export type AgentName = 'scout' | 'web' | 'task';

export interface WebAgentChoice extends WebAgentSettings {
  /** The search provider; `none` until the user picks one (the Web agent cannot run without). */
  provider: SearchProviderKind | 'none';
  /** Per search provider, its base URL: empty for its public endpoint; required for SearXNG. */
  baseUrls: PerSearchProvider;
  /** Per search provider, the name of the secret in SecretStorage that holds its key; empty for none. */
  apiKeySecrets: PerSearchProvider;
}

export interface ContextSettings {
  /** Link depth 0-3 of the context when Scout is off. */
  depth: number;
  /** Also every note in the current note's folder. */
  sameFolder: boolean;
}

export interface AgentSettings {
  /** The chat's agent toggles (persisted); at least one is on. */
  agents: Record<AgentName, boolean>;
  scout: ScoutSettings;
  task: TaskSettings;
  web: WebAgentChoice;
  context: ContextSettings;
  /** Where "Export to note" writes chats; left out of Scout's search like the plan folder. */
  chatFolder: string;
  /** The folder of saved prompts (notes) that `/` in the composer lists; '' for none. */
  promptFolder: string;
}

export const TASK_SCOPES = ['current', 'linked', 'context'] as const;
export const WEB_LIMITS = { results: [3, 15], pages: [1, 5], tokenBudget: [2000, 20000] } as const;
export const TASK_CORRECTIONS_MAX = 3;

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  agents: { scout: false, web: false, task: true },
  scout: DEFAULT_SCOUT_SETTINGS,
  task: DEFAULT_TASK_SETTINGS,
  web: { ...DEFAULT_WEB_SETTINGS, provider: 'none', baseUrls: perSearchProvider(), apiKeySecrets: perSearchProvider() },
  context: { depth: 2, sameFolder: false },
  chatFolder: 'Reeve/Chats',
  promptFolder: '',
};

function defaults(): AgentSettings {
  return structuredClone(DEFAULT_AGENT_SETTINGS);
}

/** `raw` as an object, or null (with a problem when it was something else). */
function section(raw: unknown, where: string, problems: string[]): Record<string, unknown> | null {
  if (raw === undefined) return null;
  if (isRecord(raw)) return raw;
  problems.push(`${where} should be an object; using defaults`);
  return null;
}

function int(raw: Record<string, unknown>, key: string, where: string, problems: string[], fallback: number, [min, max]: readonly [number, number]): number {
  return readNumber(raw, key, where, problems, fallback, { min, max, integer: true });
}

function readToggles(raw: unknown, problems: string[]): Record<AgentName, boolean> {
  const d = DEFAULT_AGENT_SETTINGS.agents;
  const r = section(raw, 'agents.agents', problems);
  if (r === null) return { ...d };
  const out = { scout: readBoolean(r, 'scout', 'agents.agents', problems, d.scout), web: readBoolean(r, 'web', 'agents.agents', problems, d.web), task: readBoolean(r, 'task', 'agents.agents', problems, d.task) };
  if (!out.scout && !out.web && !out.task) {
    problems.push('agents.agents has every agent off; at least one must be on, so Task is on');
    out.task = true;
  }
  return out;
}

function readScout(raw: unknown, problems: string[]): ScoutSettings {
  const d = DEFAULT_SCOUT_SETTINGS;
  const where = 'agents.scout';
  const r = section(raw, where, problems);
  if (r === null) return structuredClone(d);
  const disabledTools: ScoutToolName[] = [];
  if (r.disabledTools !== undefined && !Array.isArray(r.disabledTools)) problems.push(`${where}.disabledTools should be a list of tool names; every tool is on`);
  for (const t of Array.isArray(r.disabledTools) ? (r.disabledTools as unknown[]) : []) {
    if (t === 'update_selection') problems.push(`${where}.disabledTools: update_selection cannot be turned off (it is how Scout answers); left on`);
    else if (typeof t !== 'string' || !(SCOUT_TOOL_NAMES as readonly string[]).includes(t)) problems.push(`${where}.disabledTools: ${JSON.stringify(t)} is not a Scout tool; left out`);
    else if (!disabledTools.includes(t as ScoutToolName)) disabledTools.push(t as ScoutToolName);
  }
  return {
    disabledTools,
    maxIterations: int(r, 'maxIterations', where, problems, d.maxIterations, SCOUT_LIMITS.maxIterations),
    maxNotes: int(r, 'maxNotes', where, problems, d.maxNotes, SCOUT_LIMITS.maxNotes),
    keywordLimit: int(r, 'keywordLimit', where, problems, d.keywordLimit, SCOUT_LIMITS.keywordLimit),
    showVaultTags: readBoolean(r, 'showVaultTags', where, problems, d.showVaultTags),
  };
}

function readTask(raw: unknown, problems: string[]): TaskSettings {
  const d = DEFAULT_TASK_SETTINGS;
  const where = 'agents.task';
  const r = section(raw, where, problems);
  if (r === null) return structuredClone(d);
  let capabilities: EditCapability[] = [...d.capabilities];
  if (r.capabilities !== undefined) {
    if (!Array.isArray(r.capabilities)) problems.push(`${where}.capabilities should be a list of ${EDIT_CAPABILITIES.join(', ')}; using all four`);
    else {
      capabilities = [];
      for (const c of r.capabilities as unknown[]) {
        if (typeof c === 'string' && (EDIT_CAPABILITIES as readonly string[]).includes(c)) {
          if (!capabilities.includes(c as EditCapability)) capabilities.push(c as EditCapability);
        } else problems.push(`${where}.capabilities: ${JSON.stringify(c)} is not one of ${EDIT_CAPABILITIES.join(', ')}; left out`);
      }
    }
  }
  return {
    scope: readChoice(r, 'scope', where, TASK_SCOPES, problems, d.scope),
    capabilities,
    historyLength: int(r, 'historyLength', where, problems, d.historyLength, TASK_LIMITS.historyLength),
    tokenLimit: int(r, 'tokenLimit', where, problems, d.tokenLimit, TASK_LIMITS.tokenLimit),
    corrections: int(r, 'corrections', where, problems, d.corrections, [0, TASK_CORRECTIONS_MAX]),
  };
}

function readWeb(raw: unknown, problems: string[]): WebAgentChoice {
  const d = DEFAULT_AGENT_SETTINGS.web;
  const where = 'agents.web';
  const r = section(raw, where, problems);
  if (r === null) return structuredClone(d);
  const provider = readChoice(r, 'provider', where, ['none', ...SEARCH_PROVIDER_KINDS] as const, problems, d.provider);
  return {
    provider,
    baseUrls: readSearchBaseUrls(r, where, provider, problems),
    apiKeySecrets: readSearchKeySecrets(r, where, provider, problems),
    results: int(r, 'results', where, problems, d.results, WEB_LIMITS.results),
    pages: int(r, 'pages', where, problems, d.pages, WEB_LIMITS.pages),
    tokenBudget: int(r, 'tokenBudget', where, problems, d.tokenBudget, WEB_LIMITS.tokenBudget),
    automatic: readBoolean(r, 'automatic', where, problems, d.automatic),
    allowPrivateHosts: readBoolean(r, 'allowPrivateHosts', where, problems, d.allowPrivateHosts),
  };
}

function readContext(raw: unknown, problems: string[]): ContextSettings {
  const d = DEFAULT_AGENT_SETTINGS.context;
  const r = section(raw, 'agents.context', problems);
  if (r === null) return { ...d };
  return { depth: int(r, 'depth', 'agents.context', problems, d.depth, [0, 3]), sameFolder: readBoolean(r, 'sameFolder', 'agents.context', problems, d.sameFolder) };
}

function readChatFolder(r: Record<string, unknown>, problems: string[]): string {
  const text = readString(r, 'chatFolder', 'agents', problems, DEFAULT_AGENT_SETTINGS.chatFolder);
  const folder = vaultFolder(text);
  if (folder !== null) return folder;
  problems.push(`agents.chatFolder "${text.trim()}" is not a vault folder; using "${DEFAULT_AGENT_SETTINGS.chatFolder}"`);
  return DEFAULT_AGENT_SETTINGS.chatFolder;
}

function readPromptFolder(r: Record<string, unknown>, problems: string[]): string {
  const text = readString(r, 'promptFolder', 'agents', problems, '');
  if (text.trim() === '') return '';
  const folder = vaultFolder(text);
  if (folder !== null) return folder;
  problems.push(`agents.promptFolder "${text.trim()}" is not a vault folder; no saved prompts are listed`);
  return '';
}

/** Validates `settings.agents` as stored; every problem is pushed to `problems`, one per line. */
export function readAgentSettings(raw: unknown, problems: string[]): AgentSettings {
  if (raw === undefined) return defaults();
  if (!isRecord(raw)) {
    problems.push('settings.agents should be an object; the agents use their defaults');
    return defaults();
  }
  return {
    agents: readToggles(raw.agents, problems),
    scout: readScout(raw.scout, problems),
    task: readTask(raw.task, problems),
    web: readWeb(raw.web, problems),
    context: readContext(raw.context, problems),
    chatFolder: readChatFolder(raw, problems),
    promptFolder: readPromptFolder(raw, problems),
  };
}
