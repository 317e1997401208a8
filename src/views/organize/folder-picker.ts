// "Organize folder" asks which folder first: a fuzzy picker over the vault's folders.
import { type App, FuzzySuggestModal, TFolder } from 'obsidian';

export class FolderPickerModal extends FuzzySuggestModal<TFolder> {
  constructor(
    app: App,
    private readonly onPick: (folder: TFolder) => void,
  ) {
    super(app);
    this.setPlaceholder('Choose a folder to organize');
  }

  getItems(): TFolder[] {
    return this.app.vault.getAllLoadedFiles().filter((f): f is TFolder => f instanceof TFolder);
  }

  getItemText(folder: TFolder): string {
    return folder.isRoot() ? '/ (the whole vault)' : folder.path;
  }

  onChooseItem(folder: TFolder): void {
    this.onPick(folder);
  }
}
