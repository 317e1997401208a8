// When the semantic store is written: at most every `intervalMs` during a build, a quiet
// `delayMs` after the last change once built, and on demand (stop, cancel, failure). Saves run
// one after another, so an older store never lands last, and a store unchanged since its last
// save is not written again. A build for another model than the saved store's is saved to its own
// file and promoted over the saved store once it has finished (store-file.ts).

import type { TimeSlicer } from '../../vault-vfs/time-slicer';
import type { StateStore } from '../../vault-vfs/vault-port';
import type { SemanticStore } from './semantic-store';
import type { StoreIdentity } from './store-codec';
import { saveStore, STORE_FILE } from './store-file';

export class StoreSaver {
  /** Size of the file as last loaded or saved. */
  bytesOnDisk = 0;
  savedGeneration = -1;
  /** Where saves go (see StoreLoad.file). */
  file = STORE_FILE;
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last = 0;

  constructor(
    private readonly state: StateStore | null,
    private readonly id: StoreIdentity,
    private readonly slicer: TimeSlicer,
    private readonly store: () => SemanticStore,
    private readonly intervalMs: number,
    private readonly delayMs: number,
  ) {}

  /** During a build: saves if the interval has passed. */
  async maybe(): Promise<void> {
    if (performance.now() - this.last > this.intervalMs) await this.now();
  }

  later(): void {
    if (this.state === null) return;
    this.cancelTimer();
    const timer = setTimeout(() => {
      this.timer = null;
      void this.now().catch(() => undefined);
    }, this.delayMs);
    // Under Node, a pending save must not keep a finished script alive (stop saves anyway).
    (timer as { unref?: () => void }).unref?.();
    this.timer = timer;
  }

  cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  now(): Promise<void> {
    const state = this.state;
    if (state === null) return Promise.resolve();
    const run = async (): Promise<void> => {
      this.last = performance.now();
      const store = this.store();
      if (store.generation === this.savedGeneration) return;
      const generation = store.generation;
      this.bytesOnDisk = await saveStore(state, store, this.id, this.slicer, this.file);
      this.savedGeneration = generation;
    };
    return this.queue(run);
  }

  private queue(run: () => Promise<void>): Promise<void> {
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The build is finished: its file, saved now, replaces the saved store of another model. */
  async promote(): Promise<void> {
    const state = this.state;
    if (state === null || this.file === STORE_FILE) return;
    const from = this.file;
    this.savedGeneration = -1;
    await this.now();
    await this.queue(async () => {
      const bytes = await state.readBinary(from);
      if (bytes === null) return;
      await state.write(STORE_FILE, bytes);
      await state.remove(from);
      this.file = STORE_FILE;
    });
  }
}
