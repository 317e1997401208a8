// `[[` in the message box: a list of the vault's notes under the box, filtered by what follows the
// brackets, as Obsidian's editor suggests links. Picking one (click, or Enter / Tab on the
// highlighted row; arrows move) writes `[[link]]` into the message and names the note to the
// chat, which adds it to the context. Escape closes the list and leaves the text as typed.
// Obsidian's AbstractInputSuggest takes an input or a contenteditable, not a textarea, so the
// list is drawn here with Obsidian's suggestion classes.
import type { App, TFile } from 'obsidian';
import { findNotes } from './note-suggest';
import type { Wall } from '../../search/retrieval/walls';
import { suggestListKey } from './suggest-keys';

let nextListId = 0;

/** The `[[query` the caret stands in, when it is an unclosed link on one line. */
export function openLinkAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('[[');
  if (start < 0) return null;
  const query = before.slice(start + 2);
  return /[\]\n[]/.test(query) ? null : { start, query };
}

export class ComposerLinkSuggest {
  private readonly listEl: HTMLElement;
  private files: TFile[] = [];
  private selected = 0;
  private link: { start: number; query: string } | null = null;

  constructor(
    private readonly app: App,
    private readonly input: HTMLTextAreaElement,
    parent: HTMLElement,
    private readonly wall: () => Wall,
    private readonly sourcePath: () => string,
    private readonly onPick: (path: string) => void,
  ) {
    const id = `reeve-chat-link-list-${++nextListId}`;
    this.listEl = parent.createDiv({ cls: 'suggestion-container reeve-chat-link-suggest reeve-hidden', attr: { id, role: 'listbox', 'aria-label': 'Notes to link' } });
    input.setAttrs({ 'aria-autocomplete': 'list', 'aria-controls': id, 'aria-expanded': 'false' });
    input.addEventListener('input', () => this.update());
    input.addEventListener('click', () => this.update());
    input.addEventListener('blur', () => this.close());
    // Registered before the composer's own keydown (Enter sends), which skips handled events.
    input.addEventListener('keydown', (evt) => this.key(evt));
  }

  isOpen(): boolean {
    return !this.listEl.hasClass('reeve-hidden');
  }

  private update(): void {
    this.link = openLinkAt(this.input.value, this.input.selectionStart);
    if (this.link === null || this.input.selectionStart !== this.input.selectionEnd) return this.close();
    this.files = findNotes(this.app, this.link.query, [], this.wall());
    this.selected = 0;
    this.draw();
  }

  private draw(): void {
    this.listEl.empty();
    this.listEl.removeClass('reeve-hidden');
    this.input.setAttr('aria-expanded', 'true');
    if (this.files.length === 0) {
      this.listEl.createDiv({ cls: 'suggestion-empty', text: 'No note matches' });
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    const list = this.listEl.createDiv({ cls: 'suggestion' });
    this.files.forEach((file, i) => {
      const row = list.createDiv({ cls: 'suggestion-item', attr: { id: `${this.listEl.id}-${i}`, role: 'option', 'aria-selected': String(i === this.selected), 'data-path': file.path } });
      row.toggleClass('is-selected', i === this.selected);
      row.createDiv({ text: file.basename });
      row.createDiv({ cls: 'reeve-chat-suggest-path', text: file.path });
      // Keep the caret in the message box: a mousedown would move the focus to the row.
      row.addEventListener('mousedown', (evt) => evt.preventDefault());
      row.addEventListener('click', () => this.pick(file));
    });
    this.input.setAttr('aria-activedescendant', `${this.listEl.id}-${this.selected}`);
    list.children[this.selected]?.scrollIntoView({ block: 'nearest' });
  }

  private key(evt: KeyboardEvent): void {
    if (!this.isOpen() || evt.isComposing) return;
    suggestListKey(evt, {
      count: this.files.length,
      selected: this.selected,
      move: (i) => {
        this.selected = i;
        this.draw();
      },
      pick: (i) => {
        const file = this.files[i];
        if (file) this.pick(file);
      },
      close: () => this.close(),
    });
  }

  private pick(file: TFile): void {
    const link = this.link;
    if (link === null) return;
    const text = this.app.metadataCache.fileToLinktext(file, this.sourcePath(), true);
    const v = this.input.value;
    const caret = link.start + 2 + link.query.length;
    // Brackets the user already closed are reused, not doubled.
    const after = v.slice(caret).startsWith(']]') ? v.slice(caret + 2) : v.slice(caret);
    const inserted = `[[${text}]]`;
    this.input.value = v.slice(0, link.start) + inserted + after;
    const at = link.start + inserted.length;
    this.input.setSelectionRange(at, at);
    this.close();
    this.onPick(file.path);
    this.input.dispatchEvent(new Event('input'));
  }

  close(): void {
    this.link = null;
    this.listEl.addClass('reeve-hidden');
    this.listEl.empty();
    this.input.setAttr('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }
}
