// Builds the semantic index and keeps it in step with the vault, as VaultIndexer does for the
// keyword index: load the saved store (refused whole if it is of another model, damaged or old),
// compare each note's stamp, queue what changed, then chunk, embed only chunks whose hash is new,
// and save. Vault events arrive through the same change queue; a rename moves the note's vectors
// before anything is read. Work runs in time slices; embedding calls are awaited outside them.
//
// Resumable: the store is saved every `saveIntervalMs` during a build and when it stops for any
// reason, and a note enters the store only complete, so after a quit, crash or network failure the
// next start embeds only what no saved note has. Before a first build, `consent` (when given: the
// provider costs money) sees the estimate of tokens and price and may decline.

import { ChangeQueue } from '../keyword/change-queue';
import { TimeSlicer } from '../../vault-vfs/time-slicer';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { SemanticPhase, SemanticProgress } from './build-state';
import { BuildTally } from './build-tally';
import { PauseGate } from './pause-gate';
import type { SemanticIndexerOptions } from './indexer-options';
import { queueChangedNotes, queueFolderNotes } from './scan-vault';
import { CHUNKER_VERSION, DEFAULT_MAX_TOKENS } from './chunker';
import { collectNotes } from './collect-notes';
import { estimateWork } from './estimate-work';
import { EmbedBatcher } from './embed-batcher';
import { SemanticStore } from './semantic-store';
import type { StoreIdentity } from './store-codec';
import { applyVaultChange } from './vault-changes';
import { loadStore } from './store-file';
import { StoreSaver } from './store-saver';
import type { Embedder } from './types';

export type { SemanticIndexerOptions } from './indexer-options';

const READ_CONCURRENCY = 16;

export class SemanticIndexer {
  store: SemanticStore;
  readonly slicer: TimeSlicer;
  private readonly queue: ChangeQueue;
  private readonly batcher: EmbedBatcher;
  private readonly id: StoreIdentity;
  private phaseValue: SemanticPhase = 'new';
  private started: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private abort = new AbortController();
  private readonly gate = new PauseGate();
  private stopping = false;
  private readonly saver: StoreSaver;
  private readonly tally = new BuildTally();

  constructor(
    private readonly vault: VaultPort,
    readonly embedder: Embedder,
    private readonly options: SemanticIndexerOptions = {},
  ) {
    this.id = { key: embedder.key, chunker: CHUNKER_VERSION, maxTokens: options.chunk?.maxTokens ?? DEFAULT_MAX_TOKENS };
    this.store = new SemanticStore(embedder.key);
    this.queue = new ChangeQueue(() => this.store.notes.keys());
    // Vectors are staged in whichever store is current (a load replaces the empty one).
    this.batcher = new EmbedBatcher(embedder, options.batchSize ?? 64, { stage: (v) => this.store.stage(v), unstage: (slot) => this.store.unstage(slot) });
    this.slicer = new TimeSlicer(options.sliceMs ?? 10, options.yieldFn);
    const state = options.persist === false ? null : vault.state;
    this.saver = new StoreSaver(state, this.id, this.slicer, () => this.store, options.saveIntervalMs ?? 15_000, options.saveDelayMs ?? 5000);
  }

  get phase(): SemanticPhase {
    return this.phaseValue;
  }

  get progress(): SemanticProgress {
    return this.tally.progress(this.phaseValue, { notes: this.store.notes.size, chunks: this.store.chunkCount, longestBlockMs: this.slicer.longestBlockMs, bytesOnDisk: this.saver.bytesOnDisk });
  }

  /** Texts sent to the embedder since start, for tests and benchmarks. */
  get sent(): number {
    return this.tally.sent;
  }

  /** Loads, reconciles, asks consent if needed and builds; resolves when the build ends (any way). */
  start(): Promise<void> {
    this.started ??= this.run();
    return this.started;
  }

  /** Stops embedding after the call in flight; `resume` continues. */
  pause(): void {
    if (this.phaseValue !== 'embedding' && this.phaseValue !== 'scanning') return;
    this.gate.close();
    this.setPhase('paused');
  }

  /** Continues a paused, failed, cancelled or declined build. */
  resume(): void {
    this.gate.open();
    if (this.phaseValue === 'failed' || this.phaseValue === 'cancelled' || this.phaseValue === 'declined' || this.phaseValue === 'paused') {
      this.tally.error = null;
      this.abort = new AbortController();
      this.setPhase(this.queue.size > 0 ? 'embedding' : 'ready');
      this.kick();
    }
  }

  /** Stops now: the call in flight is aborted, finished notes are kept and saved. */
  async cancel(): Promise<void> {
    this.abort.abort();
    this.gate.open();
    await this.draining;
    if (this.phaseValue !== 'failed') this.setPhase('cancelled');
    await this.saver.now();
  }

  /** Resolves when every change seen so far is embedded or the build stopped. */
  async settled(): Promise<void> {
    await this.start();
    while (this.draining !== null) await this.draining;
  }

