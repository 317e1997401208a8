// A note open in a Markdown view, as Obsidian keeps it (obsidian.d.ts, TextFileView): the view
// holds the text in memory (`data`, "In memory data"; the editor's text is what `getViewData`
// returns, "called to save the editor contents to the file"), every change asks for a save
// (`requestSave`, "Debounced save in 2 seconds from now"), and `save()` writes the text now.
// Until then the file on disk is behind what the user typed.
// When the file changes on disk under the view, the view loads the file's text again
// (`setViewData` "is used to load the file contents"). The plugin guidelines warn what that costs
// ("Prefer the Editor API instead of Vault.modify to the active file": "cursor position,
// selection, and folded content" are lost); the runtime loads the file's text as is, so unsaved
// typing is gone too and the cursor goes to the start, the worst case the guideline warns of.
// The mocks' MarkdownView keeps `data` apart from its editor and never saves.
import { MarkdownView, type TFile, type WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { WitnessEditor } from './witness/editor';

/** TextFileView.requestSave: "Debounced save in 2 seconds from now". */
export const AUTOSAVE_MS = 2000;

type Leaf = WorkspaceLeaf & { app__: { vault: WorkspaceLeaf['app__']['vault'] } };

/** Opens `file` in a new MarkdownView on `leaf`, loaded with the file's text. */
export async function openMarkdownView(leaf: Leaf, file: TFile): Promise<MarkdownView> {
  const vault = leaf.app__.vault;
  const view = new MarkdownView(leaf);
  const editor = new WitnessEditor();
  view.editor = editor;
  view.file = file;
  /** The text the view last loaded or saved: a modify that brings it is the view's own save. */
  let onDisk = await vault.read(file);
  let timer: ReturnType<typeof setTimeout> | null = null;
  view.getViewData = () => editor.getValue();
  view.setViewData = (data: string, clear: boolean) => {
    view.data = data;
    editor.load__(data, clear);
  };
  view.save = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const text = view.getViewData();
    view.data = text;
    if (text === onDisk || vault.getFileByPath(file.path) !== file) return;
    onDisk = text;
    await vault.modify(file, text);
  };
  view.requestSave = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void view.save(), AUTOSAVE_MS);
    (timer as { unref?: () => void }).unref?.();
  };
  editor.onChange__ = () => view.requestSave();
  view.setViewData(onDisk, true);
  vault.on('modify', (...data: unknown[]) => {
    if (data[0] !== file || (leaf.view as unknown) !== view) return;
    void vault.read(file).then((text) => {
      if (text === onDisk) return;
      onDisk = text;
      if (timer) clearTimeout(timer);
      timer = null;
      view.setViewData(text, false);
    });
  });
  return view;
}
