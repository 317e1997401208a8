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
    const r = parseSettings({ activeProvider: 'gemini', providers: { openai: { transport: 'carrier pigeon', plan: { model: 'gpt-x' } } } });
    expect(r.settings.activeProvider).toBe('none');
    expect(r.settings.providers.openai).toEqual({ ...DEFAULT_SETTINGS.providers.openai, plan: { ...DEFAULT_SETTINGS.providers.openai.plan, model: 'gpt-x' } });
    expect(r.problems).toEqual([
      'providers.openai.transport should be one of fetch, requestUrl, found "carrier pigeon"; using "fetch"',
      'settings.activeProvider should be one of none, openai, anthropic, openai-compatible, found "gemini"; using "none"',
    ]);
  });

  it('never stores an API key value: only the secret name field exists', () => {
    expect(Object.keys(DEFAULT_SETTINGS.providers.openai).sort()).toEqual(['apiKeySecret', 'baseUrl', 'explore', 'plan', 'transport']);
  });
});

describe('setSettingValue', () => {
  it('sets a nested value', () => {
    const s = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(s, 'providers.anthropic.plan.model', 'claude-opus-4')).toEqual([]);
    expect(getSettingValue(s, 'providers.anthropic.plan.model')).toBe('claude-opus-4');
  });

  it('refuses an invalid value and leaves the settings unchanged', () => {
    const s = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(s, 'planFolder', '/abs')).toHaveLength(1);
    expect(setSettingValue(s, 'providers.openai.transport', 'smoke')).toHaveLength(1);
    expect(setSettingValue(s, 'nope.key', 1)).toEqual(['unknown setting nope.key']);
    expect(s).toEqual(DEFAULT_SETTINGS);
  });
});

describe('organize and model settings', () => {
  it('reads a stored single model as the planning model (settings from before per-phase models)', () => {
    const r = parseSettings({ providers: { openai: { model: 'gpt-4.1' } } });
    expect(r.problems).toEqual([]);
    expect(r.settings.providers.openai.plan.model).toBe('gpt-4.1');
    expect(r.settings.providers.openai.explore.model).toBe('gpt-4.1-mini');
  });

  it('validates model profile fields one by one, naming each', () => {
    const r = parseSettings({ providers: { 'openai-compatible': { explore: { contextWindow: -5, toolFormat: 'xml', prices: { input: 'free' } }, plan: { contextWindow: 2048, maxOutputTokens: 4096 } } } });
    const p = r.settings.providers['openai-compatible'];
    expect(p.explore.contextWindow).toBe(DEFAULT_SETTINGS.providers['openai-compatible'].explore.contextWindow);
    expect(p.explore.toolFormat).toBe('hermes');
    expect(p.plan.contextWindow).toBe(2048);
    expect(p.plan.maxOutputTokens).toBeLessThan(2048);
    expect(r.problems).toEqual([
      'providers.openai-compatible.explore.contextWindow should be a whole number from 1 to 100000000, found -5; using 32768',
      'providers.openai-compatible.explore.toolFormat should be one of native, hermes, json, found "xml"; using "hermes"',
      'providers.openai-compatible.explore.prices.input should be a number from 0 to 1000000, found "free"; using 0',
      'providers.openai-compatible.plan.maxOutputTokens 4096 should be less than the context window 2048; using 2047',
    ]);
  });

  it('accepts numbers typed as text (the fallback settings UI edits text)', () => {
    const s = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(s, 'providers.openai.plan.contextWindow', '200000')).toEqual([]);
    expect(s.providers.openai.plan.contextWindow).toBe(200_000);
    expect(setSettingValue(s, 'providers.openai.plan.prices.output', 'lots')).toHaveLength(1);
  });

  it('keeps excluded and watched folders that are vault folders and names the others', () => {
    const r = parseSettings({ excludedFolders: ['Archive/', '../up', 'Archive', 7], automatic: { enabled: true, watchedFolders: ['Inbox'], delaySeconds: 0 } });
    expect(r.settings.excludedFolders).toEqual(['Archive']);
    expect(r.settings.automatic).toEqual({ enabled: true, watchedFolders: ['Inbox'], delaySeconds: 5 });
    expect(r.problems).toEqual([
      'settings.excludedFolders: "../up" is not a vault folder; left out',
      'settings.excludedFolders: 7 is not a vault folder; left out',
      'automatic.delaySeconds should be a number from 1 to 600, found 0; using 5',
    ]);
  });

  it('has trash, moves out of the folder and automatic mode off by default', () => {
    expect(DEFAULT_SETTINGS.allowTrash).toBe(false);
    expect(DEFAULT_SETTINGS.allowOutside).toBe(false);
    expect(DEFAULT_SETTINGS.automatic.enabled).toBe(false);
  });

  it('lets an unrelated setting change while a broken rule is turned off', () => {
    const s = parseSettings({ rules: [{ name: 'bad', if: 'file.ext ==', thenMoveTo: 'X' }] }).settings;
    expect(setSettingValue(s, 'planFolder', 'Meta/Plans')).toEqual([]);
    expect(s.planFolder).toBe('Meta/Plans');
    expect(s.rules).toHaveLength(1);
  });
});
