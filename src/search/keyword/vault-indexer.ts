// Keeps a KeywordIndex in step with a vault through the VaultPort. `start()` (the plugin calls it
// from onLayoutReady) loads the saved shards, which makes the index searchable, then compares
// every file's mtime and size with what the index holds, re-indexes what changed, drops what is
// gone, and saves. Afterwards vault events keep it current, and changed shards are saved after a
// quiet period. All work runs in time slices (time-slicer.ts): reading files is asynchronous, and
// analysis stops for the event loop whenever a slice is used up.
//
// Memory: the build goes in batches of `batchNotes` files. A batch is read (a few files at a
// time), analysed into the shards' deltas, and then sealed: every shard's delta is folded into its
// compact base (3 bytes a posting against some 20 in a delta's plain arrays) before the next batch
// is taken. So at any moment the index holds the per-note form of at most one batch, whatever the
// vault's size, and a small batch's intermediate structures die young, before the garbage
// collector would move them to the old generation (where, on a large heap, garbage piles up to
// several hundred MB before a full collection: issue 29's 745 MB peak at 100k notes).

import { VaultFileNotFoundError, type FileStat, type VaultPort } from '../../vault-vfs/vault-port';
import type { IndexDocument } from './analyzer';
import { ChangeQueue, type FileTask } from './change-queue';
import { fileDocument, isNotePath, noteDocument } from './index-document';
import { loadIndex, saveIndex, type LoadReport } from './index-store';
import { KeywordIndex, type ExplainedHit, type KeywordIndexOptions, type SearchHit } from './keyword-index';
import type { SearchOptions } from './query-plan';
import type { Shard } from './shard';
import { TimeSlicer, type YieldFn } from '../../vault-vfs/time-slicer';

export interface VaultIndexerOptions {
  index?: KeywordIndexOptions;
  /** Longest stretch of indexing work between two yields to the event loop; default 10 ms. */
  sliceMs?: number;
  /** Save shards to the plugin folder; default true. */
  persist?: boolean;
  /** Quiet time after a change before changed shards are saved; default 5 s. */
  saveDelayMs?: number;
  /** During a long build, save at least this often so that a crash loses little; default 30 s. */
  saveIntervalMs?: number;
  /** Files read at once; default 16. */
  readConcurrency?: number;
  /** Files indexed between two seals (see above); default 256. */
  batchNotes?: number;
  yieldFn?: YieldFn;
}

export const DEFAULT_BATCH_NOTES = 256;

export type IndexerPhase = 'new' | 'loading' | 'indexing' | 'ready' | 'stopped';

export interface IndexerStats {
  phase: IndexerPhase;
  documents: number;
  pending: number;
  /** Longest synchronous stretch of indexer work so far, in ms. */
  longestBlockMs: number;
  indexed: number;
  /** Files that could not be read (they are retried on their next change). */
  failed: number;
  load: LoadReport | null;
}

export class VaultIndexer {
  /** For the rule DSL: a SimilarityProvider of kind 'keyword' (see `score`). */
  readonly kind = 'keyword' as const;
  readonly index: KeywordIndex;
  readonly slicer: TimeSlicer;
  private phaseValue: IndexerPhase = 'new';
  private readonly queue: ChangeQueue;
  private draining: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private lastSave = 0;
  private indexed = 0;
  private failed = 0;
  private loadReport: LoadReport | null = null;
  private started: Promise<void> | null = null;
  private stopping = false;
  private saving: Promise<void> = Promise.resolve();
  private markSearchable: () => void = () => undefined;
  /** Resolves once saved shards are loaded: searches from then on see the whole saved index. */
  readonly searchable: Promise<void>;

  constructor(
    private readonly vault: VaultPort,
    private readonly options: VaultIndexerOptions = {},
  ) {
    this.index = new KeywordIndex(options.index);
    this.queue = new ChangeQueue(() => this.index.paths());
    this.slicer = new TimeSlicer(options.sliceMs ?? 10, options.yieldFn);
    this.searchable = new Promise((resolve) => (this.markSearchable = resolve));
  }