  async stop(save = true): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.saver.cancelTimer();
    this.abort.abort();
    this.gate.open();
    await this.started?.catch(() => undefined);
    await this.draining;
    if (save && this.phaseValue !== 'new') await this.saver.now();
    this.phaseValue = 'stopped';
  }

  private readonly walled = (path: string): boolean => this.options.walled?.(path) === true;

  private setPhase(phase: SemanticPhase): void {
    this.phaseValue = phase;
    this.options.onProgress?.(this.progress);
  }

  private async run(): Promise<void> {
    this.unsubscribe = this.vault.onChange((change) => {
      if (this.stopping || !applyVaultChange(change, this.store, this.queue, this.batcher)) return;
      if (this.phaseValue === 'ready') this.kick();
    });
    this.setPhase('loading');
    this.slicer.resume();
    if (this.options.persist !== false) {
      const loaded = await loadStore(this.vault.state, this.id, this.slicer);
      this.store = loaded.store;
      this.tally.refused = loaded.refused;
      this.saver.bytesOnDisk = loaded.refused === null ? loaded.bytes : 0;
      this.saver.savedGeneration = loaded.refused === null && loaded.bytes > 0 ? this.store.generation : -1;
      this.saver.file = loaded.file;
    }
    if (this.stopping) return;
    if (this.options.build === false) {
      this.unsubscribe?.();
      this.unsubscribe = null;
      this.setPhase('ready');
      return;
    }
    const firstBuild = this.store.notes.size === 0;
    this.setPhase('scanning');
    await queueChangedNotes(this.vault, this.store, this.queue, this.slicer, this.walled);
    this.tally.total = await this.countWork(this.options.consent !== undefined && firstBuild);
    const estimate = this.tally.estimate;
    if (this.options.consent !== undefined && firstBuild && this.tally.total > 0 && estimate !== null) {
      this.setPhase('consent');
      if (!(await this.options.consent(estimate))) {
        this.setPhase('declined');
        return;
      }
    }
    this.setPhase('embedding');
    await this.drain();
  }

  /** Texts the queued notes need embedded: counted exactly (with tokens) when asked, else one a note. */
  private async countWork(estimate: boolean): Promise<number> {
    if (!estimate) return this.queue.size;
    this.tally.estimate = await estimateWork(this.vault, this.store, this.queue.queuedFiles(), this.options.chunk, this.slicer, this.options.pricePerMillionTokens ?? null);
    return this.tally.estimate.chunks;
  }

  private kick(): void {
    void this.drain().catch(() => undefined);
  }

  private drain(): Promise<void> {
    this.draining ??= this.drainLoop().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drainLoop(): Promise<void> {
    try {
      while ((this.queue.size > 0 || this.batcher.size > 0) && !this.stopping && !this.abort.signal.aborted) {
        await this.gate.pass();
        if (this.abort.signal.aborted) break;
        if (this.phaseValue !== 'embedding') this.setPhase('embedding');
        const batch = this.queue.take(READ_CONCURRENCY);
        if (batch.folders.length > 0) await queueFolderNotes(this.vault, this.queue, batch.folders, this.slicer, this.walled);
        const texts = await collectNotes(this.vault, this.store, this.batcher, batch.files, this.options.chunk, this.slicer, this.walled);
        if (this.tally.estimate === null || this.phaseValue === 'ready') this.tally.total += texts;
        while (this.batcher.size >= this.batcher.batchSize || (this.queue.size === 0 && this.batcher.size > 0)) {
          await this.gate.pass();
          if (this.abort.signal.aborted) break;
          await this.sendBatch();
        }
        await this.saver.maybe();
      }
    } catch (e) {
      for (const p of this.batcher.drop()) this.queue.indexFile(p);
      if (this.abort.signal.aborted) return;
      this.tally.error = e instanceof Error ? e.message : String(e);
      this.setPhase('failed');
      await this.saver.now().catch(() => undefined);
      return;
    }
    if (this.abort.signal.aborted) {
      for (const p of this.batcher.drop()) this.queue.indexFile(p);
      return;
    }
    if (this.stopping) return;
    // A build for another model than the saved index's replaces it only now that it is whole.
    await this.saver.promote();
    this.setPhase('ready');
    this.saver.later();
  }

  private async sendBatch(): Promise<void> {
    const t0 = performance.now();
    this.slicer.pause();
    const { completed, sent } = await this.batcher.sendOne(this.abort.signal);
    this.slicer.resume();
    this.tally.embedded(sent, performance.now() - t0);
    // The batch's vectors were quantized into the store: a batch's worth of work.
    this.slicer.work(sent * this.embedder.key.dimensions);
    await this.slicer.checkpoint();
    for (const n of completed) {
      this.store.setNote(n.path, n.stamp, n.chunks, n.vectors);
      this.slicer.work(n.chunks.length);
      await this.slicer.checkpoint();
    }
    this.options.onProgress?.(this.progress);
  }
}
