// @vitest-environment happy-dom
// The settings tab as Obsidian 1.13 shows it: rendered from getSettingDefinitions() by the runtime
// (controls bound to getControlValue / setControlValue), the API key picked with SecretComponent
// from the app's secret storage, and hide() tearing the rows down through super.hide().
import '../obsidian/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import { RulesEditor } from '../../src/views/organize/rules-editor';
import { ReeveSettingTab } from '../../src/views/settings-tab';
import { openSettingTab } from '../obsidian/declarative-settings';
import { shownNotices } from '../obsidian/notices';
import { createHarness } from './widget-harness';
import { reply, startScriptedLlmServer } from '../llm-server';

afterEach(() => document.body.empty());

type Row = { definition: { name: string }; settingEl: HTMLElement; isVisible: boolean };

/** Shown on screen: neither the element nor a parent inside the tab is hidden. */
function onScreen(el: HTMLElement): boolean {
  for (let e: HTMLElement | null = el; e; e = e.parentElement) if (e.style.display === 'none') return false;
  return true;
}

function openTab(edit: (s: ReeveSettings) => void = () => undefined, secrets: Record<string, string> = {}) {
  const h = createHarness({ 'Inbox/a.md': 'a' });
  for (const [id, value] of Object.entries(secrets)) h.app.secretStorage.setSecret(id, value);
  const settings = structuredClone(DEFAULT_SETTINGS);
  edit(settings);
  const saved: string[] = [];
  const plugin = { settings, saveSettings: vi.fn(async () => void saved.push(JSON.stringify(settings))), port: () => h.port };
  const tab = new ReeveSettingTab(h.app as never, plugin as never);
  openSettingTab(tab as never);
  document.body.append(tab.containerEl);
  const rows = (): Row[] => (tab as unknown as { getRenderedRows__(): Row[] }).getRenderedRows__();
  const row = (name: string, nth = 0): HTMLElement => {
    const found = rows().filter((r) => r.definition.name === name)[nth];
    if (!found) throw new Error(`no setting "${name}"`);
    return found.settingEl;
  };
  const shown = (name: string): boolean[] => rows().filter((r) => r.definition.name === name).map((r) => onScreen(r.settingEl));
  return { h, tab, settings, saved, plugin, row, shown };
}

function type(el: HTMLInputElement | HTMLTextAreaElement | null, text: string): void {
  if (!el) throw new Error('no field');
  el.value = text;
  el.dispatchEvent(new Event('input'));
}

/** The user leaves the field (a number field, or a field that restarts work, commits then). */
function leave(el: HTMLInputElement | null): void {
  if (!el) throw new Error('no field');
  el.dispatchEvent(new Event('blur'));
}

/** Types `text` one character at a time, an input event each, as a user does. */
function typeSlowly(el: HTMLInputElement | null, text: string): void {
  if (!el) throw new Error('no field');
  el.value = '';
  el.dispatchEvent(new Event('input'));
  for (const ch of text) {
    el.value += ch;
    el.dispatchEvent(new Event('input'));
  }
}

function pick(el: HTMLSelectElement | null, value: string): void {
  if (!el) throw new Error('no dropdown');
  el.value = value;
  el.dispatchEvent(new Event('change'));
}

