// Obsidian's settings DOM, for the pages that screenshot a settings section: the mocks' Setting and
// SettingGroup make bare divs (the control before the name, no class), where Obsidian gives each
// row `.setting-item` with `.setting-item-info` (`.setting-item-name`, `.setting-item-description`)
// and then `.setting-item-control`, and a group `.setting-group` with its heading and
// `.setting-items` (observed in Obsidian 1.13's settings; the class names are the ones themes and
// the developer docs' CSS style). Only the page bundle installs this; the unit tests' runtime is
// unchanged.
import { Setting, SettingGroup } from 'obsidian-test-mocks/obsidian';

type Row = { settingEl: HTMLElement; infoEl: HTMLElement; nameEl: HTMLElement; descEl: HTMLElement; controlEl: HTMLElement };
type Group = { groupEl__: HTMLElement; headerEl: HTMLElement; headerInnerEl: HTMLElement; listEl: HTMLElement };

let installed = false;

export function installObsidianSettingDom(): void {
  if (installed) return;
  installed = true;
  const row = Setting.prototype as unknown as { constructor__(this: Row, el: HTMLElement): void };
  const rowCtor = row.constructor__;
  row.constructor__ = function (this: Row, el: HTMLElement): void {
    rowCtor.call(this, el);
    this.settingEl.addClass('setting-item');
    this.infoEl.addClass('setting-item-info');
    this.nameEl.addClass('setting-item-name');
    this.descEl.addClass('setting-item-description');
    this.controlEl.addClass('setting-item-control');
    this.settingEl.appendChild(this.controlEl);
  };
  const group = SettingGroup.prototype as unknown as { constructor__(this: Group, el: HTMLElement): void };
  const groupCtor = group.constructor__;
  group.constructor__ = function (this: Group, el: HTMLElement): void {
    groupCtor.call(this, el);
    this.groupEl__.addClass('setting-group');
    this.headerEl.addClass('setting-item', 'setting-item-heading');
    this.headerInnerEl.addClass('setting-item-name');
    this.listEl.addClass('setting-items');
  };
}
