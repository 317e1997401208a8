import { describe, expect, it } from 'vitest';
import { DEFAULT_LLM_SETTINGS, modelForPhase } from '../../../src/agents/llm/llm-settings';
import { parseLlmSettings, validateLlmSettings } from '../../../src/agents/llm/llm-settings-schema';

describe('LLM settings', () => {
  it('accepts the defaults, and an empty object as the defaults', () => {
    expect(validateLlmSettings(structuredClone(DEFAULT_LLM_SETTINGS))).toEqual({ ok: true, settings: DEFAULT_LLM_SETTINGS });
    expect(parseLlmSettings({})).toEqual(DEFAULT_LLM_SETTINGS);
  });

  it('fills optional fields of a minimal provider and model', () => {
    const s = parseLlmSettings({
      providers: [{ id: 'ollama', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' }],
      models: [{ id: 'qwen', provider: 'ollama', model: 'qwen3:8b', contextWindow: 40960, toolFormat: 'hermes' }],
      phases: { explore: 'qwen', plan: 'qwen' },
    });
    expect(s.providers[0]).toEqual({ id: 'ollama', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', apiKeySecret: '', transport: 'fetch', timeoutMs: 120000, headers: {} });
    expect(s.models[0]).toMatchObject({ maxOutputTokens: 4096, streaming: true, reasoning: false, prices: { input: 0, output: 0, cachedInput: 0 } });
    expect(modelForPhase(s, 'plan').profile.model).toBe('qwen3:8b');
  });

  it('names every problem with where it is', () => {
    const result = validateLlmSettings({
      providers: [{ id: 'x', kind: 'openai-compatible', transport: 'carrier-pigeon', timeoutMs: 5, baseUrl: 'ftp://x', colour: 'red' }],
      models: [{ id: 'm', provider: 'x', model: 'm', contextWindow: 1000.5, toolFormat: 'xml', prices: { input: -1, output: 0, cachedInput: 0, tax: 1 } }],
      phases: { explore: 'm', plan: 'm', review: 'm' },
      extra: true,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.problems.join('\n');
    expect(text).toContain('providers[0].transport: Invalid type: Expected ("fetch" | "requestUrl") but received "carrier-pigeon"');
    expect(text).toContain('providers[0].timeoutMs: must be at least 1000 (one second)');
    expect(text).toContain('providers[0].baseUrl: must be empty or an http(s):// URL');
    expect(text).toContain('providers[0].colour: unknown field (allowed: id, kind, baseUrl, apiKeySecret, transport, timeoutMs, headers)');
    expect(text).toContain('models[0].contextWindow: must be a whole number');
    expect(text).toContain('models[0].toolFormat: Invalid type: Expected ("native" | "hermes" | "json") but received "xml"');
    expect(text).toContain('models[0].prices.input: must not be negative');
    expect(text).toContain('models[0].prices.tax: unknown field (allowed: input, output, cachedInput)');
    expect(text).toContain('phases.review: unknown field (allowed: explore, plan)');
    expect(text).toContain('extra: unknown field (allowed: providers, models, phases)');
  });

  it('checks references between providers, models and phases', () => {
    const result = validateLlmSettings({
      providers: [
        { id: 'a', kind: 'openai' },
        { id: 'a', kind: 'openai-compatible' },
      ],
      models: [{ id: 'm', provider: 'nope', model: 'm', contextWindow: 1000, maxOutputTokens: 1000 }],
      phases: { explore: 'm', plan: 'missing' },
    });
    expect(result.ok ? [] : result.problems).toEqual([
      'providers: the id "a" is used more than once',
      'providers[1].baseUrl: an openai-compatible provider needs a base URL (e.g. http://localhost:11434/v1)',
      'models[0].provider: "nope" is not a configured provider (a)',
      'models[0].maxOutputTokens: 1000 must be less than contextWindow 1000',
      'phases.plan: "missing" is not a model profile (m)',
    ]);
  });

  it('throws one config error listing the problems', () => {
    expect(() => parseLlmSettings({ phases: 'plan' })).toThrow(/^Invalid LLM settings:\n- phases: /);
    expect(() => parseLlmSettings([])).toThrow(/Invalid LLM settings/);
  });
});
