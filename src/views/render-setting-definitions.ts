// Renders Reeve's declarative setting definitions imperatively, for Obsidian versions before
// 1.13 that call `display()` instead of reading `getSettingDefinitions()`.
import { Setting, type SettingDefinition, type SettingDefinitionItem } from 'obsidian';
import { addCommittedField } from './settings/committed-field';

export interface SettingValues {
  get(key: string): unknown;
  set(key: string, value: unknown): Promise<void>;
}

function isShown(visible: boolean | (() => boolean) | undefined): boolean {
  return typeof visible === 'function' ? visible() : visible !== false;
}

/** Cleanups of the rows rendered (a `render` row's, a committed field's), for the tab's hide(). */
type Cleanups = (() => void)[];

function renderOne(containerEl: HTMLElement, def: SettingDefinition, values: SettingValues, cleanups: Cleanups): void {
  if (!isShown(def.visible)) return;
  const setting = new Setting(containerEl).setName(def.name);
  if (def.desc !== undefined) setting.setDesc(def.desc);
  if (def.render) {
    const cleanup = def.render(setting, undefined as never);
    if (typeof cleanup === 'function') cleanups.push(cleanup);
    return;
  }
  const control = def.control;
  if (!control) return;
  const current = values.get(control.key);
  if (control.type === 'dropdown') {
    setting.addDropdown((d) => d.addOptions(control.options).setValue(String(current)).onChange((v) => void values.set(control.key, v)));
  } else if (control.type === 'text') {
    setting.addText((t) => {
      t.setValue(typeof current === 'string' ? current : '').onChange((v) => void values.set(control.key, v));
      if (control.placeholder) t.setPlaceholder(control.placeholder);
    });
  } else if (control.type === 'textarea') {
    setting.addTextArea((t) => {
      t.setValue(typeof current === 'string' ? current : '').onChange((v) => void values.set(control.key, v));
      if (control.placeholder) t.setPlaceholder(control.placeholder);
    });
  } else if (control.type === 'number') {
    // Committed on blur or Enter, as 1.13's number control does: typing 8000 is not "8", "80",
    // "800" refused in turn. The settings validator range-checks what is committed.
    const spec = { kind: 'number' as const, ...(control.min === undefined ? {} : { min: control.min }), ...(control.max === undefined ? {} : { max: control.max }) };
    cleanups.push(addCommittedField(setting, spec, typeof current === 'number' ? String(current) : '', (v) => void values.set(control.key, v)));
  } else if (control.type === 'slider') {
    setting.addSlider((s) =>
      s
        .setLimits(control.min, control.max, control.step)
        .setValue(typeof current === 'number' ? current : control.min)
        .onChange((v) => void values.set(control.key, v)),
    );
  } else if (control.type === 'toggle') {
    setting.addToggle((t) => t.setValue(current === true).onChange((v) => void values.set(control.key, v)));
  }
}

/** Renders `items`; returns the cleanups to run when the rows are torn down. */
export function renderSettingDefinitions(containerEl: HTMLElement, items: SettingDefinitionItem[], values: SettingValues): Cleanups {
  const cleanups: Cleanups = [];
  for (const item of items) {
    if ('type' in item && (item.type === 'group' || item.type === 'list')) {
      if (!isShown(item.visible)) continue;
      if (item.heading) new Setting(containerEl).setName(item.heading).setHeading();
      for (const child of item.items ?? []) {
        if ('type' in child && child.type === 'page') continue;
        renderOne(containerEl, child, values, cleanups);
      }
    } else if (!('type' in item && item.type === 'page')) {
      renderOne(containerEl, item as SettingDefinition, values, cleanups);
    }
  }
  return cleanups;
}
