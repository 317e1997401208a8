// @vitest-environment happy-dom
// The plugin's LLM client for a phase: the key read from SecretStorage by name, the phase's model
// profile from settings, and clear reasons when Reeve is offline or something is missing.
import '../obsidian/dom';
import { App } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { llmSettingsOf } from '../../src/settings/llm-from-settings';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import { pluginLlmClient } from '../../src/views/llm/plugin-llm-client';

function settingsFor(provider: ReeveSettings['activeProvider']): ReeveSettings {
  const s = structuredClone(DEFAULT_SETTINGS);
  s.activeProvider = provider;
  return s;
}

describe('llmSettingsOf', () => {
  it('is null offline', () => {
    expect(llmSettingsOf(settingsFor('none'))).toBeNull();
  });

  it('makes one provider and a profile per phase, with the edited profile fields', () => {
    const s = settingsFor('openai-compatible');
    s.providers['openai-compatible'].plan = { ...s.providers['openai-compatible'].plan, model: 'qwen3:32b', contextWindow: 65_536, toolFormat: 'json', streaming: false };
    const r = llmSettingsOf(s);
    if (!r?.ok) throw new Error(JSON.stringify(r));
    expect(r.settings.providers).toHaveLength(1);
    expect(r.settings.providers[0]).toMatchObject({ id: 'openai-compatible', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', transport: 'fetch' });
    expect(r.settings.models.map((m) => [m.id, m.model, m.toolFormat])).toEqual([
      ['explore', 'qwen2.5:7b', 'hermes'],
      ['plan', 'qwen3:32b', 'json'],
    ]);
    expect(r.settings.models[1]).toMatchObject({ contextWindow: 65_536, streaming: false });
  });

  it('reports what the LLM layer refuses, named by the plugin setting', () => {
    const s = settingsFor('openai-compatible');
    s.providers['openai-compatible'].baseUrl = 'localhost:11434';
    const r = llmSettingsOf(s);
    expect(r?.ok).toBe(false);
    expect(r && !r.ok ? r.problems[0] : '').toMatch(/^providers\.openai-compatible\.baseUrl: /);
  });
});

describe('pluginLlmClient', () => {
  it('uses the key stored under the chosen secret name, and the phase model', () => {
    const app = App.createConfigured__();
    app.secretStorage.setSecret('openai-key', 'sk-test-123');
    const s = settingsFor('openai');
    s.providers.openai.apiKeySecret = 'openai-key';
    const explore = pluginLlmClient(app as never, s, 'explore');
    const plan = pluginLlmClient(app as never, s, 'plan');
    if (!explore.ok || !plan.ok) throw new Error('no client');
    expect(explore.client.profile.model).toBe('gpt-4.1-mini');
    expect(plan.client.profile.model).toBe('gpt-4.1');
    expect(plan.client.provider.transport).toBe('fetch');
  });

  it('says why there is no client: offline, or no key in secret storage (never showing a key)', () => {
    const app = App.createConfigured__();
    expect(pluginLlmClient(app as never, settingsFor('none'), 'plan')).toEqual({ ok: false, reason: 'no provider is configured (Reeve is offline)' });
    const s = settingsFor('anthropic');
    s.providers.anthropic.apiKeySecret = 'missing-secret';
    const r = pluginLlmClient(app as never, s, 'plan');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(/No API key for provider "anthropic"/);
  });

  it('needs no key for a local server', () => {
    const r = pluginLlmClient(App.createConfigured__() as never, settingsFor('openai-compatible'), 'explore');
    expect(r.ok).toBe(true);
  });
});
