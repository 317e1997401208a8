// Opening a file in a leaf, as Obsidian's docs describe it: `WorkspaceLeaf.openFile(file, openState)`
// takes an `OpenViewState` ({state, eState, active}); the leaf's view state becomes the file's view
// (`markdown` for a note) with `state.file`, and `eState`, the view's ephemeral state (where a
// Markdown view scrolls to, e.g. `{line}`), is handed to the leaf, replacing the last one.
// `Workspace.openLinkText(linktext, sourcePath, newLeaf, openViewState)` resolves the link's path
// (its `#subpath` goes to `eState.subpath`) and opens the file the same way. The mocks set the
// file and drop the rest, so a test could not see where a note was opened. A note opens in a
// MarkdownView whose editor holds unsaved text (markdown-view.ts), as Obsidian's does.
import type { OpenViewState, PaneType } from 'obsidian';
import { parseLinktext, Workspace, WorkspaceLeaf, type TFile } from 'obsidian-test-mocks/obsidian';
import { openMarkdownView } from './markdown-view';

type Leaf = WorkspaceLeaf;

/** What openLinkText uses of the workspace (its app is private in the mocks' types). */
interface WorkspaceInside {
  app: { metadataCache: { getFirstLinkpathDest(path: string, source: string): TFile | null } };
  getLeaf(newLeaf?: PaneType | boolean): WorkspaceLeaf;
}

let installed = false;

export function installFaithfulWorkspace(): void {
  if (installed) return;
  installed = true;
  const leafProto = WorkspaceLeaf.prototype;
  const openFile = leafProto.openFile;
  leafProto.openFile = async function (this: Leaf, file: TFile, openState?: OpenViewState): Promise<void> {
    await openFile.call(this, file, openState);
    const type = file.extension === 'md' ? 'markdown' : file.extension;
    await this.setViewState({ type, state: { ...openState?.state, file: file.path }, active: openState?.active ?? false }, openState?.eState ?? {});
    if (type === 'markdown') (this as { view: unknown }).view = await openMarkdownView(this, file);
    if (openState?.active) this.app__.workspace.setActiveLeaf(this);
  };
  const wsProto = Workspace.prototype as unknown as { openLinkText: Workspace['openLinkText'] };
  wsProto.openLinkText = async function (this: WorkspaceInside, linktext: string, sourcePath: string, newLeaf?: PaneType | boolean, openViewState?: OpenViewState): Promise<void> {
    const { path, subpath } = parseLinktext(linktext);
    const file = this.app.metadataCache.getFirstLinkpathDest(path, sourcePath);
    if (!file) return;
    const eState = { ...openViewState?.eState, ...(subpath ? { subpath } : {}) };
    await this.getLeaf(newLeaf).openFile(file, { ...openViewState, active: openViewState?.active ?? true, eState });
  };
}
