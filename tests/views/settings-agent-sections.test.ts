// @vitest-environment happy-dom
// The agents' sections of the settings tab in the runtime: a section per agent, every row with a
// value and a description for the settings search, Scout's tools and Task's capabilities as one
// toggle each (stored as lists), bad values refused with a notice and not saved, the search key
// through SecretComponent (data.json gets the secret's name), and rows shown for the provider.
import '../obsidian/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCOUT_TOOL_NAMES } from '../../src/agents/scout/scout-settings';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import { ReeveSettingTab } from '../../src/views/settings-tab';
import { openSettingTab } from '../obsidian/declarative-settings';
import { shownNotices } from '../obsidian/notices';
import { createHarness } from './widget-harness';

afterEach(() => document.body.empty());
beforeEach(() => {
  shownNotices.length = 0;
});

function mount(settings: ReeveSettings = structuredClone(DEFAULT_SETTINGS)) {
  const h = createHarness({});
  const plugin = { settings, saveSettings: vi.fn(async () => undefined), port: () => h.port, semanticSearch: null };
  const tab = new ReeveSettingTab(h.app as never, plugin as never);
  return { h, tab, plugin, settings };
}

type SettingDefinitionItem = ReturnType<ReeveSettingTab['getSettingDefinitions']>[number];
type SettingDefinition = Extract<SettingDefinitionItem, { name: string; type?: never }> & { aliases?: string[] };

function groups(tab: ReeveSettingTab): Map<string, SettingDefinition[]> {
  const out = new Map<string, SettingDefinition[]>();
  for (const item of tab.getSettingDefinitions()) {
    if ('type' in item && item.type === 'group' && item.heading) out.set(item.heading, (item.items ?? []));
  }
  return out;
}

type Row = { definition: { name: string }; settingEl: HTMLElement };

/** Shown on screen: neither the element nor a parent inside the tab is hidden. */
function onScreen(el: HTMLElement): boolean {
  for (let e: HTMLElement | null = el; e; e = e.parentElement) if (e.style.display === 'none') return false;
  return true;
}

function pick(el: HTMLSelectElement | null, value: string): void {
  if (!el) throw new Error('no dropdown');
  el.value = value;
  el.dispatchEvent(new Event('change'));
}

/** The rows' names (the runtime's Setting: a row is [control, info], the name first in info). */
function names(container: HTMLElement): string[] {
  return [...container.children].map((row) => row.children[1]?.children[0]?.textContent ?? '');
}

/** What Obsidian's settings search matches on: name, description and aliases. */
function search(items: SettingDefinitionItem[], query: string): string[] {
  const q = query.toLowerCase();
  return items
    .flatMap((i) => ('type' in i && i.type === 'group' ? ((i.items ?? []) as SettingDefinition[]) : [i as SettingDefinition]))
    .filter((d) => [d.name, typeof d.desc === 'string' ? d.desc : '', ...(d.aliases ?? [])].some((t) => t.toLowerCase().includes(q)))
    .map((d) => d.name);
}

