// The chat agents' settings as data.json holds them: defaults on first run, each bad value reset
// alone with a problem naming it, at least one agent always on, and whatever is stored (any JSON
// at all) read without a throw into settings inside their ranges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCOUT_TOOL_NAMES } from '../../src/agents/scout/scout-settings';
import { SEARCH_PROVIDER_KINDS, type SearchProviderKind } from '../../src/agents/web';
import { EDIT_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import { DEFAULT_AGENT_SETTINGS, readAgentSettings, TASK_SCOPES, type AgentSettings } from '../../src/settings/agent-settings';
import { DEFAULT_SETTINGS, parseSettings, setSettingValue } from '../../src/settings/settings';

function read(raw: unknown): { settings: AgentSettings; problems: string[] } {
  const problems: string[] = [];
  return { settings: readAgentSettings(raw, problems), problems };
}

/** A value per search provider. */
function perProvider(value: fc.Arbitrary<string>): fc.Arbitrary<Record<SearchProviderKind, string>> {
  return fc.record(Object.fromEntries(SEARCH_PROVIDER_KINDS.map((k) => [k, value])) as Record<SearchProviderKind, fc.Arbitrary<string>>);
}

const validSettings: fc.Arbitrary<AgentSettings> = fc.record({
  agents: fc.record({ scout: fc.boolean(), web: fc.boolean(), task: fc.boolean() }).filter((a) => a.scout || a.web || a.task),
  scout: fc.record({
    disabledTools: fc.uniqueArray(fc.constantFrom(...SCOUT_TOOL_NAMES.filter((t) => t !== 'update_selection'))),
    maxIterations: fc.integer({ min: 2, max: 10 }),
    maxNotes: fc.integer({ min: 3, max: 50 }),
    keywordLimit: fc.integer({ min: 3, max: 20 }),
    showVaultTags: fc.boolean(),
  }),
  task: fc.record({
    scope: fc.constantFrom(...TASK_SCOPES),
    capabilities: fc.uniqueArray(fc.constantFrom(...EDIT_CAPABILITIES)),
    historyLength: fc.integer({ min: 0, max: 100 }),
    tokenLimit: fc.integer({ min: 3000, max: 1_000_000 }),
    corrections: fc.integer({ min: 0, max: 3 }),
  }),
  web: fc.record({
    provider: fc.constantFrom('none' as const, ...SEARCH_PROVIDER_KINDS),
    baseUrls: perProvider(fc.constantFrom('', 'http://localhost:8888')),
    apiKeySecrets: perProvider(fc.string()),
    results: fc.integer({ min: 3, max: 15 }),
    pages: fc.integer({ min: 1, max: 5 }),
    tokenBudget: fc.integer({ min: 2000, max: 20000 }),
    automatic: fc.boolean(),
    allowPrivateHosts: fc.boolean(),
  }),
  context: fc.record({ depth: fc.integer({ min: 0, max: 3 }), sameFolder: fc.boolean() }),
  chatFolder: fc.constantFrom('Reeve/Chats', 'Chats', 'Meta/AI chats'),
  promptFolder: fc.constantFrom('', 'Prompts', 'Meta/AI prompts'),
});

describe('readAgentSettings', () => {
  it('gives the defaults silently when nothing is stored: Task on, Scout and Web off, depth 2', () => {
    expect(read(undefined)).toEqual({ settings: DEFAULT_AGENT_SETTINGS, problems: [] });
    expect(DEFAULT_AGENT_SETTINGS.agents).toEqual({ scout: false, web: false, task: true });
    expect(DEFAULT_AGENT_SETTINGS.context).toEqual({ depth: 2, sameFolder: false });
    expect(DEFAULT_AGENT_SETTINGS.web).toMatchObject({ provider: 'none', allowPrivateHosts: false, automatic: true, results: 8, pages: 3, tokenBudget: 8000 });
    expect(parseSettings({ planFolder: 'Plans' }).settings.agents).toEqual(DEFAULT_AGENT_SETTINGS);
  });

  it('keeps every valid stored value, with no problem (property)', () => {
    fc.assert(
      fc.property(validSettings, (s) => {
        expect(read(JSON.parse(JSON.stringify(s)))).toEqual({ settings: s, problems: [] });
      }),
    );
  });

  it('reads any JSON without a throw into settings inside their ranges (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ agents: fc.jsonValue(), scout: fc.jsonValue(), task: fc.jsonValue(), web: fc.jsonValue(), context: fc.jsonValue(), chatFolder: fc.jsonValue() }, { requiredKeys: [] })), (raw) => {
        const { settings: s } = read(raw);
        expect(s.agents.scout || s.agents.web || s.agents.task).toBe(true);
        expect(s.scout.maxIterations).toBeGreaterThanOrEqual(2);
        expect(s.scout.maxIterations).toBeLessThanOrEqual(10);
        expect(s.scout.disabledTools).not.toContain('update_selection');
        expect(s.task.tokenLimit).toBeGreaterThanOrEqual(3000);
        expect(s.task.historyLength).toBeLessThanOrEqual(100);
        expect(s.web.pages).toBeLessThanOrEqual(5);
        expect(s.context.depth).toBeLessThanOrEqual(3);
        expect(s.chatFolder).not.toMatch(/^\/|\.\.|\/$/);
      }),
    );
  });

  it('resets each bad value alone and names where it was', () => {
    const { settings, problems } = read({
      agents: { scout: true, web: 'yes' },
      scout: { maxIterations: 40, keywordLimit: 7, disabledTools: ['fetch_note', 'update_selection', 'rm_rf'] },
      task: { scope: 'everywhere', capabilities: ['add', 'format'], tokenLimit: 500, historyLength: 30 },
      web: { provider: 'bing', results: 12, apiKeySecret: 'brave-key' },
      context: { depth: 5, sameFolder: true },
      chatFolder: '../outside',
    });
    expect(settings).toEqual({
      agents: { scout: true, web: false, task: true },
      scout: { ...DEFAULT_AGENT_SETTINGS.scout, keywordLimit: 7, disabledTools: ['fetch_note'] },
      task: { ...DEFAULT_AGENT_SETTINGS.task, capabilities: ['add'], historyLength: 30 },
      web: { ...DEFAULT_AGENT_SETTINGS.web, results: 12 },
      context: { depth: 2, sameFolder: true },
      chatFolder: 'Reeve/Chats',
      promptFolder: '',
    });
    expect(problems).toEqual([
      'agents.agents.web should be true or false, found "yes"; using false',
      'agents.scout.disabledTools: update_selection cannot be turned off (it is how Scout answers); left on',
      'agents.scout.disabledTools: "rm_rf" is not a Scout tool; left out',
      'agents.scout.maxIterations should be a whole number from 2 to 10, found 40; using 5',
      'agents.task.capabilities: "format" is not one of add, delete, create, navigate; left out',
      'agents.task.scope should be one of current, linked, context, found "everywhere"; using "context"',
      'agents.task.tokenLimit should be a whole number from 3000 to 1000000, found 500; using 16000',
      'agents.web.provider should be one of none, brave, tavily, serper, searxng, openai, found "bing"; using "none"',
      'agents.web.apiKeySecret "brave-key" is not tied to a search provider that takes a key (the provider is none), so it is no longer used; pick it again under "Web agent" for its provider',
      'agents.context.depth should be a whole number from 0 to 3, found 5; using 2',
      'agents.chatFolder "../outside" is not a vault folder; using "Reeve/Chats"',
    ]);
  });

  it('turns Task on when every agent is stored off, and says so', () => {
    const { settings, problems } = read({ agents: { scout: false, web: false, task: false } });
    expect(settings.agents).toEqual({ scout: false, web: false, task: true });
    expect(problems).toEqual(['agents.agents has every agent off; at least one must be on, so Task is on']);
  });

  it('a bad agents section costs nothing else in data.json', () => {
    const r = parseSettings({ planFolder: 'Meta/Plans', agents: 'oops' });
    expect(r.usedDefaults).toBe(false);
    expect(r.settings.planFolder).toBe('Meta/Plans');
    expect(r.settings.agents).toEqual(DEFAULT_AGENT_SETTINGS);
    expect(r.problems).toEqual(['settings.agents should be an object; the agents use their defaults']);
  });

  it('setSettingValue refuses turning the last agent off and a token limit under 3,000, and keeps a valid change', () => {
    const settings = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(settings, 'agents.agents.task', false)).toEqual(['agents.agents has every agent off; at least one must be on, so Task is on']);
    expect(settings.agents.agents.task).toBe(true);
    expect(setSettingValue(settings, 'agents.task.tokenLimit', 2999)).toHaveLength(1);
    expect(settings.agents.task.tokenLimit).toBe(16000);
    expect(setSettingValue(settings, 'agents.agents.scout', true)).toEqual([]);
    expect(setSettingValue(settings, 'agents.agents.task', false)).toEqual([]);
    expect(settings.agents.agents).toEqual({ scout: true, web: false, task: false });
    expect(setSettingValue(settings, 'agents.web.tokenBudget', '12000')).toEqual([]);
    expect(settings.agents.web.tokenBudget).toBe(12000);
  });

  it('holds the search keys only as secret names, one per provider', () => {
    expect(Object.keys(DEFAULT_AGENT_SETTINGS.web).filter((k) => /key/i.test(k))).toEqual(['apiKeySecrets']);
    expect(DEFAULT_AGENT_SETTINGS.web.apiKeySecrets).toEqual({ brave: '', tavily: '', serper: '', searxng: '', openai: '' });
  });
});

