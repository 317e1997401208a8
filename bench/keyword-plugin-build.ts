// One measured build of the plugin's keyword index, in a process of its own (run with
// --expose-gc; keyword-index-plugin.ts starts one per measurement, so that no build inherits
// another's heap): the production main.js in the Obsidian test runtime, a vault of generated
// notes created first (its text is in memory before the build, so it is part of the baseline),
// then layout ready and the build to 'ready'. Prints one JSON line.
//
// usage: tsx keyword-plugin-build.ts <main.js> <notes> <desktop|mobile>
import * as path from 'node:path';
import { generateCorpus } from './corpus';
import { heapSampler, memoryMiB } from './harness';

interface Indexer {
  phase: string;
  stats: { documents: number; longestBlockMs: number };
}

export interface BuildMeasurement {
  notes: number;
  mode: 'desktop' | 'mobile';
  documents: number;
  buildMs: number;
  longestBlockMs: number;
  /** heapUsed + arrayBuffers above the collected start, sampled every 20 ms, in bytes. */
  peakBytes: number;
  /** RSS above the start, sampled every 20 ms, in bytes. */
  peakRssBytes: number;
  /** Live heap + array buffers with the index, against after the plugin unloaded, in bytes. */
  heldBytes: number;
  /** Bytes of the saved index (in the runtime's in-memory adapter, so counted in the peak). */
  savedBytes: number;
  vaultBytes: number;
  setupMs: number;
}

/**
 * obsidian-test-mocks' in-memory adapter rebuilds a lower-cased copy of every path in the vault
 * on each `remove` and `rename`, and the index saves each shard file with a write and a rename:
 * at 2k notes that was most of the garbage of a build (a sampling heap profile: 33 of 59 MB), and
 * it grows with the vault times the saves. Obsidian's adapters rename one file. Here the copy is
 * rebuilt only when the one method that reads it (a case-insensitive `exists`) next needs it.
 */
function lazyLowerCaseKeys(adapter: object): void {
  type Adapter = { rebuildLowerCaseKeys(): void; exists(p: string, sensitive?: boolean): Promise<boolean> };
  // Kept beside the adapter: the mocks' strict proxy refuses properties it does not know.
  const stale = new WeakSet<Adapter>();
  const proto = Object.getPrototypeOf(adapter) as Adapter;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below
  const { rebuildLowerCaseKeys: rebuild, exists } = proto;
  proto.rebuildLowerCaseKeys = function (this: Adapter) {
    stale.add(this);
  };
  proto.exists = function (this: Adapter, p: string, sensitive?: boolean) {
    if (stale.delete(this)) {
      rebuild.call(this);
    }
    return exists.call(this, p, sensitive);
  };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

async function main(): Promise<void> {
  const [bundle, notesArg, modeArg] = process.argv.slice(2);
  if (!bundle || !notesArg || (modeArg !== 'desktop' && modeArg !== 'mobile')) throw new Error('usage: keyword-plugin-build <main.js> <notes> <desktop|mobile>');
  const notes = Number(notesArg);
  const { installDomGlobals } = await import('../tests/obsidian/happy-dom-globals');
  await installDomGlobals();
  const { App, Platform } = await import('obsidian-test-mocks/obsidian');
  const { loadBundle, readManifest } = await import('../tests/obsidian/load-bundle');
  if (modeArg === 'mobile') Object.assign(Platform, { isDesktop: false, isDesktopApp: false, isMobile: true, isMobileApp: true, isPhone: true, isAndroidApp: true, isWin: false, isMacOS: false, isLinux: false });
  let t0 = performance.now();
  const files: Record<string, string> = {};
  let vaultBytes = 0;
  for (const f of generateCorpus({ notes, seed: 42, attachmentsPer100: 0 })) {
    if (typeof f.data !== 'string') continue;
    files[f.path] = f.data;
    vaultBytes += Buffer.byteLength(f.data);
  }
  const app = App.createConfigured__({ files });
  lazyLowerCaseKeys(app.vault.adapter);
  const setupMs = performance.now() - t0;
  let plugin: import('obsidian-test-mocks/obsidian').Plugin | null = new (loadBundle(bundle))(app, readManifest());
  plugin.load();
  await settle();
  const before = await memoryMiB();
  const rss0 = process.memoryUsage.rss();
  let rssPeak = rss0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20);
  const heap = heapSampler();
  t0 = performance.now();
  app.workspace.setLayoutReady__();
  await settle();
  const index = (): Indexer | null => (plugin as unknown as { keywordSearch: { index: Indexer | null } } | null)?.keywordSearch.index ?? null;
  while (index()?.phase !== 'ready') await new Promise((r) => setTimeout(r, 20));
  const buildMs = performance.now() - t0;
  const peakBytes = heap.stop();
  clearInterval(rssTimer);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  const stats = (index() as Indexer).stats;
  const withIndex = await memoryMiB();
  plugin.unload();
  plugin = null;
  await new Promise((r) => setTimeout(r, 500));
  const held = withIndex - (await memoryMiB());
  const saved = path.posix.join(app.vault.configDir, 'plugins', 'reeve', 'keyword-index');
  let savedBytes = 0;
  for (const f of (await app.vault.adapter.list(saved)).files) savedBytes += (await app.vault.adapter.readBinary(f)).byteLength;
  const m: BuildMeasurement = {
    notes,
    mode: modeArg,
    documents: stats.documents,
    buildMs,
    longestBlockMs: stats.longestBlockMs,
    peakBytes,
    peakRssBytes: rssPeak - rss0,
    heldBytes: held * 1024 * 1024,
    savedBytes,
    vaultBytes,
    setupMs,
  };
  void before;
  console.log(JSON.stringify(m));
}

await main();