describe('agent settings sections', () => {
  it('has a section per agent whose every row has a description and a value', () => {
    const { tab } = mount();
    const g = groups(tab);
    for (const heading of ['Chat', 'Scout agent', 'Web agent', 'Task agent']) expect(g.has(heading), heading).toBe(true);
    for (const heading of ['Chat', 'Scout agent', 'Web agent', 'Task agent']) {
      for (const def of g.get(heading) ?? []) {
        expect(def.desc, def.name).toBeTruthy();
        if ('control' in def && def.control) expect(tab.getControlValue(def.control.key), def.control.key).not.toBeUndefined();
      }
    }
    // Every Scout tool but update_selection (always on) has its toggle.
    const scoutKeys = (g.get('Scout agent') ?? []).flatMap((d) => ('control' in d && d.control ? [d.control.key] : []));
    expect(scoutKeys.filter((k) => k.startsWith('agents.scout.tool.')).sort()).toEqual(SCOUT_TOOL_NAMES.filter((t) => t !== 'update_selection').map((t) => `agents.scout.tool.${t}`).sort());
  });

  it('is found by the settings search, tool names included', () => {
    const { tab } = mount();
    const items = tab.getSettingDefinitions();
    expect(search(items, 'private')).toContain('Allow private hosts');
    expect(search(items, 'get_links_recursive')).toEqual(['Follow links']);
    expect(search(items, 'token')).toEqual(expect.arrayContaining(['Page token budget', 'Context token limit']));
  });

  it('stores a Scout tool toggle as the list of tools turned off, and a capability toggle as the list allowed', async () => {
    const { tab, settings, plugin } = mount();
    await tab.setControlValue('agents.scout.tool.fetch_note', false);
    await tab.setControlValue('agents.scout.tool.ask_user', false);
    expect(settings.agents.scout.disabledTools).toEqual(['fetch_note', 'ask_user']);
    expect(tab.getControlValue('agents.scout.tool.fetch_note')).toBe(false);
    await tab.setControlValue('agents.scout.tool.fetch_note', true);
    expect(settings.agents.scout.disabledTools).toEqual(['ask_user']);
    await tab.setControlValue('agents.task.allow.delete', false);
    expect(settings.agents.task.capabilities).toEqual(['add', 'create', 'navigate']);
    await tab.setControlValue('agents.task.allow.delete', true);
    expect(settings.agents.task.capabilities).toEqual(['add', 'delete', 'create', 'navigate']);
    expect(plugin.saveSettings).toHaveBeenCalledTimes(5);
  });

  it('refuses an out-of-range value with a notice, keeps the old one and saves nothing', async () => {
    const { tab, settings, plugin } = mount();
    await tab.setControlValue('agents.scout.maxIterations', '40');
    await tab.setControlValue('agents.task.tokenLimit', '2000');
    await tab.setControlValue('agents.chatFolder', '../elsewhere');
    expect(settings.agents.scout.maxIterations).toBe(5);
    expect(settings.agents.task.tokenLimit).toBe(16000);
    expect(settings.agents.chatFolder).toBe('Reeve/Chats');
    expect(plugin.saveSettings).not.toHaveBeenCalled();
    expect(shownNotices).toHaveLength(3);
    expect(shownNotices[0]).toContain('agents.scout.maxIterations should be a whole number from 2 to 10');
    await tab.setControlValue('agents.web.pages', '4');
    expect(settings.agents.web.pages).toBe(4);
  });

  it("on Obsidian 1.13: each search provider shows its own key and URL rows, and keeps only the secret's name", async () => {
    const { h, tab, settings, plugin } = mount();
    h.app.secretStorage.setSecret('brave-search', 'BSA-very-secret');
    openSettingTab(tab as never);
    document.body.append(tab.containerEl);
    try {
      const rows = (): Row[] => (tab as unknown as { getRenderedRows__(): Row[] }).getRenderedRows__();
      const row = (name: string): HTMLElement => {
        const found = rows().find((r) => r.definition.name === name);
        if (!found) throw new Error(`no setting "${name}"`);
        return found.settingEl;
      };
      expect(onScreen(row('Brave API key'))).toBe(false);
      pick(row('Search provider').querySelector('select'), 'brave');
      await vi.waitFor(() => expect(settings.agents.web.provider).toBe('brave'));
      expect(onScreen(row('Brave API key'))).toBe(true);
      expect(onScreen(row('Brave base URL'))).toBe(true);
      expect(onScreen(row('SearXNG API key'))).toBe(false);
      pick(row('Brave API key').querySelector('select'), 'brave-search');
      await vi.waitFor(() => expect(settings.agents.web.apiKeySecrets.brave).toBe('brave-search'));
      expect(plugin.saveSettings).toHaveBeenCalled();
      expect(JSON.stringify(settings)).not.toContain('BSA-very-secret');
      pick(row('Search provider').querySelector('select'), 'searxng');
      await vi.waitFor(() => expect(onScreen(row('Brave API key'))).toBe(false));
      expect(onScreen(row('SearXNG base URL'))).toBe(true);
      // SearXNG's own key row shows none: the Brave key stays Brave's.
      expect(row('SearXNG API key').querySelector('select')?.value).toBe('');
      expect(settings.agents.web.apiKeySecrets).toMatchObject({ brave: 'brave-search', searxng: '' });
      // A tool toggle clicked off lands in the stored list.
      row('Follow links').querySelector<HTMLElement>('.checkbox-container')?.click();
      await vi.waitFor(() => expect(settings.agents.scout.disabledTools).toEqual(['get_links_recursive']));
    } finally {
      tab.hide();
    }
  });

  it('renders the same sections before 1.13, the key and URL rows only for the chosen provider', async () => {
    const { tab } = mount();
    const display = (): void => (tab as unknown as { display(): void }).display();
    display();
    document.body.append(tab.containerEl);
    expect(names(tab.containerEl)).toEqual(expect.arrayContaining(['Scout agent', 'Web agent', 'Task agent', 'Link depth', 'Search provider', 'Allow new notes']));
    expect(names(tab.containerEl).filter((n) => /^(Brave|Tavily|Serper|SearXNG|OpenAI) (API key|base URL)$/.test(n))).toEqual([]);
    const slider = [...tab.containerEl.querySelectorAll<HTMLInputElement>('input[type="range"]')];
    expect(slider.map((s) => [s.getAttribute('min'), s.getAttribute('max'), s.getAttribute('step')])).toEqual([['0', '3', '1']]);
    await tab.setControlValue('agents.web.provider', 'tavily');
    display();
    expect(names(tab.containerEl).filter((n) => /^(Brave|Tavily|Serper|SearXNG|OpenAI) (API key|base URL)$/.test(n))).toEqual(['Tavily API key', 'Tavily base URL']);
    tab.hide();
  });
});
