// A saved prompt made into a message: `{{selection}}` from the note's editor (the text selected in
// the note the user was last in: the editor keeps its selection while the chat has the focus) and
// `{{note}}` as a link to that note, which the chat also adds to the context. A prompt that needs
// a selection or a note it does not have is not run, and a notice says what it needs. The command
// "Run a saved prompt" lists the prompts in a modal, opens the chat and runs the one picked.
import { FuzzySuggestModal, Notice, type App, type Plugin } from 'obsidian';
import { fillPrompt, usesPlaceholder, type SavedPrompt } from '../../agents/chat/saved-prompts';
import { openView } from '../../vault-vfs/obsidian-open-note';
import type { ChatHost } from './chat-host';

export interface PromptMessage {
  text: string;
  /** The note `{{note}}` names, to add to the context. */
  note: string | null;
}

/** The text selected in the editor of `path`, or '' when it is not open or nothing is selected. */
export function editorSelection(app: App, path: string | null): string {
  const file = path === null ? null : app.vault.getFileByPath(path);
  return (file ? openView(app, file)?.editor.getSelection() : '') ?? '';
}

export function promptMessage(app: App, prompt: SavedPrompt, currentNote: string | null, selection: string): PromptMessage | { problem: string } {
  const wantsNote = usesPlaceholder(prompt.body, 'note');
  if (usesPlaceholder(prompt.body, 'selection') && selection.trim() === '') return { problem: `"${prompt.name}" works on the selection: select some text in a note first.` };
  const file = currentNote === null ? null : app.vault.getFileByPath(currentNote);
  if (wantsNote && file === null) return { problem: `"${prompt.name}" works on the current note: open a note first.` };
  const link = file === null ? '' : `[[${app.metadataCache.fileToLinktext(file, '', true)}]]`;
  return { text: fillPrompt(prompt.body, { selection, note: link }), note: wantsNote ? currentNote : null };
}

class PromptModal extends FuzzySuggestModal<SavedPrompt> {
  constructor(
    app: App,
    private readonly prompts: SavedPrompt[],
    private readonly choose: (p: SavedPrompt) => void,
  ) {
    super(app);
    this.setPlaceholder('Run a saved prompt…');
  }

  getItems(): SavedPrompt[] {
    return this.prompts;
  }

  getItemText(p: SavedPrompt): string {
    return p.name;
  }

  onChooseItem(p: SavedPrompt): void {
    this.choose(p);
  }
}

/** The palette command "Run a saved prompt" (no default hotkey). */
export function registerSavedPromptCommand(plugin: Plugin, host: ChatHost, run: (p: SavedPrompt, selection: string) => Promise<void>): void {
  plugin.addCommand({
    id: 'run-saved-prompt',
    name: 'Run a saved prompt',
    callback: () =>
      void host.savedPrompts().then((list) => {
        if (list.status === 'none') return void new Notice('Reeve: no saved prompts folder is set; pick one in the plugin settings.');
        if (list.status === 'walled') return void new Notice(`Reeve: the saved prompts folder "${list.folder}" is behind a wall (an excluded folder, or Reeve's plan or chat folder); nothing in it is read.`);
        if (list.prompts.length === 0) return void new Notice(`Reeve: no usable prompts in "${list.folder}"${list.problems.length > 0 ? `: ${list.problems.map((p) => `${p.path}: ${p.problem}`).join('; ')}` : ''}.`);
        // The selection as it is now, before the chat takes the focus.
        const file = plugin.app.workspace.getActiveFile();
        const selection = editorSelection(plugin.app, file?.path ?? null);
        new PromptModal(plugin.app, list.prompts, (p) => void run(p, selection)).open();
      }),
  });
}
