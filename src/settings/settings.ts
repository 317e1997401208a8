// Steward's settings as stored in data.json, their defaults, and the validation that runs on load.
// API keys are never stored here: a provider keeps the *name* of a secret in Obsidian's
// SecretStorage (or, in the CLI, reads the key from the environment).

export const PROVIDER_IDS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** How requests reach the provider from inside Obsidian. */
export const TRANSPORTS = ['fetch', 'requestUrl'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface ProviderSettings {
  model: string;
  /** Empty means the provider's public endpoint. */
  baseUrl: string;
  /** Name of the secret in SecretStorage that holds the API key; empty for none. */
  apiKeySecret: string;
  transport: Transport;
}

export interface StewardSettings {
  /** Which provider the agents use; `none` keeps Steward fully offline. */
  activeProvider: ProviderId | 'none';
  providers: Record<ProviderId, ProviderSettings>;
  /** Folder for organize plan notes. */
  planFolder: string;
}

export const DEFAULT_SETTINGS: StewardSettings = {
  activeProvider: 'none',
  providers: {
    openai: { model: 'gpt-4.1-mini', baseUrl: '', apiKeySecret: '', transport: 'fetch' },
    anthropic: { model: 'claude-sonnet-4-5', baseUrl: '', apiKeySecret: '', transport: 'requestUrl' },
    'openai-compatible': { model: 'qwen2.5:7b', baseUrl: 'http://localhost:11434/v1', apiKeySecret: '', transport: 'fetch' },
  },
  planFolder: 'Steward/Plans',
};

export interface LoadedSettings {
  settings: StewardSettings;
  /** What was wrong with the stored data, one line per problem; empty when it was fine. */
  problems: string[];
  /** True when the stored data was unusable as a whole and defaults were used. */
  usedDefaults: boolean;
}

function cloneDefaults(): StewardSettings {
  return structuredClone(DEFAULT_SETTINGS);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readString(obj: Record<string, unknown>, key: string, where: string, problems: string[], fallback: string): string {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v === 'string') return v;
  problems.push(`${where}.${key} should be text, found ${typeof v}; using "${fallback}"`);
  return fallback;
}

function readChoice<T extends string>(obj: Record<string, unknown>, key: string, where: string, choices: readonly T[], problems: string[], fallback: T): T {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v === 'string' && (choices as readonly string[]).includes(v)) return v as T;
  problems.push(`${where}.${key} should be one of ${choices.join(', ')}, found ${JSON.stringify(v)}; using "${fallback}"`);
  return fallback;
}

function readProvider(raw: unknown, id: ProviderId, problems: string[]): ProviderSettings {
  const fallback = DEFAULT_SETTINGS.providers[id];
  if (raw === undefined) return { ...fallback };
  const where = `providers.${id}`;
  if (!isRecord(raw)) {
    problems.push(`${where} should be an object; using defaults`);
    return { ...fallback };
  }
  return {
    model: readString(raw, 'model', where, problems, fallback.model),
    baseUrl: readString(raw, 'baseUrl', where, problems, fallback.baseUrl),
    apiKeySecret: readString(raw, 'apiKeySecret', where, problems, fallback.apiKeySecret),
    transport: readChoice(raw, 'transport', where, TRANSPORTS, problems, fallback.transport),
  };
}

const KNOWN_KEYS = new Set(['activeProvider', 'providers', 'planFolder']);

/**
 * Validates what `loadData()` returned. `null`/`undefined` (first run) gives defaults silently.
 * Data that is not an object, or an object with none of Steward's keys (another plugin's file),
 * gives defaults and a problem. Individual bad fields fall back one by one.
 */
export function parseSettings(raw: unknown): LoadedSettings {
  if (raw === null || raw === undefined) return { settings: cloneDefaults(), problems: [], usedDefaults: false };
  if (!isRecord(raw)) {
    return { settings: cloneDefaults(), problems: [`settings data is ${Array.isArray(raw) ? 'a list' : typeof raw}, not an object`], usedDefaults: true };
  }
  const keys = Object.keys(raw);
  if (keys.length > 0 && !keys.some((k) => KNOWN_KEYS.has(k))) {
    return { settings: cloneDefaults(), problems: [`settings data has none of Steward's settings (found ${keys.slice(0, 5).join(', ')})`], usedDefaults: true };
  }
  const problems: string[] = [];
  const providersRaw = raw.providers;
  if (providersRaw !== undefined && !isRecord(providersRaw)) problems.push('providers should be an object; using defaults');
  const providersObj = isRecord(providersRaw) ? providersRaw : {};
  const providers = Object.fromEntries(PROVIDER_IDS.map((id) => [id, readProvider(providersObj[id], id, problems)])) as Record<ProviderId, ProviderSettings>;
  const settings: StewardSettings = {
    activeProvider: readChoice(raw, 'activeProvider', 'settings', ['none', ...PROVIDER_IDS] as const, problems, DEFAULT_SETTINGS.activeProvider),
    providers,
    planFolder: readFolder(raw, problems),
  };
  return { settings, problems, usedDefaults: false };
}

function readFolder(raw: Record<string, unknown>, problems: string[]): string {
  const folder = readString(raw, 'planFolder', 'settings', problems, DEFAULT_SETTINGS.planFolder).trim();
  if (folder === '' || folder.startsWith('/') || folder.split('/').includes('..')) {
    problems.push(`settings.planFolder "${folder}" is not a vault folder; using "${DEFAULT_SETTINGS.planFolder}"`);
    return DEFAULT_SETTINGS.planFolder;
  }
  return folder;
}

/** Reads a dotted settings key such as `providers.openai.model`. */
export function getSettingValue(settings: StewardSettings, key: string): unknown {
  let node: unknown = settings;
  for (const part of key.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * Sets a dotted settings key and re-validates the whole object, so a value the UI let through
 * but the loader would refuse never reaches data.json. Returns the problems, if any.
 */
export function setSettingValue(settings: StewardSettings, key: string, value: unknown): string[] {
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
  const checked = parseSettings(draft);
  if (checked.problems.length > 0) return checked.problems;
  Object.assign(settings, checked.settings);
  return [];
}
