// Obsidian's SecretComponent (1.11.4+) is a picker of the secrets in the app's secret storage: it
// shows the chosen secret's name, lists the stored names, and reports the name (never the value)
// the user picks. The mocks render nothing and call onChange from setValue.
import { type App, SecretComponent } from 'obsidian-test-mocks/obsidian';

type Secret = { selectEl__?: HTMLSelectElement; _onChange: ((v: string) => unknown) | null };

let installed = false;

export function installFaithfulSecrets(): void {
  if (installed) return;
  installed = true;
  const proto = SecretComponent.prototype as unknown as Secret & {
    constructor2__(app: App, containerEl: HTMLElement): void;
    setValue(v: string): Secret;
  };
  proto.constructor2__ = function (this: Secret, app: App, containerEl: HTMLElement): void {
    const select = containerEl.createEl('select', { cls: 'secret-component dropdown' });
    select.createEl('option', { value: '', text: 'Select a secret' });
    for (const id of app.secretStorage.listSecrets()) select.createEl('option', { value: id, text: id });
    select.addEventListener('change', () => void this._onChange?.(select.value));
    this.selectEl__ = select;
  };
  proto.setValue = function (this: Secret, v: string) {
    const select = this.selectEl__;
    if (select) {
      // A name the storage no longer has is still shown, so the user sees what the setting points to.
      if (v !== '' && ![...select.options].some((o) => o.value === v)) select.createEl('option', { value: v, text: v });
      select.value = v;
    }
    return this;
  };
}
