// The runtime's Modal.open() runs onOpen and closes the modal on the next tick; Obsidian's stays
// open until the user or the code closes it. Tests that click inside a modal keep it open.
import { Modal } from 'obsidian-test-mocks/obsidian';
import { afterEach, beforeEach, vi } from 'vitest';

/** Registers hooks that keep every modal open; returns the modals opened in the current test. */
export function keepModalsOpen(): { readonly opened: Modal[] } {
  const state = { opened: [] as Modal[] };
  beforeEach(() => {
    state.opened = [];
    vi.spyOn(Modal.prototype, 'open').mockImplementation(function (this: Modal) {
      state.opened.push(this);
      this.onOpen();
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return state;
}
