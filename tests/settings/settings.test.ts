import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, getSettingValue, parseSettings, setSettingValue } from '../../src/settings/settings';

describe('parseSettings', () => {
  it('gives defaults silently on first run', () => {
    expect(parseSettings(null)).toEqual({ settings: DEFAULT_SETTINGS, problems: [], usedDefaults: false });
    expect(parseSettings(undefined).problems).toEqual([]);
  });

  it('keeps valid stored values', () => {
    const stored = structuredClone(DEFAULT_SETTINGS);
    stored.activeProvider = 'openai-compatible';
    stored.providers['openai-compatible'].baseUrl = 'http://localhost:1234/v1';
    stored.planFolder = 'Meta/Plans';
    expect(parseSettings(JSON.parse(JSON.stringify(stored)))).toEqual({ settings: stored, problems: [], usedDefaults: false });
  });

  it.each([
    ['a list', [1, 2]],
    ['a string', 'hello'],
    ['a number', 3],
  ])('refuses data that is %s', (_what, raw) => {
    const r = parseSettings(raw);
    expect(r.usedDefaults).toBe(true);
    expect(r.settings).toEqual(DEFAULT_SETTINGS);
    expect(r.problems).toHaveLength(1);
  });

  it('names each bad field and resets only it', () => {
    const r = parseSettings({ activeProvider: 'gemini', providers: { openai: { transport: 'carrier pigeon', model: 'gpt-x' } } });
    expect(r.settings.activeProvider).toBe('none');
    expect(r.settings.providers.openai).toEqual({ ...DEFAULT_SETTINGS.providers.openai, model: 'gpt-x' });
    expect(r.problems).toEqual([
      'providers.openai.transport should be one of fetch, requestUrl, found "carrier pigeon"; using "fetch"',
      'settings.activeProvider should be one of none, openai, anthropic, openai-compatible, found "gemini"; using "none"',
    ]);
  });

  it('never stores an API key value: only the secret name field exists', () => {
    expect(Object.keys(DEFAULT_SETTINGS.providers.openai).sort()).toEqual(['apiKeySecret', 'baseUrl', 'model', 'transport']);
  });
});

describe('setSettingValue', () => {
  it('sets a nested value', () => {
    const s = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(s, 'providers.anthropic.model', 'claude-opus-4')).toEqual([]);
    expect(getSettingValue(s, 'providers.anthropic.model')).toBe('claude-opus-4');
  });

  it('refuses an invalid value and leaves the settings unchanged', () => {
    const s = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(s, 'planFolder', '/abs')).toHaveLength(1);
    expect(setSettingValue(s, 'providers.openai.transport', 'smoke')).toHaveLength(1);
    expect(setSettingValue(s, 'nope.key', 1)).toEqual(['unknown setting nope.key']);
    expect(s).toEqual(DEFAULT_SETTINGS);
  });
});
