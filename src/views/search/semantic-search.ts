// The semantic index inside Obsidian. Nothing happens until the workspace is ready and the user
// has turned the index on; then it loads the saved store, asks consent before a paid first build,
// embeds in time slices (never more than a slice of UI time at once), follows vault events, and
// stops with a save when the plugin unloads. The settings tab shows its progress and pauses,
// resumes or rebuilds it; a change of provider, model or dimensions starts it again (a store of
// another model is kept while the new model's index is built beside it, after consent, and
// replaced only once that build has finished: store-file.ts).
import type { App, Plugin } from 'obsidian';
import type { ReeveSettings } from '../../settings/settings';
import { progressLine, type CostEstimate, type SemanticProgress } from '../../search/semantic/build-state';
import { settingsWalls } from '../../settings/settings-walls';
import { wallOf } from '../../search/retrieval/walls';
import { SemanticIndex } from '../../search/semantic/semantic-index';
import { NEXT_STORE_FILE, STORE_FILE } from '../../search/semantic/store-file';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { onLayoutReadyWhileLoaded } from '../layout-ready';
import { pluginEmbedder } from './plugin-embedder';
import { askSemanticConsent } from './semantic-consent-modal';

const SLICE_MS = 10;

export interface SemanticSearchDeps {
  app: App;
  port: () => VaultPort;
  settings: () => ReeveSettings;
  /** Asked before a paid first build; default: a modal. */
  consent?: (estimate: CostEstimate, provider: string) => Promise<boolean>;
}

export class SemanticSearch {
  private current: SemanticIndex | null = null;
  private problem: string | null = null;
  private layoutReady = false;
  private unloaded = false;
  private readonly listeners = new Set<() => void>();
  private configuring: Promise<void> = Promise.resolve();

  constructor(
    plugin: Plugin,
    private readonly deps: SemanticSearchDeps,
  ) {
    onLayoutReadyWhileLoaded(plugin, () => {
      this.layoutReady = true;
      void this.configure();
    });
    plugin.register(() => {
      this.unloaded = true;
      void this.current?.stop();
      this.current = null;
    });
  }

  /** The index once built or loading; null when off, not yet started, or misconfigured. */
  get index(): SemanticIndex | null {
    return this.current;
  }

  /** One line for the settings tab. */
  status(): string {
    if (!this.deps.settings().semanticIndex.enabled) return 'Off.';
    if (this.problem !== null) return `Not running: ${this.problem}`;
    if (this.current === null) return 'Starts once the workspace is ready.';
    const p = this.current.progress;
    const line = progressLine(p);
    return `${line.charAt(0).toUpperCase()}${line.slice(1)}.${p.refused === null ? '' : ` The saved index was rebuilt (${p.refused}).`}`;
  }

  /** Calls `listener` on every progress change; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  pause(): void {
    this.current?.indexer.pause();
  }

  resume(): void {
    this.current?.indexer.resume();
  }

  async cancel(): Promise<void> {
    await this.current?.indexer.cancel();
  }

  /** Throws the saved index away and builds it again (asking consent again if paid). */
  async rebuild(): Promise<void> {
    await this.configure(true);
  }

  /** (Re)starts from the settings; called on layout ready and when a semantic setting changes. */
  configure(discard = false): Promise<void> {
    const run = async (): Promise<void> => {
      await this.current?.stop(!discard);
      this.current = null;
      this.problem = null;
      if (discard) {
        // "Rebuild": the user throws the saved index away, and any build for another model with it.
        await this.deps.port().state.remove(STORE_FILE).catch(() => undefined);
        await this.deps.port().state.remove(NEXT_STORE_FILE).catch(() => undefined);
      }
      const settings = this.deps.settings();
      if (this.unloaded || !this.layoutReady || !settings.semanticIndex.enabled) return this.notify();
      const made = pluginEmbedder(this.deps.app, settings);
      if (!made.ok) {
        this.problem = made.reason;
        return this.notify();
      }
      const provider = settings.semanticIndex.provider === 'openai' ? 'OpenAI' : 'the OpenAI-compatible server';
      const consent = this.deps.consent ?? ((e: CostEstimate, p: string) => askSemanticConsent(this.deps.app, e, p));
      const index = new SemanticIndex(this.deps.port(), made.embedder, {
        sliceMs: SLICE_MS,
        pricePerMillionTokens: made.price,
        // The walls as the settings hold them when a note is queued: a folder excluded meanwhile holds at once.
        walled: (path) => wallOf(settingsWalls(this.deps.settings(), this.deps.port().configDir))(path),
        onProgress: () => this.notify(),
        ...(made.price === 0 ? {} : { consent: (e: CostEstimate) => consent(e, provider) }),
      });
      this.current = index;
      this.notify();
      index.start().then(
        () => this.notify(),
        (e: unknown) => {
          this.problem = e instanceof Error ? e.message : String(e);
          this.notify();
        },
      );
    };
    this.configuring = this.configuring.then(run, run);
    return this.configuring;
  }

  /** For rules' `vector_similarity`: the index once it holds vectors and its embedder works. */
  similarity(): SemanticIndex | null {
    const index = this.current;
    return index !== null && index.built && index.progress.phase !== 'failed' ? index : null;
  }

  progress(): SemanticProgress | null {
    return this.current?.progress ?? null;
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}
