// The keyword index inside Obsidian. It is built only once the workspace is ready (never during
// start-up), in short time slices so typing never waits on it, kept current from vault events,
// saved in the plugin's folder (not data.json) so a restart re-reads only what changed, and
// stopped, with a last save, when the plugin unloads.
import type { Plugin } from 'obsidian';
import { VaultIndexer } from '../../vault-vfs/search/vault-indexer';
import type { VaultPort } from '../../vault-vfs/vault-port';

/** Longest stretch of indexing between two yields to the UI. */
const SLICE_MS = 10;

export class KeywordSearch {
  private indexer: VaultIndexer | null = null;
  private unloaded = false;

  constructor(plugin: Plugin, port: () => VaultPort) {
    plugin.app.workspace.onLayoutReady(() => {
      if (this.unloaded) return;
      const indexer = new VaultIndexer(port(), { sliceMs: SLICE_MS });
      this.indexer = indexer;
      indexer.start().catch((e: unknown) => console.error('Steward: the keyword index could not be built', e));
    });
    plugin.register(() => {
      this.unloaded = true;
      void this.indexer?.stop();
    });
  }

  /** The index, searchable (possibly still catching up), or null before the workspace is ready. */
  get index(): VaultIndexer | null {
    return this.indexer;
  }
}