describe('the settings tab on Obsidian 1.13 (declarative)', () => {
  it('shows every setting with its current value and saves what the user changes', async () => {
    const { row, settings, saved } = openTab((s) => void (s.excludedFolders = ['Archive', 'Private']));
    expect(row('Plan folder').querySelector('input')?.value).toBe('Reeve/Plans');
    expect(row('Excluded folders').querySelector('textarea')?.value).toBe('Archive\nPrivate');
    type(row('Plan folder').querySelector('input'), 'Plans/Reeve');
    type(row('Excluded folders').querySelector('textarea'), 'Archive\n\n  Old  \n');
    row('Allow trash').querySelector<HTMLElement>('.checkbox-container')?.click();
    await vi.waitFor(() => expect(saved.length).toBe(3));
    expect(settings.planFolder).toBe('Plans/Reeve');
    expect(settings.excludedFolders).toEqual(['Archive', 'Old']);
    expect(settings.allowTrash).toBe(true);
  });

  it('refuses a number out of range with a notice and keeps the saved value', async () => {
    const { row, settings, plugin } = openTab();
    const before = settings.automatic.delaySeconds;
    const notices = shownNotices.length;
    type(row('Delay').querySelector('input'), '0');
    leave(row('Delay').querySelector('input'));
    await vi.waitFor(() => expect(shownNotices.length).toBe(notices + 1));
    expect(shownNotices.at(-1)).toMatch(/^Reeve: .*delay/i);
    expect(settings.automatic.delaySeconds).toBe(before);
    expect(plugin.saveSettings).not.toHaveBeenCalled();
  });

  it('commits a number when the user leaves the field or presses Enter: typing 8000 raises no notice for 8, 80 or 800', async () => {
    const { row, settings } = openTab();
    const input = row('Dimensions').querySelector('input');
    const notices = shownNotices.length;
    typeSlowly(input, '8000');
    await new Promise((r) => setTimeout(r, 20));
    expect(shownNotices.length).toBe(notices);
    expect(settings.semanticIndex.dimensions).toBe(DEFAULT_SETTINGS.semanticIndex.dimensions);
    input?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await vi.waitFor(() => expect(settings.semanticIndex.dimensions).toBe(8000));
    expect(shownNotices.length).toBe(notices);
  });

  it('commits the embedding model on blur, once, and not a name equal to the saved one', async () => {
    const { row, settings, plugin } = openTab();
    const input = row('Embedding model').querySelector('input');
    typeSlowly(input, 'nomic-embed-text');
    await new Promise((r) => setTimeout(r, 20));
    expect(plugin.saveSettings).not.toHaveBeenCalled();
    leave(input);
    await vi.waitFor(() => expect(settings.semanticIndex.model).toBe('nomic-embed-text'));
    leave(input);
    typeSlowly(input, 'nomic-embed-text');
    leave(input);
    await new Promise((r) => setTimeout(r, 20));
    expect(plugin.saveSettings).toHaveBeenCalledTimes(1);
  });

  it('shows a provider\'s settings only while it is the active provider', async () => {
    const { row, shown, settings } = openTab();
    expect(shown('Base URL')).toEqual([false, false, false]);
    pick(row('Provider').querySelector('select'), 'anthropic');
    await vi.waitFor(() => expect(settings.activeProvider).toBe('anthropic'));
    expect(shown('Base URL')).toEqual([false, true, false]);
    expect(shown('Model')).toEqual([false, false, true, true, false, false]);
  });

  it('picks the API key from the secret storage and keeps only its name in the settings', async () => {
    const { row, settings, saved } = openTab((s) => void (s.activeProvider = 'openai'), { 'openai-key': 'sk-very-secret', 'other': 'x' });
    const select = row('API key').querySelector('select');
    expect([...(select?.options ?? [])].map((o) => o.value)).toEqual(['', 'openai-key', 'other']);
    pick(select, 'openai-key');
    await vi.waitFor(() => expect(settings.providers.openai.apiKeySecret).toBe('openai-key'));
    expect(saved.join('')).toContain('openai-key');
    expect(saved.join('')).not.toContain('sk-very-secret');
  });

  it('shows the secret name the settings point to, even when the storage no longer has it', () => {
    const { row } = openTab((s) => {
      s.activeProvider = 'anthropic';
      s.providers.anthropic.apiKeySecret = 'gone-key';
    });
    expect(row('API key', 1).querySelector('select')?.value).toBe('gone-key');
  });

  it('tears its rows down on hide through super.hide(): the rules editor is unloaded and the tab is empty', () => {
    const unload = vi.spyOn(RulesEditor.prototype, 'unload');
    const { tab } = openTab((s) => void (s.rules = [{ name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'PDFs', enabled: true }]));
    expect(tab.containerEl.querySelector('.reeve-rule textarea')).not.toBeNull();
    tab.hide();
    expect(unload).toHaveBeenCalled();
    expect(tab.containerEl.childElementCount).toBe(0);
    unload.mockRestore();
  });
});

describe('Test model, under each phase\'s model', () => {
  it('runs the model check on the saved settings of that phase and says in the row what to set; nothing of the vault is sent', async () => {
    const server = await startScriptedLlmServer();
    try {
      const { row } = openTab((s) => {
        s.activeProvider = 'openai-compatible';
        s.providers['openai-compatible'].baseUrl = server.openaiBaseUrl;
        s.providers['openai-compatible'].plan.model = 'planner-local';
      });
      // The model writes Hermes blocks and ignores native tools.
      server.respondWith(() => reply.text('<tool_call>\n{"name": "add_numbers", "arguments": {"a": 17, "b": 25}}\n</tool_call>'));
      const planRow = row('Test model', 5);
      planRow.querySelector('button')?.click();
      const result = (): string => planRow.querySelector('.reeve-model-check')?.textContent ?? '';
      await vi.waitFor(() => expect(result()).toContain('set Tool format to Hermes'), { timeout: 10_000 });
      expect(result()).toMatch(/native: fails in \d+\.\d s, answered without a tool call/);
      const sent = server.chatRequests();
      expect(sent.map((r) => r.body.model)).toEqual(['planner-local', 'planner-local', 'planner-local']);
      expect(JSON.stringify(sent.map((r) => r.body))).not.toContain('Inbox');
    } finally {
      await server.close();
    }
  });

  it('says why it cannot test when the settings have no usable model', async () => {
    const { row } = openTab((s) => {
      s.activeProvider = 'openai';
    });
    const exploreRow = row('Test model', 0);
    exploreRow.querySelector('button')?.click();
    await vi.waitFor(() => expect(exploreRow.querySelector('.reeve-model-check')?.textContent).toMatch(/^Cannot test: .*key/i));
  });
});

describe('the settings tab before 1.13 (display())', () => {
  it('commits a number field on blur or Enter, not per keystroke: typing 1000 in Delay is refused once, when done', async () => {
    const h = createHarness({ 'Inbox/a.md': 'a' });
    const settings = structuredClone(DEFAULT_SETTINGS);
    const plugin = { settings, saveSettings: vi.fn(async () => undefined), port: () => h.port };
    const tab = new ReeveSettingTab(h.app as never, plugin as never);
    (tab as unknown as { display(): void }).display();
    document.body.append(tab.containerEl);
    // The row whose name is "Delay": its name's element, then the setting around it.
    const name = [...tab.containerEl.querySelectorAll<HTMLElement>('div')].find((el) => el.children.length === 0 && el.textContent === 'Delay');
    const input = name?.parentElement?.parentElement?.querySelector('input') ?? null;
    const notices = shownNotices.length;
    typeSlowly(input, '1000');
    await new Promise((r) => setTimeout(r, 20));
    expect(plugin.saveSettings).not.toHaveBeenCalled();
    expect(shownNotices.length).toBe(notices);
    leave(input);
    await vi.waitFor(() => expect(shownNotices.length).toBe(notices + 1));
    typeSlowly(input, '120');
    input?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await vi.waitFor(() => expect(settings.automatic.delaySeconds).toBe(120));
    expect(plugin.saveSettings).toHaveBeenCalledTimes(1);
    tab.hide();
  });
});
