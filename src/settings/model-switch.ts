// The models a chat message can run on instead of the settings' two: every model profile the
// settings configure (each provider's exploration and planning model) of the active provider and
// of every other provider given a key, each once. Picking one for a phase makes that phase's
// settings the profile's provider with the profile in the phase's place; the settings themselves
// are not changed.
import { MODEL_PHASES, PROVIDER_IDS, type ModelPhase, type ProviderId, type ReeveSettings } from './settings';

export interface ModelOption {
  /** `provider:phase` of the profile in the settings. */
  key: string;
  provider: ProviderId;
  /** Which of the provider's two profiles it is. */
  phase: ModelPhase;
  model: string;
}

const PROVIDER_NAMES: Record<ProviderId, string> = { openai: 'OpenAI', anthropic: 'Anthropic', 'openai-compatible': 'Local' };

export function modelOptions(settings: ReeveSettings): ModelOption[] {
  const active = settings.activeProvider;
  if (active === 'none') return [];
  const providers = [active, ...PROVIDER_IDS.filter((p) => p !== active && settings.providers[p].apiKeySecret !== '')];
  const out: ModelOption[] = [];
  for (const provider of providers) {
    for (const phase of MODEL_PHASES) {
      const model = settings.providers[provider][phase].model;
      if (out.some((o) => o.provider === provider && o.model === model)) continue;
      out.push({ key: `${provider}:${phase}`, provider, phase, model });
    }
  }
  return out;
}

/** What a picker shows: the model, and its provider when several providers are offered. */
export function modelLabel(o: ModelOption, options: readonly ModelOption[]): string {
  return options.some((x) => x.provider !== o.provider) ? `${o.model} (${PROVIDER_NAMES[o.provider]})` : o.model;
}

/** The settings' own profile for `phase` (the picker's default). */
export function defaultModelKey(settings: ReeveSettings, phase: ModelPhase): string | null {
  const active = settings.activeProvider;
  if (active === 'none') return null;
  return modelOptions(settings).find((o) => o.provider === active && o.model === settings.providers[active][phase].model)?.key ?? null;
}

/** The settings `phase` runs with when `key` is picked for it; the same settings for an unknown key. */
export function withModel(settings: ReeveSettings, phase: ModelPhase, key: string): ReeveSettings {
  const o = modelOptions(settings).find((x) => x.key === key);
  if (!o) return settings;
  const p = settings.providers[o.provider];
  return { ...settings, activeProvider: o.provider, providers: { ...settings.providers, [o.provider]: { ...p, [phase]: structuredClone(p[o.phase]) } } };
}
