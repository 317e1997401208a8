// The composer's model choices (issue 27): the profiles the settings configure (the active
// provider's two, and those of providers given a key), each once; a pick changes only the
// settings the one phase runs with, and leaves the saved settings alone.
import { describe, expect, it } from 'vitest';
import { defaultModelKey, modelLabel, modelOptions, withModel } from '../../src/settings/model-switch';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';

function settings(): ReeveSettings {
  const s = structuredClone(DEFAULT_SETTINGS);
  s.activeProvider = 'openai';
  return s;
}

describe('model switch', () => {
  it('offers the active provider\'s profiles, and those of providers with a key', () => {
    const s = settings();
    expect(modelOptions(s).map((o) => o.key)).toEqual(['openai:explore', 'openai:plan']);
    s.providers.anthropic.apiKeySecret = 'a-key';
    s.providers.openai.explore.model = 'gpt-4.1';
    const options = modelOptions(s);
    expect(options.map((o) => o.key)).toEqual(['openai:explore', 'anthropic:explore', 'anthropic:plan']);
    expect(options.map((o) => modelLabel(o, options))).toEqual(['gpt-4.1 (OpenAI)', 'claude-haiku-4-5 (Anthropic)', 'claude-sonnet-4-5 (Anthropic)']);
    expect(defaultModelKey(s, 'plan')).toBe('openai:explore');
    expect(modelOptions({ ...s, activeProvider: 'none' })).toEqual([]);
  });

  it('a pick makes the phase run on that profile and provider, and changes nothing saved', () => {
    const s = settings();
    s.providers.anthropic.apiKeySecret = 'a-key';
    const before = structuredClone(s);
    const plan = withModel(s, 'plan', 'anthropic:explore');
    expect(plan.activeProvider).toBe('anthropic');
    expect(plan.providers.anthropic.plan.model).toBe('claude-haiku-4-5');
    expect(withModel(s, 'plan', 'nowhere:plan')).toBe(s);
    expect(s).toEqual(before);
  });
});
