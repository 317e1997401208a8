// A note open in an editor is the editor's text, not the file's: what the user typed in the last
// seconds is saved only later (TextFileView.requestSave is "Debounced save in 2 seconds from
// now"), and a write to the file under the editor makes Obsidian load the file again, losing the
// cursor, the selection and folded content (the plugin guidelines: "If you want to edit an active
// note, use the Editor interface instead of Vault.modify()"), and with them what was not saved yet.
// So the adapter reads an open note from its editor, and writes it as one editor transaction (one
// Ctrl-Z undoes it; CodeMirror maps the cursor, the selection and folds through the change),
// then saves the view so that the file and Obsidian's index catch up.
import { type App, type Editor, MarkdownView, type TFile } from 'obsidian';

/** Every Markdown view with a note open in it. */
export function openViews(app: App): MarkdownView[] {
  return app.workspace
    .getLeavesOfType('markdown')
    .map((leaf) => leaf.view)
    .filter((view): view is MarkdownView => view instanceof MarkdownView && view.file !== null);
}

/** The Markdown view `file` is open in, if any (any of them: Obsidian keeps views of one file in step). */
export function openView(app: App, file: TFile): MarkdownView | null {
  return openViews(app).find((view) => view.file?.path === file.path) ?? null;
}

/** The note's text as the user sees it: the editor's when it is open, else the file's. */
export async function noteText(app: App, file: TFile): Promise<string> {
  return openView(app, file)?.editor.getValue() ?? app.vault.read(file);
}

/** Replaces `current` with `next` by the smallest change: the text both share at either end stays. */
function replaceChanged(editor: Editor, current: string, next: string): void {
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start++;
  let end = 0;
  while (end < current.length - start && end < next.length - start && current[current.length - 1 - end] === next[next.length - 1 - end]) end++;
  const from = editor.offsetToPos(start);
  const to = editor.offsetToPos(current.length - end);
  editor.transaction({ changes: [{ from, to, text: next.slice(start, next.length - end) }] });
}

/**
 * `Vault.process` for a note that may be open: `fn` sees the editor's text and its answer goes
 * into the editor in one transaction, then the view saves. Returns the text written.
 */
export async function processNote(app: App, file: TFile, fn: (data: string) => string): Promise<string> {
  const view = openView(app, file);
  if (!view) return app.vault.process(file, fn);
  const current = view.editor.getValue();
  const next = fn(current);
  if (next === current) return next;
  replaceChanged(view.editor, current, next);
  await view.save();
  return next;
}
