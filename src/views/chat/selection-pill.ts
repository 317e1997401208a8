// The selection the command "Ask about the selection" brought to the chat, shown as a pill above
// the context until the next message takes it (or × removes it): the note and lines, with the
// selected text as the pill's tooltip. The command reads the selection from the editor it ran in.
import type { Editor } from 'obsidian';
import { selectionLines, type SelectionContext } from '../../agents/chat/selection-context';

/** The editor's selection in `path`, or null when nothing is selected. */
export function editorSelectionContext(editor: Editor, path: string): SelectionContext | null {
  const text = editor.getSelection();
  if (text.trim() === '') return null;
  const a = editor.getCursor('from');
  const b = editor.getCursor('to');
  // A selection that ends at the start of a line does not take that line.
  const to = b.ch === 0 && b.line > a.line ? b.line - 1 : b.line;
  return { path, from: a.line, to, text };
}

export class SelectionPill {
  selection: SelectionContext | null = null;

  constructor(private readonly el: HTMLElement) {
    el.addClass('reeve-chat-pills');
    el.addClass('reeve-hidden');
  }

  set(s: SelectionContext | null): void {
    this.selection = s;
    this.el.empty();
    this.el.toggleClass('reeve-hidden', s === null);
    if (s === null) return;
    const pill = this.el.createSpan({ cls: 'reeve-chat-pill is-selection', attr: { title: s.text, 'data-path': s.path } });
    pill.createSpan({ text: `Selection: ${s.path.replace(/\.md$/, '')}, ${selectionLines(s)}` });
    const x = pill.createEl('button', { cls: 'reeve-chat-pill-remove', text: '×', attr: { 'aria-label': 'Remove the selection from the context' } });
    x.addEventListener('click', () => this.set(null));
  }

  /** The selection for the message being sent; the pill goes with it. */
  take(): SelectionContext | null {
    const s = this.selection;
    this.set(null);
    return s;
  }
}
