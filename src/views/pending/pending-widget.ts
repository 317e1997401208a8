// What every pending-block widget shares: it is a MarkdownRenderChild, so the DOM listeners it
// registers are released when Obsidian unloads the rendered block; its buttons are real <button>
// elements (keyboard operable) with aria-labels, all disabled while an action runs; and every
// outcome is said twice, inline (a live region) and in a Notice.
import { MarkdownRenderChild, Notice } from 'obsidian';
import type { StateStore } from '../../vault-vfs/vault-port';
import { offerLockTakeOver } from '../recovery/lock-take-over';

export type MessageKind = 'info' | 'done' | 'error';

export abstract class PendingWidget extends MarkdownRenderChild {
  private buttons: HTMLButtonElement[] = [];
  /** Buttons that have nothing to do right now (no pending operation left, say). */
  private unavailable = new Set<HTMLButtonElement>();
  private working = false;
  private finished = false;
  private messageEl: HTMLElement | null = null;
  /** False once unloaded: work that finishes later must not touch the DOM. */
  protected alive = false;

  override onload(): void {
    this.alive = true;
    this.containerEl.empty();
    this.containerEl.addClass('reeve-pending');
    this.render();
  }

  override onunload(): void {
    this.alive = false;
  }

  protected abstract render(): void;

  /** Where the journal lock lives, for the "Take over" offer of a stale lock; none by default. */
  protected journalState(): StateStore | null {
    return null;
  }

  protected addButton(parent: HTMLElement, text: string, ariaLabel: string, action: () => Promise<void>, primary = false): HTMLButtonElement {
    const button = parent.createEl('button', { text, cls: primary ? 'mod-cta' : [], attr: { type: 'button', 'aria-label': ariaLabel } });
    this.registerDomEvent(button, 'click', () => {
      void this.act(action);
    });
    this.buttons.push(button);
    return button;
  }

  /** The live region where outcomes are written; place it once, after the buttons. */
  protected addMessageArea(parent: HTMLElement): void {
    this.messageEl = parent.createDiv({ cls: 'reeve-pending-message', attr: { role: 'status', 'aria-live': 'polite' } });
  }

  /** Runs one action at a time; the buttons are disabled meanwhile and stay so once finished. */
  protected async act(action: () => Promise<void>): Promise<void> {
    if (this.working || this.finished) return;
    this.working = true;
    this.setButtonsDisabled(true);
    this.containerEl.setAttr('aria-busy', 'true');
    try {
      await action();
    } catch (e) {
      this.tell('error', `nothing was done: ${e instanceof Error ? e.message : String(e)}`);
      const state = this.journalState();
      if (state) offerLockTakeOver(state, e);
    } finally {
      this.working = false;
      this.containerEl.setAttr('aria-busy', 'false');
      if (!this.finished) this.setButtonsDisabled(false);
    }
  }

  /** The block has been decided: its buttons stay disabled (Obsidian re-renders the note anyway). */
  protected finish(): void {
    this.finished = true;
    this.setButtonsDisabled(true);
  }

  protected setButtonsDisabled(disabled: boolean): void {
    for (const b of this.buttons) b.disabled = disabled || this.unavailable.has(b);
  }

  /** Marks a button as having something to do, or not; it is enabled only when idle and available. */
  protected setAvailable(button: HTMLButtonElement, available: boolean): void {
    if (available) this.unavailable.delete(button);
    else this.unavailable.add(button);
    button.disabled = this.working || this.finished || !available;
  }

  /** Says an outcome inline and in a Notice. `text` starts lower case; the UI capitalises it. */
  protected tell(kind: MessageKind, text: string, notice = true): void {
    const sentence = text.charAt(0).toUpperCase() + text.slice(1);
    if (notice) new Notice(`Reeve: ${text}`);
    if (!this.alive || !this.messageEl) return;
    this.messageEl.setText(sentence);
    this.messageEl.toggleClass('is-error', kind === 'error');
    this.messageEl.toggleClass('is-done', kind === 'done');
  }
}
