// The composer: the request (Enter sends, Shift+Enter breaks the line), the agent toggles Scout /
// Web / Task (persisted through the host; Send is disabled when all are off), Send, and Stop while
// a run is going. Typing `[[` opens the note list in the message box itself (ComposerLinkSuggest):
// the link goes into the message, and the note into the context.
import type { PhaseName } from '../../agents/pipeline/pipeline-events';
import type { ChatHost } from './chat-host';
import { ComposerLinkSuggest } from './composer-link-suggest';
import { ComposerPromptSuggest } from './composer-prompt-suggest';
import { ComposerModels } from './composer-models';
import type { SavedPrompt } from '../../agents/chat/saved-prompts';

const AGENTS: { name: PhaseName; label: string; tip: string }[] = [
  { name: 'scout', label: 'Scout', tip: 'Scout: finds the notes that matter' },
  { name: 'web', label: 'Web', tip: 'Web: searches and reads pages' },
  { name: 'task', label: 'Task', tip: 'Task: answers, or proposes edits' },
];

export interface ComposerActions {
  send(text: string): void;
  stop(): void;
  togglesChanged(agents: Record<PhaseName, boolean>): void;
  /** A note the user linked with `[[` in the message. */
  noteLinked(path: string): void;
  /** The path links in the message are written relative to (the current note). */
  sourcePath(): string;
  /** A saved prompt picked with `/`. */
  runPrompt(prompt: SavedPrompt): void;
}

export class Composer {
  readonly input: HTMLTextAreaElement;
  readonly sendButton: HTMLButtonElement;
  readonly stopButton: HTMLButtonElement;
  readonly toggles = new Map<PhaseName, HTMLButtonElement>();
  readonly links: ComposerLinkSuggest;
  readonly prompts: ComposerPromptSuggest;
  readonly models: ComposerModels;
  private running = false;

  constructor(
    readonly el: HTMLElement,
    private readonly host: ChatHost,
    private readonly actions: ComposerActions,
  ) {
    el.addClass('reeve-chat-composer');
    const row = el.createDiv({ cls: 'reeve-chat-toggles', attr: { role: 'group', 'aria-label': 'Agents' } });
    for (const a of AGENTS) {
      const b = row.createEl('button', { cls: 'reeve-chat-toggle', text: a.label, attr: { 'aria-label': a.tip, 'aria-pressed': 'false', 'data-agent': a.name } });
      b.addEventListener('click', () => void this.flip(a.name));
      this.toggles.set(a.name, b);
    }
    this.models = new ComposerModels(el.createDiv(), host);
    const box = el.createDiv({ cls: 'reeve-chat-input-box' });
    this.input = box.createEl('textarea', { cls: 'reeve-chat-input', attr: { rows: '3', placeholder: 'Ask about your notes…', 'aria-label': 'Message' } });
    this.links = new ComposerLinkSuggest(host.app, this.input, box, () => host.wall(), () => actions.sourcePath(), (path) => actions.noteLinked(path));
    this.prompts = new ComposerPromptSuggest(this.input, box, () => host.savedPrompts(), (p) => actions.runPrompt(p));
    this.input.addEventListener('keydown', (evt) => {
      if (evt.defaultPrevented) return; // the link list took the key
      if (evt.key === 'Enter' && !evt.shiftKey && !evt.isComposing) {
        evt.preventDefault();
        this.trySend();
      }
    });
    this.input.addEventListener('input', () => this.update());
    const buttons = el.createDiv({ cls: 'reeve-chat-composer-actions' });
    this.stopButton = buttons.createEl('button', { cls: 'reeve-chat-stop mod-warning', text: 'Stop', attr: { 'aria-label': 'Stop the run' } });
    this.sendButton = buttons.createEl('button', { cls: 'reeve-chat-send mod-cta', text: 'Send', attr: { 'aria-label': 'Send' } });
    this.sendButton.addEventListener('click', () => this.trySend());
    this.stopButton.addEventListener('click', () => this.actions.stop());
    this.update();
  }

  agents(): Record<PhaseName, boolean> {
    return this.host.agents();
  }

  private async flip(name: PhaseName): Promise<void> {
    const next = { ...this.host.agents(), [name]: !this.host.agents()[name] };
    await this.host.setAgents(next);
    this.update();
    this.actions.togglesChanged(next);
  }

  setRunning(running: boolean): void {
    this.running = running;
    this.update();
  }

  private canSend(): boolean {
    const a = this.host.agents();
    return !this.running && (a.scout || a.web || a.task) && this.input.value.trim() !== '';
  }

  private trySend(): void {
    if (!this.canSend()) return;
    const text = this.input.value.trim();
    this.input.value = '';
    this.actions.send(text);
    this.update();
  }

  update(): void {
    const a = this.host.agents();
    for (const [name, b] of this.toggles) {
      b.setAttr('aria-pressed', String(a[name]));
      b.toggleClass('is-active', a[name]);
    }
    const none = !a.scout && !a.web && !a.task;
    this.sendButton.disabled = !this.canSend();
    this.sendButton.setAttr('title', none ? 'Turn on at least one agent' : 'Send');
    this.sendButton.toggleClass('reeve-hidden', this.running);
    this.stopButton.toggleClass('reeve-hidden', !this.running);
  }
}
