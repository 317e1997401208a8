// "Add a note" for the context: Obsidian's AbstractInputSuggest over the vault's notes, ranked
// with Obsidian's fuzzy search, so it behaves like the quick switcher. The composer's `[[`
// suggester ranks with the same `findNotes`.
import { AbstractInputSuggest, prepareFuzzySearch, type App, type TFile } from 'obsidian';
import type { Wall } from '../../search/retrieval/walls';

const SHOWN = 20;

/** The vault's notes matching `query` by fuzzy search on their paths, best first (all of them, by path, for an empty query). */
/** Notes whose path matches `query`, best first; never one in `excluded` or behind a wall (the chat offers no note an agent may not read). */
export function findNotes(app: App, query: string, excluded: readonly string[], walled: Wall): TFile[] {
  const skip = new Set(excluded);
  const match = prepareFuzzySearch(query.trim());
  const scored: { file: TFile; score: number }[] = [];
  for (const file of app.vault.getMarkdownFiles()) {
    if (skip.has(file.path) || walled(file.path)) continue;
    const r = query.trim() === '' ? { score: 0 } : match(file.path);
    if (r) scored.push({ file, score: r.score });
  }
  return scored.sort((a, b) => b.score - a.score || a.file.path.localeCompare(b.file.path)).slice(0, SHOWN).map((s) => s.file);
}

export class NoteSuggest extends AbstractInputSuggest<TFile> {
  constructor(
    app: App,
    private readonly input: HTMLInputElement,
    private readonly excluded: () => string[],
    private readonly wall: () => Wall,
    private readonly onPick: (path: string) => void,
  ) {
    super(app, input);
  }

  protected getSuggestions(query: string): TFile[] {
    return findNotes(this.app, query, this.excluded(), this.wall());
  }

  renderSuggestion(file: TFile, el: HTMLElement): void {
    el.createDiv({ text: file.basename });
    el.createDiv({ cls: 'reeve-chat-suggest-path', text: file.path });
  }

  override selectSuggestion(file: TFile): void {
    this.onPick(file.path);
    this.input.value = '';
    this.close();
  }
}
