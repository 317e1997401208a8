// The semantic index's embedder inside Obsidian: the embedding provider's connection (base URL,
// transport, key by its secret's name in SecretStorage) from that provider's settings, and the
// model and dimensions from the semantic index's.
import type { App } from 'obsidian';
import { createEmbedder, embeddingPrice } from '../../agents/llm/embedder-adapter';
import { pluginFetch } from '../../agents/llm/obsidian-request-fetch';
import { DEFAULT_TIMEOUT_MS, type ProviderConfig } from '../../agents/llm/provider-config';
import type { ReeveSettings } from '../../settings/settings';
import type { Embedder } from '../../search/semantic/types';

export type PluginEmbedderResult = { ok: true; embedder: Embedder; price: number | null } | { ok: false; reason: string };

export function pluginEmbedder(app: App, settings: ReeveSettings): PluginEmbedderResult {
  const s = settings.semanticIndex;
  const p = settings.providers[s.provider];
  const provider: ProviderConfig = { id: s.provider, kind: s.provider, baseUrl: p.baseUrl, apiKeySecret: p.apiKeySecret, transport: p.transport, timeoutMs: DEFAULT_TIMEOUT_MS, headers: {} };
  try {
    const apiKey = p.apiKeySecret === '' ? undefined : (app.secretStorage.getSecret(p.apiKeySecret) ?? undefined);
    const embedder = createEmbedder({ provider, model: s.model, ...(apiKey === undefined ? {} : { apiKey }), fetch: pluginFetch(p.transport), allowBrowser: true, dimensions: s.dimensions });
    return { ok: true, embedder, price: embeddingPrice(s.provider, s.model) };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}
