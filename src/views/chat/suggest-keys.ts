// The keys of the composer's suggestion lists (the `[[` note list and the `/` prompt list), as
// Obsidian's own suggesters take them: arrows move the selection round the list, Enter or Tab
// picks it, Escape closes the list. A key the list takes does nothing else in the composer.

export interface SuggestListKeys {
  /** How many items the list shows, and which is selected. */
  count: number;
  selected: number;
  /** The selection moved to `index`. */
  move(index: number): void;
  /** Enter or Tab on the selected item. */
  pick(index: number): void;
  close(): void;
}

/** Handles `evt` for an open list; returns whether the list took the key. */
export function suggestListKey(evt: KeyboardEvent, list: SuggestListKeys): boolean {
  const n = list.count;
  if (evt.key === 'ArrowDown' || evt.key === 'ArrowUp') {
    if (n === 0) return false;
    list.move((list.selected + (evt.key === 'ArrowDown' ? 1 : n - 1)) % n);
  } else if ((evt.key === 'Enter' || evt.key === 'Tab') && !evt.shiftKey) {
    if (list.selected >= n) return false;
    list.pick(list.selected);
  } else if (evt.key === 'Escape') {
    list.close();
  } else {
    return false;
  }
  evt.preventDefault();
  evt.stopPropagation();
  return true;
}
