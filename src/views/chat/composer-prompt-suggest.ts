// `/` in the message box: the saved prompts (saved-prompts.ts) in a list under the box, filtered
// by what follows the slash. Picking one (click, or Enter / Tab on the highlighted row; arrows
// move) runs it; Escape closes the list and leaves the text as typed. With no folder picked, or
// one behind a wall, the list says so; a prompt note that cannot be used is listed with why.
import type { PromptList, SavedPrompt } from '../../agents/chat/saved-prompts';
import { suggestListKey } from './suggest-keys';

let nextListId = 0;

/** The `/query` the message is, while the caret is in it (a message that starts with a slash and has no space yet). */
export function slashQuery(text: string, caret: number): string | null {
  const m = /^\/(\S*)$/.exec(text.slice(0, caret));
  return m ? (m[1] ?? '') : null;
}

export class ComposerPromptSuggest {
  private readonly listEl: HTMLElement;
  private shown: SavedPrompt[] = [];
  private selected = 0;
  private loaded: PromptList | null = null;
  private loading = 0;
  /** The list the box names while this one is closed (the `[[` list's). */
  private otherList: string | null = null;

  constructor(
    private readonly input: HTMLTextAreaElement,
    parent: HTMLElement,
    private readonly load: () => Promise<PromptList>,
    private readonly onPick: (prompt: SavedPrompt) => void,
  ) {
    const id = `reeve-chat-prompt-list-${++nextListId}`;
    this.listEl = parent.createDiv({ cls: 'suggestion-container reeve-chat-link-suggest reeve-chat-prompt-suggest reeve-hidden', attr: { id, role: 'listbox', 'aria-label': 'Saved prompts' } });
    input.addEventListener('input', () => void this.update());
    input.addEventListener('blur', () => this.close());
    input.addEventListener('keydown', (evt) => this.key(evt));
  }

  isOpen(): boolean {
    return !this.listEl.hasClass('reeve-hidden');
  }

  private async update(): Promise<void> {
    const query = slashQuery(this.input.value, this.input.selectionStart);
    if (query === null) return this.close();
    // The folder is read again each time the list opens: a prompt saved a moment ago is in it.
    if (!this.isOpen() || this.loaded === null) {
      const mine = ++this.loading;
      this.loaded = null;
      const list = await this.load().catch((e: unknown): PromptList => ({ status: 'ok', folder: '', prompts: [], problems: [{ path: '', problem: e instanceof Error ? e.message : String(e) }] }));
      if (mine !== this.loading) return;
      this.loaded = list;
    }
    const q = slashQuery(this.input.value, this.input.selectionStart);
    if (q === null) return this.close();
    this.draw(q.toLowerCase());
  }

  private draw(query: string): void {
    const list = this.loaded;
    this.listEl.empty();
    this.listEl.removeClass('reeve-hidden');
    if (this.input.getAttribute('aria-controls') !== this.listEl.id) this.otherList = this.input.getAttribute('aria-controls');
    this.input.setAttrs({ 'aria-controls': this.listEl.id, 'aria-expanded': 'true' });
    this.shown = [];
    if (list === null) return;
    if (list.status === 'none') {
      this.listEl.createDiv({ cls: 'suggestion-empty', text: "No saved prompts folder: pick one in Reeve's settings, under Chat." });
      return;
    }
    if (list.status === 'walled') {
      this.listEl.createDiv({ cls: 'suggestion-empty', text: `The saved prompts folder "${list.folder}" is behind a wall (an excluded folder, or Reeve's plan or chat folder): nothing in it is read. Pick another in Reeve's settings.` });
      return;
    }
    this.shown = list.prompts.filter((p) => p.name.toLowerCase().includes(query));
    this.selected = Math.min(this.selected, Math.max(0, this.shown.length - 1));
    const items = this.listEl.createDiv({ cls: 'suggestion' });
    this.shown.forEach((p, i) => {
      const row = items.createDiv({ cls: 'suggestion-item', attr: { id: `${this.listEl.id}-${i}`, role: 'option', 'aria-selected': String(i === this.selected), 'data-path': p.path } });
      row.toggleClass('is-selected', i === this.selected);
      row.createDiv({ text: p.name });
      const meta = [p.agents ? `agents: ${(['scout', 'web', 'task'] as const).filter((a) => p.agents?.[a]).join(', ')}` : '', p.scope ? `scope: ${p.scope}` : ''].filter((x) => x !== '').join(' · ');
      row.createDiv({ cls: 'reeve-chat-suggest-path', text: meta === '' ? p.path : `${p.path} · ${meta}` });
      row.addEventListener('mousedown', (evt) => evt.preventDefault());
      row.addEventListener('click', () => this.pick(p));
    });
    if (this.shown.length === 0) items.createDiv({ cls: 'suggestion-empty', text: list.prompts.length === 0 ? `No prompts in "${list.folder}" yet: each note there is one.` : 'No prompt matches' });
    for (const bad of list.problems) items.createDiv({ cls: 'suggestion-empty reeve-chat-prompt-problem', text: `${bad.path}: ${bad.problem}` });
    if (this.shown.length > 0) this.input.setAttr('aria-activedescendant', `${this.listEl.id}-${this.selected}`);
    else this.input.removeAttribute('aria-activedescendant');
  }

  private key(evt: KeyboardEvent): void {
    if (!this.isOpen() || evt.isComposing) return;
    suggestListKey(evt, {
      count: this.shown.length,
      selected: this.selected,
      move: (i) => {
        this.selected = i;
        this.draw(slashQuery(this.input.value, this.input.selectionStart)?.toLowerCase() ?? '');
      },
      pick: (i) => {
        const p = this.shown[i];
        if (p) this.pick(p);
      },
      close: () => this.close(),
    });
  }

  private pick(p: SavedPrompt): void {
    this.close();
    this.onPick(p);
  }

  close(): void {
    // Closed already: the box's attributes may be the `[[` list's now, and stay as they are.
    if (!this.isOpen()) {
      this.loading++;
      return;
    }
    if (this.otherList !== null && this.input.getAttribute('aria-controls') === this.listEl.id) this.input.setAttr('aria-controls', this.otherList);
    this.loading++;
    this.loaded = null;
    this.selected = 0;
    this.listEl.addClass('reeve-hidden');
    this.listEl.empty();
    this.input.setAttr('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }
}