  get phase(): IndexerPhase {
    return this.phaseValue;
  }

  get stats(): IndexerStats {
    return {
      phase: this.phaseValue,
      documents: this.index.size,
      pending: this.queue.size,
      longestBlockMs: this.slicer.longestBlockMs,
      indexed: this.indexed,
      failed: this.failed,
      load: this.loadReport,
    };
  }

  /** Loads, reconciles with the vault and saves; resolves when the index is current. */
  start(): Promise<void> {
    this.started ??= this.run();
    return this.started;
  }

  search(query: string, options?: SearchOptions): SearchHit[] {
    return this.index.search(query, options);
  }

  /** `search` with what each hit matched (query terms and fields), for hits that say why. */
  searchExplained(query: string, options?: SearchOptions): ExplainedHit[] {
    return this.index.searchExplained(query, options);
  }

  /** For the rule DSL's `vector_similarity()` without embeddings: see KeywordIndex.score. */
  score(query: string, path: string): number {
    return this.index.score(query, path);
  }

  /** Resolves when every change seen so far is in the index (without waiting for a save). */
  async settled(): Promise<void> {
    await this.start();
    await this.drainAll();
  }

  /** Indexes every queued change and saves changed shards now. */
  async flush(): Promise<void> {
    await this.settled();
    await this.save();
  }

