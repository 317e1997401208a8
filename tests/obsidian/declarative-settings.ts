// Obsidian 1.13 renders a setting tab from `getSettingDefinitions()`: each `control` becomes the
// matching input, seeded with `getControlValue(key)` (or `defaultValue`), checked with `validate`
// (its message shown under the setting, also once on mount) and persisted with
// `setControlValue(key, value)` when the user changes it; a `render` row may return a cleanup
// that runs "before the row is torn down", which `hide()` does. The mocks refuse `control`
// definitions and never run the cleanups; this renders them as the API docs describe.
// When a control commits: a toggle, dropdown, slider or color when it changes; a text or textarea
// on every `input` event, as a TextComponent's onChange does; a number field when the user is done
// with it, on `blur` or Enter, not while typing (observed in Obsidian 1.13: typing 8000 does not
// persist 8, 80 and 800 first; the API docs say only that it "Persists a number").
import type { SettingControl, SettingDefinitionItem } from 'obsidian';
import { type Setting, SettingTab } from 'obsidian-test-mocks/obsidian';

type Row = { cleanup: (() => void) | null };
/** The mocks' SettingTab as this file uses it (its own fields are private to the mocks' types). */
type Tab = {
  containerEl: HTMLElement;
  update(): void;
  hide(): void;
  settingItems: SettingDefinitionItem[];
  renderedGroups: { children: Row[] }[];
  renderTab__(): void;
  getControlValue(key: string): unknown;
  setControlValue(key: string, value: unknown): void | Promise<void>;
};

/** A number typed in a number field: "falls back to `defaultValue` (or `0`) if the input cannot be parsed". */
function parseNumber(raw: string, fallback: number | undefined): number {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) ? n : (fallback ?? 0);
}

function renderControl(tab: Tab, setting: Setting, control: SettingControl): void {
  const stored = tab.getControlValue(control.key);
  const value = stored ?? control.defaultValue;
  const errorEl = setting.settingEl.createDiv({ cls: 'setting-item-error' });
  const check = async (v: unknown): Promise<boolean> => {
    const message = await (control.validate as ((x: unknown) => string | void | Promise<string | void>) | undefined)?.(v);
    errorEl.setText(message || '');
    return !message;
  };
  const commit = async (v: unknown): Promise<void> => {
    if (await check(v)) await tab.setControlValue(control.key, v);
  };
  const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
  switch (control.type) {
    case 'toggle':
      setting.addToggle((t) => t.setValue(value === true).onChange((v) => commit(v)));
      break;
    case 'dropdown':
      setting.addDropdown((d) => d.addOptions(control.options).setValue(str(value)).onChange((v) => commit(v)));
      break;
    case 'textarea':
      setting.addTextArea((t) => {
        t.setValue(str(value)).onChange((v) => commit(v));
        if (control.placeholder) t.setPlaceholder(control.placeholder);
        if (control.rows) t.inputEl.rows = control.rows;
      });
      break;
    case 'number':
      setting.addText((t) => {
        t.inputEl.type = 'number';
        if (control.min !== undefined) t.inputEl.min = String(control.min);
        if (control.max !== undefined) t.inputEl.max = String(control.max);
        if (control.step !== undefined) t.inputEl.step = String(control.step);
        if (control.placeholder) t.setPlaceholder(control.placeholder);
        t.setValue(str(value));
        let last = t.inputEl.value;
        const done = (): void => {
          if (t.inputEl.value === last) return;
          last = t.inputEl.value;
          void commit(parseNumber(last, control.defaultValue));
        };
        t.inputEl.addEventListener('blur', done);
        t.inputEl.addEventListener('keydown', (e) => {
          if (e.key === 'Enter') done();
        });
      });
      break;
    case 'slider':
      setting.addSlider((s) => s.setLimits(control.min ?? 0, control.max ?? 100, control.step ?? 1).setValue(typeof value === 'number' ? value : 0).onChange((v) => commit(v)));
      break;
    case 'color':
      setting.addColorPicker((c) => c.setValue(str(value)).onChange((v) => commit(v)));
      break;
    default:
      // text, file and folder: a text field (the file and folder suggesters are not modelled).
      setting.addText((t) => {
        t.setValue(str(value)).onChange((v) => commit(v));
        if ('placeholder' in control && control.placeholder) t.setPlaceholder(control.placeholder);
      });
  }
  void check(value);
}

/** The definitions with every `control` row turned into a `render` row bound to the tab. */
function bindControls(tab: Tab, items: SettingDefinitionItem[]): SettingDefinitionItem[] {
  return items.map((item) => {
    if ('items' in item && Array.isArray(item.items)) return { ...item, items: bindControls(tab, item.items) } as SettingDefinitionItem;
    if (!('control' in item) || !item.control) return item;
    const { control, ...rest } = item;
    return { ...rest, disabled: control.disabled, render: (setting: Setting) => renderControl(tab, setting, control) } as unknown as SettingDefinitionItem;
  });
}

let installed = false;

export function installDeclarativeSettings(): void {
  if (installed) return;
  installed = true;
  const proto = SettingTab.prototype as unknown as Tab;
  const render = proto.renderTab__;
  proto.renderTab__ = function (this: Tab): void {
    const declared = this.settingItems;
    this.settingItems = bindControls(this, declared);
    try {
      render.call(this);
    } finally {
      this.settingItems = declared;
    }
  };
  const hide = proto.hide;
  proto.hide = function (this: Tab): void {
    for (const group of this.renderedGroups) for (const row of group.children) row.cleanup?.();
    hide.call(this);
  };
}

/** What Obsidian 1.13 does when the user opens a plugin's settings: read the definitions, render. */
export function openSettingTab(tab: SettingTab): void {
  tab.update();
  (tab as unknown as Tab).renderTab__();
}
