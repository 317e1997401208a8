// The organize progress window: what the planner and the agent are doing, streamed as it happens,
// an optional naming-convention choice, and Cancel, which aborts the run before anything is
// written. Closing the window while the run is going is the same as Cancel.
import { type App, Component, Modal } from 'obsidian';
import type { NamingConvention } from '../../agents/organize/naming/naming-conventions';

/** Messages kept on screen; older ones scroll away so a long agent run stays light. */
const MAX_LINES = 200;

export class OrganizeModal extends Modal {
  private readonly controller = new AbortController();
  private readonly component = new Component();
  private logEl: HTMLElement | null = null;
  private stepEl: HTMLElement | null = null;
  private button: HTMLButtonElement | null = null;
  private finished = false;
  /** The text of a model reply being streamed, shown as one growing line. */
  private streamLine: HTMLElement | null = null;

  constructor(
    app: App,
    private readonly label: string,
  ) {
    super(app);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  override onOpen(): void {
    this.component.load();
    this.setTitle(`Organize ${this.label}`);
    this.contentEl.addClass('reeve-organize-modal');
    this.stepEl = this.contentEl.createDiv({ cls: 'reeve-organize-step' });
    this.logEl = this.contentEl.createDiv({ cls: 'reeve-organize-log', attr: { 'aria-live': 'polite' } });
    const buttons = this.contentEl.createDiv({ cls: 'modal-button-container' });
    this.button = buttons.createEl('button', { text: 'Cancel' });
    this.component.registerDomEvent(this.button, 'click', () => {
      if (this.finished) this.close();
      else this.cancel();
    });
  }

  override onClose(): void {
    if (!this.finished) this.cancel();
    this.component.unload();
    this.contentEl.empty();
  }

  cancel(): void {
    if (this.controller.signal.aborted) return;
    this.controller.abort();
    this.log('Cancelling…');
  }

  /** One progress line. */
  log(message: string): void {
    this.streamLine = null;
    this.logEl?.createDiv({ cls: 'reeve-organize-line', text: message });
    this.trim();
  }

  /** Streamed model text, appended to the current reply's line. */
  stream(text: string): void {
    if (!this.logEl) return;
    this.streamLine ??= this.logEl.createDiv({ cls: 'reeve-organize-line is-model' });
    this.streamLine.appendText(text);
  }

  /** The run is over: Cancel becomes Close. */
  finish(message: string): void {
    this.finished = true;
    this.log(message);
    this.button?.setText('Close');
  }

  /**
   * Offers the folder's top naming conventions (name, pattern, example, share) and Skip.
   * Resolves with the choice, or null for Skip or Cancel.
   */
  chooseNaming(options: readonly NamingConvention[]): Promise<NamingConvention | null> {
    const step = this.stepEl;
    if (!step || options.length === 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      const done = (choice: NamingConvention | null): void => {
        step.empty();
        this.signal.removeEventListener('abort', onAbort);
        if (choice) this.log(`Naming convention: ${choice.name}`);
        resolve(choice);
      };
      const onAbort = (): void => done(null);
      this.signal.addEventListener('abort', onAbort);
      step.createEl('h3', { text: 'Choose a naming convention' });
      step.createEl('p', { text: 'Files that do not follow the one you choose get a rename in the plan.', cls: 'setting-item-description' });
      for (const option of options.slice(0, 3)) {
        const b = step.createEl('button', { cls: 'reeve-naming-option' });
        b.createDiv({ cls: 'reeve-naming-name', text: `${option.name} (${Math.round(option.share * 100)}% of files)` });
        b.createDiv({ cls: 'reeve-naming-detail', text: `${option.pattern}, for example ${option.example}` });
        this.component.registerDomEvent(b, 'click', () => done(option));
      }
      const skip = step.createEl('button', { text: 'Skip' });
      this.component.registerDomEvent(skip, 'click', () => done(null));
    });
  }

  private trim(): void {
    const log = this.logEl;
    while (log && log.childElementCount > MAX_LINES) log.firstElementChild?.remove();
  }
}
