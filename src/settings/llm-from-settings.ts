// The LLM layer's settings (providers, model profiles, phases) made from the plugin's: the active
// provider and its two phase models. The plugin keeps the smaller shape because a user picks one
// provider at a time; the LLM layer's validator then checks the result as it would any config.
import { type LlmSettings } from '../agents/llm/llm-settings';
import { validateLlmSettings } from '../agents/llm/llm-settings-schema';
import type { ModelProfile } from '../agents/llm/model-profile';
import { DEFAULT_TIMEOUT_MS } from '../agents/llm/provider-config';
import { MODEL_PHASES, type ReeveSettings } from './settings';

/** Local servers load models on first use, so they get more time before a reply starts. */
const LOCAL_TIMEOUT_MS = 300_000;

export type LlmSettingsResult = { ok: true; settings: LlmSettings } | { ok: false; problems: string[] };

/** The LLM layer's settings for the active provider, or null when Reeve is offline. */
export function llmSettingsOf(settings: ReeveSettings): LlmSettingsResult | null {
  const id = settings.activeProvider;
  if (id === 'none') return null;
  const p = settings.providers[id];
  const models: ModelProfile[] = MODEL_PHASES.map((phase) => ({ id: phase, provider: id, ...structuredClone(p[phase]) }));
  const result = validateLlmSettings({
    providers: [{ id, kind: id, baseUrl: p.baseUrl, apiKeySecret: p.apiKeySecret, transport: p.transport, timeoutMs: id === 'openai-compatible' ? LOCAL_TIMEOUT_MS : DEFAULT_TIMEOUT_MS, headers: {} }],
    models,
    phases: { explore: 'explore', plan: 'plan' },
  });
  if (result.ok) return result;
  // The LLM layer names profiles by phase; say which provider setting that is.
  return { ok: false, problems: result.problems.map((p) => p.replace(/^models\[(\d)\]/u, (_m, i: string) => `providers.${id}.${MODEL_PHASES[Number(i)] ?? i}`).replace(/^providers\[0\]/u, `providers.${id}`)) };
}