describe('search keys and base URLs saved by an earlier version (one of each for every provider)', () => {
  it("become the chosen provider's own, silently", () => {
    const { settings, problems } = read({ web: { provider: 'brave', apiKeySecret: 'brave-key', baseUrl: ' https://brave.example ' } });
    expect(problems).toEqual([]);
    expect(settings.web.apiKeySecrets).toEqual({ brave: 'brave-key', tavily: '', serper: '', searxng: '', openai: '' });
    expect(settings.web.baseUrls).toEqual({ brave: 'https://brave.example', tavily: '', serper: '', searxng: '', openai: '' });
    expect(Object.keys(settings.web)).not.toContain('apiKeySecret');
  });

  it('a key kept while SearXNG or no provider was chosen (the key row was hidden) goes to nobody, and the problem names it', () => {
    for (const provider of ['searxng', 'none'] as const) {
      const { settings, problems } = read({ web: { provider, apiKeySecret: 'brave-key', baseUrl: 'http://searx.lan:8888' } });
      expect(Object.values(settings.web.apiKeySecrets)).toEqual(['', '', '', '', '']);
      expect(settings.web.baseUrls.searxng).toBe('http://searx.lan:8888');
      expect(problems).toEqual([`agents.web.apiKeySecret "brave-key" is not tied to a search provider that takes a key (the provider is ${provider}), so it is no longer used; pick it again under "Web agent" for its provider`]);
    }
  });

  it('any stored web section: no key ever lands on a provider other than the one it was chosen for, and a second load changes nothing (property)', () => {
    const legacy = fc.record({ provider: fc.constantFrom('none', ...SEARCH_PROVIDER_KINDS), apiKeySecret: fc.oneof(fc.string(), fc.jsonValue()), baseUrl: fc.oneof(fc.string(), fc.jsonValue()) }, { requiredKeys: [] });
    const current = fc.record({ provider: fc.constantFrom('none', ...SEARCH_PROVIDER_KINDS), apiKeySecrets: fc.oneof(fc.dictionary(fc.constantFrom('brave', 'searxng', 'bing', 'openai'), fc.oneof(fc.string(), fc.integer())), fc.jsonValue()) }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(legacy, current), (web) => {
        const once = read({ web }).settings;
        const holders = SEARCH_PROVIDER_KINDS.filter((k) => once.web.apiKeySecrets[k] !== '');
        if ('apiKeySecret' in web) expect(holders.every((k) => k === web.provider)).toBe(true);
        const again = read(JSON.parse(JSON.stringify(once))).settings;
        expect(again).toEqual(once);
      }),
    );
  });

  it('setSettingValue keeps each provider its own key and refuses a key for a provider that does not exist', () => {
    const settings = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(settings, 'agents.web.apiKeySecrets.brave', 'brave-key')).toEqual([]);
    expect(setSettingValue(settings, 'agents.web.provider', 'searxng')).toEqual([]);
    expect(settings.agents.web.apiKeySecrets).toEqual({ brave: 'brave-key', tavily: '', serper: '', searxng: '', openai: '' });
    expect(setSettingValue(settings, 'agents.web.apiKeySecrets.bing', 'x')).toEqual(['unknown setting agents.web.apiKeySecrets.bing']);
  });
});
