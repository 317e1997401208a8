// Building a client from settings. The plugin passes `allowBrowser: true` (it runs in Electron's
// renderer, where the wire clients refuse to send a key otherwise) and its chosen transport; the CLI passes
// `allowBrowser: false` and Node's fetch.

import { checkedApiKey } from './api-key';
import { ChatClient } from './chat-client';
import { systemClock, type Clock } from './clock';
import type { FetchLike } from './fetch-like';
import type { LlmClient } from './llm-client';
import { lazyDriver } from './lazy-driver';
import { LlmError } from './llm-error';
import { modelForPhase, type LlmSettings } from './llm-settings';
import type { ModelProfile, Phase } from './model-profile';
import type { ProviderConfig } from './provider-config';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { TextToolClient } from './text-tool-client';

export interface CreateLlmClientOptions {
  provider: ProviderConfig;
  profile: ModelProfile;
  /** The key itself (from SecretStorage or the environment); empty or absent for keyless servers. */
  apiKey?: string;
  /** The transport: native or Node fetch, or the plugin's requestUrl fetch. */
  fetch: FetchLike;
  /** True only in the plugin bundle. */
  allowBrowser: boolean;
  clock?: Clock;
  random?: () => number;
  retryPolicy?: Partial<RetryPolicy>;
}

export function createLlmClient(options: CreateLlmClientOptions): LlmClient {
  const { provider, profile } = options;
  if (profile.provider !== provider.id) {
    throw new LlmError('config', `Model profile "${profile.id}" belongs to provider "${profile.provider}", not "${provider.id}".`);
  }
  const apiKey = checkedApiKey(provider, options.apiKey);
  const driverOptions = {
    provider,
    profile,
    apiKey,
    fetch: options.fetch,
    allowBrowser: options.allowBrowser,
  };
  // The driver and its wire client are loaded on the first request (lazy-driver.ts).
  const driver = lazyDriver(async () =>
    provider.kind === 'anthropic'
      ? (await import('./anthropic-driver')).createAnthropicDriver(driverOptions)
      : (await import('./openai-driver')).createOpenAiDriver(driverOptions),
  );
  const client = new ChatClient({
    provider,
    profile,
    driver,
    secrets: apiKey === '' ? [] : [apiKey],
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, ...options.retryPolicy },
  });
  return profile.toolFormat === 'native' ? client : new TextToolClient(client, profile.toolFormat);
}

export interface PhaseClientDeps {
  /** The key for a provider (SecretStorage in the plugin, the environment in the CLI). */
  apiKeyFor: (provider: ProviderConfig) => string | undefined;
  fetchFor: (provider: ProviderConfig) => FetchLike;
  allowBrowser: boolean;
  clock?: Clock;
}

/** The client for a phase (`explore` or `plan`) as the settings choose it. */
export function createClientForPhase(settings: LlmSettings, phase: Phase, deps: PhaseClientDeps): LlmClient {
  const { provider, profile } = modelForPhase(settings, phase);
  return createLlmClient({
    provider,
    profile,
    apiKey: deps.apiKeyFor(provider),
    fetch: deps.fetchFor(provider),
    allowBrowser: deps.allowBrowser,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
}
