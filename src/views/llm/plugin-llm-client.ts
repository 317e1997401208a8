// Builds the LLM client for a phase inside Obsidian: the key comes from Obsidian's SecretStorage
// by the secret's name (data.json never holds it), the transport is the one chosen in settings,
// and the wire clients are allowed to run in the app's renderer (`allowBrowser`).
import type { App } from 'obsidian';
import { createLlmClient, type CreateLlmClientOptions } from '../../agents/llm/create-client';
import type { LlmClient } from '../../agents/llm/llm-client';
import { modelForPhase } from '../../agents/llm/llm-settings';
import type { Phase } from '../../agents/llm/model-profile';
import { pluginFetch } from '../../agents/llm/obsidian-request-fetch';
import { llmSettingsOf } from '../../settings/llm-from-settings';
import type { ReeveSettings } from '../../settings/settings';

export type PluginClientResult = { ok: true; client: LlmClient } | { ok: false; reason: string };
export type PluginClientOptions = { ok: true; options: CreateLlmClientOptions } | { ok: false; reason: string };

/** What a client for `phase` is made of (provider, profile, key, transport), or why there is none. */
export function pluginClientOptions(app: App, settings: ReeveSettings, phase: Phase): PluginClientOptions {
  const llm = llmSettingsOf(settings);
  if (llm === null) return { ok: false, reason: 'no provider is configured (Reeve is offline)' };
  if (!llm.ok) return { ok: false, reason: `the model settings need fixing: ${llm.problems.join('; ')}` };
  try {
    const { provider, profile } = modelForPhase(llm.settings, phase);
    const apiKey = provider.apiKeySecret === '' ? undefined : (app.secretStorage.getSecret(provider.apiKeySecret) ?? undefined);
    return { ok: true, options: { provider, profile, ...(apiKey !== undefined ? { apiKey } : {}), fetch: pluginFetch(provider.transport), allowBrowser: true } };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

/** The client for `phase`, or why there is none (offline, bad settings, no key). */
export function pluginLlmClient(app: App, settings: ReeveSettings, phase: Phase): PluginClientResult {
  const made = pluginClientOptions(app, settings, phase);
  if (!made.ok) return made;
  try {
    return { ok: true, client: createLlmClient(made.options) };
  } catch (e) {
    // Config errors (no key, no base URL) are for the user; they never contain the key itself.
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}
