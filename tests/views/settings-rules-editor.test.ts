// @vitest-environment happy-dom
// The rules editor in the runtime: errors from the real compiler appear under the field as you
// type (with line:col), every edit is saved (an unfinished rule is never lost), "Test rule" lists
// what the condition matches, capped, with the total; the settings tab renders and releases it.
import '../obsidian/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import type { SavedRule } from '../../src/settings/rule-settings';
import { previewRule } from '../../src/views/organize/rule-preview';
import { RulesEditor } from '../../src/views/organize/rules-editor';
import { ReeveSettingTab } from '../../src/views/settings-tab';
import { trackLeaks } from '../obsidian/leak-tracker';
import { button, createHarness } from './widget-harness';

afterEach(() => document.body.empty());

function type(el: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  el.value = text;
  el.dispatchEvent(new Event('input'));
}

function manyPdfs(n: number): Record<string, string> {
  const files: Record<string, string> = { 'Inbox/note.md': 'x', 'Reeve/Plans/old.pdf': 'plan folder' };
  for (let i = 0; i < n; i++) files[`Inbox/scan-${String(i).padStart(2, '0')}.pdf`] = 'pdf';
  return files;
}

function mount(rules: SavedRule[], files: Record<string, string> = manyPdfs(3)) {
  const h = createHarness(files);
  const saved: SavedRule[][] = [];
  const host = document.body.createDiv();
  const editor = new RulesEditor(host, {
    rules: () => rules,
    save: async (next) => {
      saved.push(next);
    },
    preview: (condition) => previewRule(h.port, condition, { skipFolders: ['Reeve/Plans'] }),
  });
  editor.load();
  return { h, host, editor, saved };
}

const pdfs: SavedRule = { name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'Documents/PDFs', enabled: true };

