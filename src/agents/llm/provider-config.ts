// Where requests go. API keys are not part of the configuration: the plugin keeps the *name* of a
// secret in Obsidian's SecretStorage, and the CLI reads the key from the environment.

export const PROVIDER_KINDS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * How the plugin reaches the provider: `fetch` streams and can be cancelled mid-reply but is
 * subject to CORS; `requestUrl` has no CORS limits and works on mobile, but buffers whole replies
 * and cannot be cancelled mid-flight. The CLI always uses Node's fetch.
 */
export const TRANSPORTS = ['fetch', 'requestUrl'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface ProviderConfig {
  /** Names the provider in model profiles: `openai`, `anthropic`, `ollama`, `openrouter`... */
  id: string;
  kind: ProviderKind;
  /** Empty means the provider's public endpoint; required for `openai-compatible`. */
  baseUrl: string;
  /** Name of the secret holding the API key; empty for keyless local servers. */
  apiKeySecret: string;
  transport: Transport;
  /** How long to wait for a response to start, and for each piece of a streamed reply. */
  timeoutMs: number;
  /** Extra headers sent with every request (OpenRouter's `HTTP-Referer`, `X-Title`). */
  headers: Record<string, string>;
}

export const OFFICIAL_BASE_URLS: Record<Exclude<ProviderKind, 'openai-compatible'>, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

export const DEFAULT_TIMEOUT_MS = 120_000;

export const DEFAULT_PROVIDERS: readonly ProviderConfig[] = [
  { id: 'openai', kind: 'openai', baseUrl: '', apiKeySecret: '', transport: 'fetch', timeoutMs: DEFAULT_TIMEOUT_MS, headers: {} },
  { id: 'anthropic', kind: 'anthropic', baseUrl: '', apiKeySecret: '', transport: 'fetch', timeoutMs: DEFAULT_TIMEOUT_MS, headers: {} },
  // Ollama's OpenAI-compatible endpoint; from the app it needs OLLAMA_ORIGINS=app://obsidian.md* (or requestUrl).
  { id: 'ollama', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', apiKeySecret: '', transport: 'fetch', timeoutMs: 300_000, headers: {} },
  { id: 'lmstudio', kind: 'openai-compatible', baseUrl: 'http://localhost:1234/v1', apiKeySecret: '', transport: 'fetch', timeoutMs: 300_000, headers: {} },
];

/** The base URL requests go to. */
export function effectiveBaseUrl(provider: ProviderConfig): string {
  if (provider.baseUrl !== '') return provider.baseUrl.replace(/\/+$/, '');
  return provider.kind === 'openai-compatible' ? '' : OFFICIAL_BASE_URLS[provider.kind];
}

/** The environment variable the CLI reads the key from. */
export function apiKeyEnvVar(kind: ProviderKind): string {
  if (kind === 'openai') return 'OPENAI_API_KEY';
  if (kind === 'anthropic') return 'ANTHROPIC_API_KEY';
  return 'REEVE_API_KEY';
}
