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

import { ChangeQueue } from '../search/change-queue';
import { TimeSlicer } from '../time-slicer';
import type { VaultPort } from '../vault-port';
import type { CostEstimate, SemanticPhase, SemanticProgress } from './build-state';
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
  private pausedWait: { promise: Promise<void>; release: () => void } | null = null;
  private stopping = false;
  private readonly saver: StoreSaver;
  private done = 0;
  private total = 0;
  private embedMs = 0;
  private estimate: CostEstimate | null = null;
  private refused: string | null = null;
  private error: string | null = null;
  /** Texts sent to the embedder since start, for tests and benchmarks. */
  sent = 0;

  constructor(
    private readonly vault: VaultPort,
    readonly embedder: Embedder,
    private readonly options: SemanticIndexerOptions = {},
  ) {
    this.id = { key: embedder.key, chunker: CHUNKER_VERSION, maxTokens: options.chunk?.maxTokens ?? DEFAULT_MAX_TOKENS };
    this.store = new SemanticStore(embedder.key);
    this.queue = new ChangeQueue(() => this.store.notes.keys());
    this.batcher = new EmbedBatcher(embedder, options.batchSize ?? 64);
    this.slicer = new TimeSlicer(options.sliceMs ?? 10, options.yieldFn);
    const state = options.persist === false ? null : vault.state;
    this.saver = new StoreSaver(state, this.id, this.slicer, () => this.store, options.saveIntervalMs ?? 15_000, options.saveDelayMs ?? 5000);
  }

  get phase(): SemanticPhase {
    return this.phaseValue;
  }

  get progress(): SemanticProgress {
    const rate = this.embedMs > 0 ? this.done / this.embedMs : 0;
    const left = Math.max(0, this.total - this.done);
    return {
      phase: this.phaseValue,
      done: this.done,
      total: Math.max(this.total, this.done),
      etaMs: rate > 0 ? left / rate : null,
      notes: this.store.notes.size,
      chunks: this.store.chunkCount,
      estimate: this.estimate,
      refused: this.refused,
      error: this.error,
      longestBlockMs: this.slicer.longestBlockMs,
      bytesOnDisk: this.saver.bytesOnDisk,
    };
  }

  /** Loads, reconciles, asks consent if needed and builds; resolves when the build ends (any way). */
  start(): Promise<void> {
    this.started ??= this.run();
    return this.started;
  }

  /** Stops embedding after the call in flight; `resume` continues. */
  pause(): void {
    if (this.phaseValue !== 'embedding' && this.phaseValue !== 'scanning') return;
    let release = (): void => undefined;
    const promise = new Promise<void>((r) => (release = r));
    this.pausedWait = { promise, release };
    this.setPhase('paused');
  }

  /** Continues a paused, failed, cancelled or declined build. */
  resume(): void {
    const wait = this.pausedWait;
    this.pausedWait = null;
    wait?.release();
    if (this.phaseValue === 'failed' || this.phaseValue === 'cancelled' || this.phaseValue === 'declined' || this.phaseValue === 'paused') {
      this.error = null;
      this.abort = new AbortController();
      this.setPhase(this.queue.size > 0 ? 'embedding' : 'ready');
      this.kick();
    }
  }

  /** Stops now: the call in flight is aborted, finished notes are kept and saved. */
  async cancel(): Promise<void> {
    this.abort.abort();
    const wait = this.pausedWait;
    this.pausedWait = null;
    wait?.release();
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
    this.pausedWait?.release();
    await this.started?.catch(() => undefined);
    await this.draining;
    if (save && this.phaseValue !== 'new') await this.saver.now();
    this.phaseValue = 'stopped';
  }

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
      this.refused = loaded.refused;
      this.saver.bytesOnDisk = loaded.refused === null ? loaded.bytes : 0;
      this.saver.savedGeneration = loaded.refused === null && loaded.bytes > 0 ? this.store.generation : -1;
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
    await queueChangedNotes(this.vault, this.store, this.queue, this.slicer);
    this.total = await this.countWork(this.options.consent !== undefined && firstBuild);
    if (this.options.consent !== undefined && firstBuild && this.total > 0 && this.estimate !== null) {
      this.setPhase('consent');
      if (!(await this.options.consent(this.estimate))) {
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
    this.estimate = await estimateWork(this.vault, this.store, this.queue.queuedFiles(), this.options.chunk, this.slicer, this.options.pricePerMillionTokens ?? null);
    return this.estimate.chunks;
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
        if (this.pausedWait !== null) await this.pausedWait.promise;
        if (this.abort.signal.aborted) break;
        if (this.phaseValue !== 'embedding') this.setPhase('embedding');
        const batch = this.queue.take(READ_CONCURRENCY);
        if (batch.folders.length > 0) await queueFolderNotes(this.vault, this.queue, batch.folders, this.slicer);
        const texts = await collectNotes(this.vault, this.store, this.batcher, batch.files, this.options.chunk, this.slicer);
        if (this.estimate === null || this.phaseValue === 'ready') this.total += texts;
        while (this.batcher.size >= this.batcher.batchSize || (this.queue.size === 0 && this.batcher.size > 0)) {
          if (this.pausedWait !== null) await this.pausedWait.promise;
          if (this.abort.signal.aborted) break;
          await this.sendBatch();
        }
        await this.saver.maybe();
      }
    } catch (e) {
      for (const p of this.batcher.drop()) this.queue.indexFile(p);
      if (this.abort.signal.aborted) return;
      this.error = e instanceof Error ? e.message : String(e);
      this.setPhase('failed');
      await this.saver.now().catch(() => undefined);
      return;
    }
    if (this.abort.signal.aborted) {
      for (const p of this.batcher.drop()) this.queue.indexFile(p);
      return;
    }
    if (this.stopping) return;
    this.setPhase('ready');
    this.saver.later();
  }

  private async sendBatch(): Promise<void> {
    const t0 = performance.now();
    this.slicer.pause();
    const { completed, sent } = await this.batcher.sendOne(this.abort.signal);
    this.slicer.resume();
    this.embedMs += performance.now() - t0;
    this.sent += sent;
    this.done += sent;
    for (const n of completed) {
      this.store.setNote(n.path, n.stamp, n.chunks, n.vectors);
      await this.slicer.checkpoint();
    }
    this.options.onProgress?.(this.progress);
  }
}
