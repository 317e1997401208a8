// The context the Task agent gets when Scout is off, shown before sending: the current note and
// the notes the user added as pills with their tokens, the link depth (0-3) and same-folder
// choices, and the total against the Task token limit, with the notes that limit would leave out.
// With Scout on only the notes the user named are shown: Scout picks the rest, and named notes are
// always read (buildTaskContext), so the user sees what they added and can take it out again.
import type { TaskContext } from '../../agents/pipeline/task-context';
import type { ChatHost } from './chat-host';
import { NoteSuggest } from './note-suggest';
import { namedAndCounted, tokensText } from './usage-text';

export class ContextPills {
  readonly manual: string[] = [];
  private readonly pillsEl: HTMLElement;
  private readonly totalEl: HTMLElement;
  readonly addInput: HTMLInputElement;
  private refreshing = 0;
  private scout = false;
  /** The last preview shown (for tests and the send check). */
  preview: TaskContext | null = null;

  constructor(
    readonly el: HTMLElement,
    private readonly host: ChatHost,
    private readonly currentNote: () => string | null,
  ) {
    el.addClass('reeve-chat-context');
    this.pillsEl = el.createDiv({ cls: 'reeve-chat-pills' });
    const controls = el.createDiv({ cls: 'reeve-chat-context-controls' });
    const depthLabel = controls.createEl('label', { cls: 'reeve-chat-depth' });
    depthLabel.createSpan({ text: 'Link depth ' });
    const depth = depthLabel.createEl('input', { type: 'range', attr: { min: '0', max: '3', step: '1', 'aria-label': 'Link depth' } });
    const depthValue = depthLabel.createSpan({ cls: 'reeve-chat-depth-value' });
    const folderLabel = controls.createEl('label', { cls: 'reeve-chat-same-folder' });
    const sameFolder = folderLabel.createEl('input', { type: 'checkbox', attr: { 'aria-label': 'Same folder' } });
    folderLabel.createSpan({ text: ' Same folder' });
    const c = host.context();
    depth.value = String(c.depth);
    depthValue.setText(String(c.depth));
    sameFolder.checked = c.sameFolder;
    depth.addEventListener('input', () => {
      depthValue.setText(depth.value);
      void host.setContext({ ...host.context(), depth: Number(depth.value) }).then(() => this.refresh());
    });
    sameFolder.addEventListener('change', () => void host.setContext({ ...host.context(), sameFolder: sameFolder.checked }).then(() => this.refresh()));
    this.addInput = controls.createEl('input', { type: 'text', cls: 'reeve-chat-add-note', attr: { placeholder: 'Add a note…', 'aria-label': 'Add a note to the context' } });
    new NoteSuggest(host.app, this.addInput, () => this.manual, () => host.wall(), (path) => this.add(path));
    this.totalEl = el.createDiv({ cls: 'reeve-chat-context-total', attr: { 'aria-live': 'polite' } });
  }

  /** Scout on: only the named notes, and nothing at all while there are none. */
  setScout(on: boolean): void {
    this.scout = on;
    this.el.toggleClass('is-scout', on);
    this.el.toggleClass('reeve-hidden', on && this.manual.length === 0);
    void this.refresh();
  }

  add(path: string): void {
    if (this.manual.includes(path)) return;
    this.manual.push(path);
    void this.refresh();
  }

  remove(path: string): void {
    const i = this.manual.indexOf(path);
    if (i >= 0) this.manual.splice(i, 1);
    void this.refresh();
  }

  /** Measures the context again and redraws the pills; the last call wins. */
  async refresh(): Promise<void> {
    const mine = ++this.refreshing;
    const c = this.host.context();
    const preview = await this.host.contextPreview({ currentNote: this.currentNote(), depth: c.depth, sameFolder: c.sameFolder, manual: [...this.manual] });
    if (mine !== this.refreshing) return;
    this.preview = preview;
    this.draw(preview);
  }

  private draw(preview: TaskContext | null): void {
    this.pillsEl.empty();
    this.el.toggleClass('reeve-hidden', this.scout && this.manual.length === 0);
    const tokens = new Map((preview?.notes ?? []).map((n) => [n.path, n.tokens]));
    const current = this.currentNote();
    if (current !== null && !this.scout) this.pill(current, tokens.get(current), 'current', false);
    for (const path of this.manual) this.pill(path, tokens.get(path), 'manual', true);
    if (this.scout) return;
    const linked = (preview?.notes ?? []).filter((n) => n.source === 'link' || n.source === 'folder');
    if (linked.length > 0) {
      const sum = linked.reduce((a, n) => a + n.tokens, 0);
      this.pillsEl.createSpan({ cls: 'reeve-chat-pill is-linked', text: `+${linked.length} linked · ${tokensText(sum)}`, attr: { title: linked.map((n) => n.path).join('\n') } });
    }
    const limit = this.host.taskTokenLimit();
    const total = (preview?.notes ?? []).reduce((a, n) => a + n.tokens, 0);
    this.totalEl.empty();
    this.totalEl.toggleClass('is-over', (preview?.dropped.length ?? 0) > 0);
    this.totalEl.createSpan({ text: preview === null ? 'Context: not measured' : `Context: ${tokensText(total)} of ${tokensText(limit)} tokens` });
    // The first few by name, the rest counted (all of them in the tooltip): a hub note's links must
    // not push the messages out of the pane.
    if (preview && preview.dropped.length > 0) {
      const named = preview.dropped.map((d) => `${d.path} (${tokensText(d.tokens)})`);
      this.totalEl.createDiv({ cls: 'reeve-chat-context-dropped', text: `Left out for the limit: ${namedAndCounted(named)}`, attr: { title: named.join('\n') } });
    }
  }

  private pill(path: string, tokens: number | undefined, kind: string, removable: boolean): void {
    const pill = this.pillsEl.createSpan({ cls: `reeve-chat-pill is-${kind}`, attr: { 'data-path': path } });
    pill.createSpan({ text: path.replace(/\.md$/, '') });
    pill.createSpan({ cls: 'reeve-chat-pill-tokens', text: tokens === undefined ? ' · left out' : ` · ${tokensText(tokens)}` });
    if (removable) {
      const x = pill.createEl('button', { cls: 'reeve-chat-pill-remove', text: '×', attr: { 'aria-label': `Remove ${path} from the context` } });
      x.addEventListener('click', () => this.remove(path));
    }
  }
}
