// In Obsidian a setting's text field, dropdown and toggle report a change when the user changes
// them (input, change, click), and `setValue` only shows a value: text fields and dropdowns never
// call onChange for it, a toggle only when its state flips. The mocks call onChange from every
// setValue and never from the DOM; tests type, pick and click, as a user would.
import { AbstractTextComponent, DropdownComponent, SecretStorage, ToggleComponent } from 'obsidian-test-mocks/obsidian';

type Text = { inputEl: HTMLInputElement | HTMLTextAreaElement; value: string; _onChange?: (v: string) => unknown };
type Toggle = { toggleEl: HTMLElement; value: boolean; _onChange: ((v: boolean) => unknown) | null };
type Dropdown = { selectEl: HTMLSelectElement; changeCallback?: () => void };

let installed = false;

export function installFaithfulInputs(): void {
  if (installed) return;
  installed = true;
  const wired = new WeakSet<HTMLElement>();
  const once = (el: HTMLElement, wire: () => void): void => {
    if (wired.has(el)) return;
    wired.add(el);
    wire();
  };

  const text = AbstractTextComponent.prototype as unknown as Text & { onChange(cb: (v: string) => unknown): Text; setValue(v: string): Text; getValue(): string };
  const textOnChange = text.onChange;
  text.onChange = function (this: Text, cb) {
    textOnChange.call(this, cb);
    once(this.inputEl, () => this.inputEl.addEventListener('input', () => void this._onChange?.(this.inputEl.value)));
    return this;
  };
  text.setValue = function (this: Text, v: string) {
    this.value = v;
    this.inputEl.value = v;
    return this;
  };
  text.getValue = function (this: Text) {
    return this.inputEl.value;
  };

  const toggle = ToggleComponent.prototype as unknown as Toggle & { onChange(cb: (v: boolean) => unknown): Toggle; setValue(v: boolean): Toggle };
  const toggleOnChange = toggle.onChange;
  toggle.onChange = function (this: Toggle, cb) {
    toggleOnChange.call(this, cb);
    this.toggleEl.addClass('checkbox-container');
    once(this.toggleEl, () =>
      this.toggleEl.addEventListener('click', () => {
        this.value = !this.value;
        this.toggleEl.toggleClass('is-enabled', this.value);
        void this._onChange?.(this.value);
      }),
    );
    return this;
  };
  toggle.setValue = function (this: Toggle, v: boolean) {
    const flipped = this.value !== v;
    this.value = v;
    this.toggleEl.toggleClass('is-enabled', v);
    if (flipped) void this._onChange?.(v);
    return this;
  };

  const dropdown = DropdownComponent.prototype as unknown as Dropdown & { onChange(cb: (v: string) => unknown): Dropdown; setValue(v: string): Dropdown };
  const dropdownOnChange = dropdown.onChange;
  dropdown.onChange = function (this: Dropdown, cb) {
    dropdownOnChange.call(this, cb);
    once(this.selectEl, () => this.selectEl.addEventListener('change', () => this.changeCallback?.()));
    return this;
  };
  dropdown.setValue = function (this: Dropdown, v: string) {
    this.selectEl.value = v;
    return this;
  };

  // "Lowercase alphanumeric ID with optional dashes ... @throws Error if ID is invalid".
  const storage = SecretStorage.prototype as unknown as { setSecret(id: string, secret: string): void };
  const setSecret = storage.setSecret;
  storage.setSecret = function (this: unknown, id: string, secret: string): void {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) throw new Error(`Invalid secret ID: ${id}`);
    setSecret.call(this, id, secret);
  };
}
