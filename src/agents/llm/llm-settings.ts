// The LLM part of Reeve's settings: providers, model profiles and which profile each phase
// uses. The settings tab stores exactly this shape; `validateLlmSettings` checks it on load.

import { DEFAULT_MODEL_PROFILES, type ModelProfile, type Phase } from './model-profile';
import { DEFAULT_PROVIDERS, type ProviderConfig } from './provider-config';
import { LlmError } from './llm-error';

export interface LlmSettings {
  providers: ProviderConfig[];
  models: ModelProfile[];
  /** The `id` of the model profile each phase uses. */
  phases: Record<Phase, string>;
}

export const DEFAULT_LLM_SETTINGS: LlmSettings = {
  providers: DEFAULT_PROVIDERS.map((p) => ({ ...p, headers: { ...p.headers } })),
  models: DEFAULT_MODEL_PROFILES.map((m) => ({ ...m, prices: { ...m.prices } })),
  phases: { explore: 'gpt-4.1-mini', plan: 'gpt-4.1' },
};

export interface ResolvedModel {
  provider: ProviderConfig;
  profile: ModelProfile;
}

/** The provider and profile a phase runs on. Settings are assumed validated. */
export function modelForPhase(settings: LlmSettings, phase: Phase): ResolvedModel {
  return resolveModel(settings, settings.phases[phase]);
}

export function resolveModel(settings: LlmSettings, profileId: string): ResolvedModel {
  const profile = settings.models.find((m) => m.id === profileId);
  if (!profile) {
    throw new LlmError('config', `No model profile "${profileId}" (profiles: ${settings.models.map((m) => m.id).join(', ') || 'none'})`);
  }
  const provider = settings.providers.find((p) => p.id === profile.provider);
  if (!provider) {
    throw new LlmError('config', `Model profile "${profile.id}" uses provider "${profile.provider}", which is not configured`);
  }
  return { provider, profile };
}