describe('rules editor', () => {
  it('shows a compile error under the condition as you type, with line and column, and clears it when fixed', () => {
    const { host, saved } = mount([pdfs]);
    const condition = host.querySelector<HTMLTextAreaElement>('.reeve-rule-if textarea, textarea');
    const error = host.querySelector('.reeve-rule-error');
    if (!condition || !error) throw new Error('editor not rendered');
    expect(error.textContent).toBe('');
    type(condition, 'file.ext == "pdf" AND\nfile.sise > 1MB');
    expect(error.textContent).toMatch(/^Line 2, column 6: .*sise/);
    expect(host.querySelector('.reeve-rule')?.classList.contains('is-invalid')).toBe(true);
    // The unfinished rule is saved as typed: nothing the user wrote is lost.
    expect(saved.at(-1)?.[0]?.if).toBe('file.ext == "pdf" AND\nfile.sise > 1MB');
    type(condition, 'file.ext == "pdf" AND file.size > 1MB');
    expect(error.textContent).toBe('');
    expect(host.querySelector('.reeve-rule')?.classList.contains('is-invalid')).toBe(false);
  });

  it('reports problems beyond the condition: a rule that does nothing, a duplicate name', () => {
    const { host } = mount([pdfs, { ...pdfs, name: 'Other' }]);
    const cards = host.querySelectorAll('.reeve-rule');
    const move = cards[1]?.querySelector<HTMLInputElement>('.reeve-rule-move');
    const name = cards[1]?.querySelector<HTMLInputElement>('.reeve-rule-name');
    if (!move || !name) throw new Error('editor not rendered');
    type(move, '');
    expect(cards[1]?.querySelector('.reeve-rule-problem')?.textContent).toContain('rule 2 ("Other"): the rule does nothing');
    type(move, 'Elsewhere');
    type(name, 'PDFs');
    expect(cards[1]?.querySelector('.reeve-rule-problem')?.textContent).toBe('rule 2 ("PDFs"): the name is already used by rule 1; give each rule its own name');
  });

  it('"Test rule" lists the matching files (not the plan folder), capped at 20, with the total', async () => {
    const { host } = mount([pdfs], manyPdfs(25));
    button(host, 'Test rule').click();
    const preview = host.querySelector('.reeve-rule-preview');
    await vi.waitFor(() => expect(preview?.querySelector('p')?.textContent).toBe('25 files match, first 20 shown.'));
    const items = [...(preview?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    expect(items).toHaveLength(20);
    expect(items[0]).toBe('Inbox/scan-00.pdf');
  });

  it('"Test rule" on a broken condition says why instead of listing', async () => {
    const { host } = mount([{ ...pdfs, if: 'file.ext ==' }]);
    button(host, 'Test rule').click();
    await vi.waitFor(() => expect(host.querySelector('.reeve-rule-preview')?.textContent).toMatch(/^Cannot test: .* at 1:\d+$/));
  });

  it('edits the tags and properties a rule sets, checked as you type, and saves them as the rule language takes them', () => {
    const { host, saved } = mount([{ name: 'Tag', if: 'file.ext == "md"', thenAddTags: ['meeting'], thenSetProperties: { status: 'draft', rank: 2, code: '7' }, enabled: true }]);
    const card = host.querySelector('.reeve-rule');
    const add = card?.querySelector<HTMLInputElement>('.reeve-rule-add-tags');
    const props = card?.querySelector<HTMLTextAreaElement>('.reeve-rule-properties');
    const problem = card?.querySelector('.reeve-rule-problem');
    const propsError = card?.querySelector('.reeve-rule-properties-error');
    if (!add || !props || !problem || !propsError) throw new Error('edit fields not rendered');
    // Shown as written: a text that looks like a number stays a text.
    expect(add.value).toBe('meeting');
    expect(props.value).toBe('status: draft\nrank: 2\ncode: "7"');
    type(add, 'meeting, a.b');
    expect(problem.textContent).toBe('rule 1 ("Tag"): "thenAddTags" item 2 "a.b" holds a character a tag cannot (spaces and punctuation other than - _ /)');
    type(add, 'meeting, project/{fm.project}');
    expect(problem.textContent).toBe('');
    type(props, 'status processed');
    expect(propsError.textContent).toBe('Line 1: write a property as name: value (for example status: processed)');
    expect(card?.classList.contains('is-invalid')).toBe(true);
    // Kept as typed, never dropped.
    expect(saved.at(-1)?.[0]?.thenSetProperties).toBe('status processed');
    // Opened again, the kept text is shown with its problem.
    const reopened = mount([{ name: 'Tag', if: 'file.ext == "md"', thenSetProperties: 'status processed' as never, enabled: false }]);
    expect(reopened.host.querySelector<HTMLTextAreaElement>('.reeve-rule-properties')?.value).toBe('status processed');
    expect(reopened.host.querySelector('.reeve-rule-properties-error')?.textContent).toBe('Line 1: write a property as name: value (for example status: processed)');
    type(props, 'tags: x');
    expect(problem.textContent).toContain('"thenSetProperties" sets "tags"; change tags with "thenAddTags" and "thenRemoveTags"');
    type(props, 'status: processed\nrank: 3\ngone: null');
    expect(propsError.textContent).toBe('');
    expect(problem.textContent).toBe('');
    expect(saved.at(-1)?.[0]).toMatchObject({ thenAddTags: ['meeting', 'project/{fm.project}'], thenSetProperties: { status: 'processed', rank: 3, gone: null } });
  });

  it('adds, toggles and deletes rules, saving each change', () => {
    const { host, saved } = mount([pdfs]);
    button(host, 'Add rule').click();
    expect(host.querySelectorAll('.reeve-rule')).toHaveLength(2);
    expect(saved.at(-1)?.map((r) => r.name)).toEqual(['PDFs', 'Rule 2']);
    const toggle = host.querySelector<HTMLInputElement>('.reeve-rule-enabled input');
    if (!toggle) throw new Error('no toggle');
    toggle.checked = false;
    toggle.dispatchEvent(new Event('change'));
    expect(saved.at(-1)?.[0]?.enabled).toBe(false);
    button(host, 'Delete').click();
    expect(saved.at(-1)?.map((r) => r.name)).toEqual(['Rule 2']);
  });
});

describe('settings tab', () => {
  it('renders the rules editor in the fallback display and releases its listeners on hide', async () => {
    const h = createHarness(manyPdfs(2));
    const settings: ReeveSettings = { ...structuredClone(DEFAULT_SETTINGS), rules: [pdfs] };
    const plugin = { settings, saveSettings: vi.fn(async () => undefined), port: () => h.port };
    const leaks = trackLeaks({});
    try {
      const tab = new ReeveSettingTab(h.app as never, plugin as never);
      // What Obsidian before 1.13 calls (deprecated for plugins to call, not for the app).
      (tab as unknown as { display(): void }).display();
      document.body.append(tab.containerEl);
      const condition = tab.containerEl.querySelector<HTMLTextAreaElement>('.reeve-rule textarea');
      if (!condition) throw new Error('no rules editor in the tab');
      type(condition, 'file.ext = "pdf"');
      expect(tab.containerEl.querySelector('.reeve-rule-error')?.textContent).toMatch(/^Line 1, column \d+: /);
      await vi.waitFor(() => expect(plugin.saveSettings).toHaveBeenCalled());
      expect(settings.rules[0]?.if).toBe('file.ext = "pdf"');
      expect(leaks.report().domListeners.length).toBeGreaterThan(0);
      tab.hide();
      expect(leaks.report().domListeners).toEqual([]);
    } finally {
      leaks.restore();
    }
  });

  it('edits folder lists one per line and refuses a bad number with a notice', async () => {
    const h = createHarness({});
    const settings: ReeveSettings = structuredClone(DEFAULT_SETTINGS);
    const plugin = { settings, saveSettings: vi.fn(async () => undefined), port: () => h.port };
    const tab = new ReeveSettingTab(h.app as never, plugin as never);
    await tab.setControlValue('excludedFolders', 'Archive\n\n  Private/Journal  \n');
    expect(settings.excludedFolders).toEqual(['Archive', 'Private/Journal']);
    expect(tab.getControlValue('excludedFolders')).toBe('Archive\nPrivate/Journal');
    await tab.setControlValue('automatic.delaySeconds', '0');
    expect(settings.automatic.delaySeconds).toBe(5);
    await tab.setControlValue('providers.openai.explore.toolFormat', 'hermes');
    expect(settings.providers.openai.explore.toolFormat).toBe('hermes');
  });
});