  /** Stops listening to the vault and waits for running work; saves unless `save` is false. */
  async stop(save = true): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.started !== null) await this.started.catch(() => undefined);
    await this.draining;
    // What was indexed before the stop is saved; the next start reconciles the rest.
    if (save && this.phaseValue !== 'new') await this.save();
    this.phaseValue = 'stopped';
  }

  private async run(): Promise<void> {
    this.unsubscribe = this.vault.onChange((change) => {
      if (this.stopping) return;
      this.queue.apply(change);
      // While loading, the reconciliation's drain picks the change up.
      if (this.phaseValue === 'indexing' || this.phaseValue === 'ready') this.kick();
    });
    this.phaseValue = 'loading';
    this.slicer.resume();
    try {
      if (this.options.persist !== false) this.loadReport = await loadIndex(this.index, this.vault.state, this.slicer);
    } finally {
      this.markSearchable();
    }
    if (this.stopping) return;
    this.phaseValue = 'indexing';
    await this.reconcile();
    await this.drainAll();
    if (this.stopping) return;
    await this.save();
    this.phaseValue = 'ready';
    // Changes that arrived during the save: indexed before start() resolves, saved a bit later.
    await this.drainAll();
    this.scheduleSave();
  }

  /** Queues every file whose stamp differs from the index, and every indexed path now gone. */
  private async reconcile(): Promise<void> {
    this.slicer.pause();
    const entries = await this.vault.list();
    this.slicer.resume();
    const present = new Set<string>();
    let seen = 0;
    for (const e of entries) {
      if (++seen % 4096 === 0) await this.slicer.checkpoint();
      if (e.kind !== 'file') continue;
      present.add(e.path);
      const s = this.index.stampOf(e.path);
      if ((s?.mtime !== e.stat.mtime || s.size !== e.stat.size) && !this.queue.has(e.path)) this.queue.indexFile(e.path, e.stat);
    }
    for (const p of this.index.paths()) if (!present.has(p) && !this.queue.has(p)) this.queue.removeFile(p);
  }

  private async drainAll(): Promise<void> {
    while ((this.queue.size > 0 && !this.stopping) || this.draining !== null) await this.drain();
  }

  /** Drains in the background, then schedules a save. */
  private kick(): void {
    void this.drain().then(
      () => this.scheduleSave(),
      () => undefined,
    );
  }

  /** Processes the queue until it is empty; one drain runs at a time. */
  private drain(): Promise<void> {
    this.draining ??= this.drainLoop().finally(() => {
      this.draining = null;
      // A change can land between the loop's last look at the queue and this line.
      if (this.queue.size > 0 && !this.stopping) this.kick();
    });
    return this.draining;
  }

  private async drainLoop(): Promise<void> {
    const concurrency = this.options.readConcurrency ?? 16;
    const batchNotes = Math.max(1, this.options.batchNotes ?? DEFAULT_BATCH_NOTES);
    const interval = this.options.saveIntervalMs ?? 30_000;
    while (this.queue.size > 0 && !this.stopping) {
      const batch = this.queue.take(batchNotes);
      if (batch.folders.length > 0) await this.expandFolders(batch.folders);
      for (let i = 0; i < batch.files.length; i += concurrency) await this.indexFiles(batch.files.slice(i, i + concurrency));
      await this.seal();
      if (this.phaseValue === 'indexing' && performance.now() - this.lastSave > interval) await this.save();
    }
  }

  /** Folds every shard's delta into its compact base, one shard per step: the batch is done. */
  private async seal(): Promise<void> {
    const shards = this.index.shards;
    for (let i = 0; i < shards.length; i++) {
      if ((shards[i] as Shard).deltaPostings === 0) continue;
      this.index.mergeShard(i);
      await this.slicer.checkpoint();
    }
  }

  private async expandFolders(folders: string[]): Promise<void> {
    this.slicer.pause();
    const entries = await this.vault.list();
    this.slicer.resume();
    const prefixes = folders.map((f) => `${f}/`);
    for (const e of entries) {
      if (e.kind === 'file' && prefixes.some((f) => e.path.startsWith(f))) this.queue.indexFile(e.path, e.stat);
    }
  }

  /** Reads the files concurrently, then applies each task with a checkpoint in between. */
  private async indexFiles(group: [string, FileTask][]): Promise<void> {
    this.slicer.pause();
    const loaded = await Promise.all(group.map(([p, task]) => (task.op === 'index' ? this.load(p, task.stat) : Promise.resolve('gone' as const))));
    this.slicer.resume();
    for (let k = 0; k < group.length; k++) {
      const path = (group[k] as [string, FileTask])[0];
      const result = loaded[k];
      if (result === 'gone') this.index.remove(path);
      else if (result !== undefined && result !== 'failed') {
        try {
          for (const _ of this.index.addSteps(result.doc, result.stat)) await this.slicer.checkpoint();
          this.indexed++;
        } catch {
          // Only another add interleaving with this one can throw here; the file keeps its old entry.
          this.failed++;
        }
      }
      await this.slicer.checkpoint();
    }
  }

  /** Reads a file into an IndexDocument; 'gone' if it no longer exists. */
  private async load(path: string, known?: FileStat): Promise<{ doc: IndexDocument; stat: FileStat } | 'gone' | 'failed'> {
    try {
      // The stamp is taken before the read: if the file changes in between, the stamp is older
      // than the text, and the next start re-indexes it rather than trusting stale text.
      const stat = known ?? (await this.vault.stat(path));
      if (stat === null) return 'gone';
      if (!isNotePath(path)) return { doc: fileDocument(path), stat };
      // The index is no write's input: the host's cached text will do (Obsidian's cachedRead).
      const text = await (this.vault.cachedRead ? this.vault.cachedRead(path) : this.vault.read(path));
      return { doc: noteDocument(path, text, this.vault.metadata(path)), stat };
    } catch (e) {
      if (e instanceof VaultFileNotFoundError) return 'gone';
      this.failed++;
      return 'failed';
    }
  }

  private scheduleSave(): void {
    if (this.options.persist === false || this.phaseValue !== 'ready') return;
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    const timer = setTimeout(() => {
      this.saveTimer = null;
      void this.save().catch(() => undefined);
    }, this.options.saveDelayMs ?? 5000);
    // Under Node, a pending save must not keep a finished script alive (stop() saves anyway).
    (timer as { unref?: () => void }).unref?.();
    this.saveTimer = timer;
  }

  /** Saves changed shards; saves run one after another, so an older export never lands last. */
  private save(): Promise<void> {
    if (this.options.persist === false) return Promise.resolve();
    const run = async (): Promise<void> => {
      this.lastSave = performance.now();
      await saveIndex(this.index, this.vault.state, this.slicer);
    };
    const next = this.saving.then(run, run);
    this.saving = next.catch(() => undefined);
    return next;
  }
}
