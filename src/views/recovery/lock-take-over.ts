// The plugin's side of a stale journal lock (lock-staleness.ts): a job refused because Reeve on
// another computer holds the journal lock and has not touched it for the staleness period shows a
// notice saying whose it is, with a "Take over" button. The lock is taken over only on that
// click, and only if it is still that stale lock; then the user runs the action again.
import { Notice } from 'obsidian';
import { JournalBusyError, takeOverJournalLock } from '../../edits/journal/journal-lock';
import type { StateStore } from '../../vault-vfs/vault-port';

/** Offers to take the lock over when `error` is a stale lock's refusal; true if it did. */
export function offerLockTakeOver(state: StateStore, error: unknown): boolean {
  if (!(error instanceof JournalBusyError) || !error.stale) return false;
  const fragment = createFragment((f) => {
    f.createDiv({ text: `Reeve: ${error.message}` });
  });
  const notice = new Notice(fragment, 0);
  const button = notice.messageEl.createEl('button', { text: 'Take over', cls: 'mod-cta', attr: { type: 'button' } });
  button.addEventListener(
    'click',
    () => {
      notice.hide();
      void takeOverJournalLock(state, error.owner).then(
        (taken) => new Notice(taken ? `Reeve took over the journal lock of ${error.owner.host}: run what was refused again.` : 'Reeve: the journal lock changed hands meanwhile; nothing was taken over.'),
        (e: unknown) => new Notice(`Reeve could not take over the journal lock: ${e instanceof Error ? e.message : String(e)}`),
      );
    },
    { once: true },
  );
  return true;
}
