// One measured build of the plugin's keyword index, in a process of its own (run with
// --expose-gc; keyword-index-plugin.ts starts one per measurement, so that no build inherits
// another's heap): the production main.js in the Obsidian test runtime, a vault of generated
// notes created first (its text is in memory before the build, so it is part of the baseline),
// then layout ready and the build to 'ready'. Prints one JSON line.
//
// Where the vault lives: 'memory' is the mocks' adapter, which keeps every note's text in the
// heap for the whole run (965 MiB at 100k notes), so V8 sizes its collections after a heap the
// plugin does not own; 'disk' keeps the files in a temp folder (tests/obsidian/disk-backed-
// adapter.ts), as Obsidian's adapters do, so what the build adds to the heap is the plugin's own.
//
// usage: tsx keyword-plugin-build.ts <main.js> <notes> <desktop|mobile> [memory|disk]
import * as fs from 'node:fs';
import * as os from 'node:os';
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
  vault: 'memory' | 'disk';
  documents: number;
  buildMs: number;
  longestBlockMs: number;
  /** heapUsed + arrayBuffers above the collected start, sampled every 20 ms, in bytes. */
  peakBytes: number;
  /** RSS above the start, sampled every 20 ms, in bytes. */
  peakRssBytes: number;
  /**
   * Array buffers (the index's typed arrays live in them) above the start, sampled every 20 ms:
   * outside V8's heap, so --max-old-space-size does not bound them.
   */
  peakArrayBuffersBytes: number;
  /** Live heap + array buffers with the index, against after the plugin unloaded, in bytes. */
  heldBytes: number;
  /** Bytes of the saved index (in the runtime's in-memory adapter, so counted in the peak). */
  savedBytes: number;
  vaultBytes: number;
  /** Live heap + array buffers with the vault open and the plugin loaded, before layout ready. */
  baselineBytes: number;
  /**
   * With REEVE_BENCH_LIVE_MS set: the most live heap + array buffers above that baseline, sampled
   * with a full collection every so many ms during the build (what the build holds, garbage
   * aside); else null.
   */
  livePeakBytes: number | null;
  liveSamples: number;
  /** --max-old-space-size of this process, in MiB (REEVE_BENCH_HEAP_CAP_MIB via the workload). */
  heapCapMiB: number | null;
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
  const [bundle, notesArg, modeArg, vaultArg = 'memory'] = process.argv.slice(2);
  if (!bundle || !notesArg || (modeArg !== 'desktop' && modeArg !== 'mobile') || (vaultArg !== 'memory' && vaultArg !== 'disk')) throw new Error('usage: keyword-plugin-build <main.js> <notes> <desktop|mobile> [memory|disk]');
  const notes = Number(notesArg);
  const { installDomGlobals } = await import('../tests/obsidian/happy-dom-globals');
  await installDomGlobals();
  const { App, CapacitorAdapter, FileSystemAdapter, Platform } = await import('obsidian-test-mocks/obsidian');
  const { keepFilesOnDisk } = await import('../tests/obsidian/disk-backed-adapter');
  const { loadBundle, readManifest } = await import('../tests/obsidian/load-bundle');
  if (modeArg === 'mobile') Object.assign(Platform, { isDesktop: false, isDesktopApp: false, isMobile: true, isMobileApp: true, isPhone: true, isAndroidApp: true, isWin: false, isMacOS: false, isLinux: false });
  let t0 = performance.now();
  let vaultBytes = 0;
  let app: import('obsidian-test-mocks/obsidian').App;
  let diskDir: string | null = null;
  if (vaultArg === 'memory') {
    const files: Record<string, string> = {};
    for (const f of generateCorpus({ notes, seed: 42, attachmentsPer100: 0 })) {
      if (typeof f.data !== 'string') continue;
      files[f.path] = f.data;
      vaultBytes += Buffer.byteLength(f.data);
    }
    app = App.createConfigured__({ files });
  } else {
    // The app's own adapter for the platform (CapacitorAdapter on a phone), its files on disk;
    // the notes are written one by one, so no copy of the vault's text stays in the heap.
    diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reeve-kwplugin-'));
    const adapter = modeArg === 'mobile' ? CapacitorAdapter.create__('/phone-vault', undefined) : FileSystemAdapter.create__(diskDir);
    keepFilesOnDisk(adapter, diskDir);
    app = App.createConfigured__({ adapter: adapter.asOriginalType__() });
    const folders = new Set<string>();
    for (const f of generateCorpus({ notes, seed: 42, attachmentsPer100: 0 })) {
      if (typeof f.data !== 'string') continue;
      const parts = f.path.split('/');
      for (let i = 1; i < parts.length; i++) {
        const folder = parts.slice(0, i).join('/');
        if (!folders.has(folder)) {
          folders.add(folder);
          app.vault.createFolderSync__(folder);
        }
      }
      app.vault.createSync__(f.path, f.data);
      vaultBytes += Buffer.byteLength(f.data);
    }
  }
  lazyLowerCaseKeys(app.vault.adapter);
  const setupMs = performance.now() - t0;
  let plugin: import('obsidian-test-mocks/obsidian').Plugin | null = new (loadBundle(bundle))(app, readManifest());
  plugin.load();
  await settle();
  const before = await memoryMiB();
  const rss0 = process.memoryUsage.rss();
  let rssPeak = rss0;
  const ab0 = process.memoryUsage().arrayBuffers;
  let abPeak = ab0;
  const rssTimer = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    abPeak = Math.max(abPeak, m.arrayBuffers);
  }, 20);
  const heap = heapSampler();
  const liveMs = Number(process.env.REEVE_BENCH_LIVE_MS ?? 0);
  let livePeak = 0;
  let liveSamples = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  const liveTimer =
    liveMs > 0 && gc
      ? setInterval(() => {
          heap.sample(); // the garbage-inclusive peak first: the collection below would hide it
          gc();
          const m = process.memoryUsage();
          livePeak = Math.max(livePeak, m.heapUsed + m.arrayBuffers - before * 1024 * 1024);
          liveSamples++;
        }, liveMs)
      : null;
  t0 = performance.now();
  app.workspace.setLayoutReady__();
  await settle();
  const index = (): Indexer | null => (plugin as unknown as { keywordSearch: { index: Indexer | null } } | null)?.keywordSearch.index ?? null;
  while (index()?.phase !== 'ready') await new Promise((r) => setTimeout(r, 20));
  const buildMs = performance.now() - t0;
  if (liveTimer !== null) clearInterval(liveTimer);
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
    vault: vaultArg,
    documents: stats.documents,
    buildMs,
    longestBlockMs: stats.longestBlockMs,
    peakBytes,
    peakRssBytes: rssPeak - rss0,
    peakArrayBuffersBytes: abPeak - ab0,
    heldBytes: held * 1024 * 1024,
    savedBytes,
    vaultBytes,
    baselineBytes: before * 1024 * 1024,
    livePeakBytes: liveTimer === null ? null : livePeak,
    liveSamples,
    heapCapMiB: (() => {
      const cap = process.execArgv.find((a) => a.startsWith('--max-old-space-size='));
      return cap === undefined ? null : Number(cap.split('=')[1]);
    })(),
    setupMs,
  };
  if (diskDir !== null) fs.rmSync(diskDir, { recursive: true, force: true });
  console.log(JSON.stringify(m));
}

await main();
