// The keyword index as the plugin builds it at layout ready: the production main.js in the
// Obsidian test runtime (in-memory vault, ObsidianVault), as the desktop app and as the mobile
// app, peak and held memory of the build. The vault's own text is in memory before the build
// starts, so it is part of the baseline, not of the figures.
import * as path from 'node:path';
import { generateCorpus } from '../corpus';
import { fmtBytes, fmtMs, heapSampler, memoryMiB, type Bench, type Workload, type WorkloadContext } from '../harness';

interface Indexer {
  phase: string;
  stats: { documents: number; longestBlockMs: number };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

/**
 * The runtime's vault of `notes` corpus notes. The mocks resolve every link by listing every file
 * (obsidian-test-mocks' getFirstLinkpathDest), which makes creating a 10k-note vault take many
 * minutes; while the vault is created, the file list is kept between additions (the same answer,
 * built once per added file instead of once per link), and the mocks' own method is restored after.
 */
async function runtimeVault(notes: number): Promise<{ app: import('obsidian-test-mocks/obsidian').App; bytes: number }> {
  const { App, Vault } = await import('obsidian-test-mocks/obsidian');
  const files: Record<string, string> = {};
  let bytes = 0;
  for (const f of generateCorpus({ notes, seed: 42, attachmentsPer100: 0 })) {
    if (typeof f.data !== 'string') continue;
    files[f.path] = f.data;
    bytes += Buffer.byteLength(f.data);
  }
  type Listing = { getFiles: (this: Listing) => unknown[]; setVaultAbstractFile__: (this: Listing, ...args: unknown[]) => unknown };
  const proto = Vault.prototype as unknown as Listing;
  const { getFiles, setVaultAbstractFile__: setFile } = proto;
  const listed = new WeakMap<object, unknown[]>();
  proto.getFiles = function (this: Listing) {
    let list = listed.get(this);
    if (!list) listed.set(this, (list = getFiles.call(this)));
    return [...list];
  };
  proto.setVaultAbstractFile__ = function (this: Listing, ...args: unknown[]) {
    listed.delete(this);
    return setFile.apply(this, args);
  };
  try {
    return { app: App.createConfigured__({ files }), bytes };
  } finally {
    proto.getFiles = getFiles;
    proto.setVaultAbstractFile__ = setFile;
  }
}

async function runSize(bench: Bench, ctx: WorkloadContext, notes: number, bundle: string): Promise<void> {
  const tag = `${notes / 1000}k`;
  const { Platform } = await import('obsidian-test-mocks/obsidian');
  const { loadBundle, readManifest } = await import('../../tests/obsidian/load-bundle');
  const desktop = { ...Platform };
  const phone = { ...desktop, isDesktop: false, isDesktopApp: false, isMobile: true, isMobileApp: true, isPhone: true, isAndroidApp: true, isWin: false };
  let t0 = performance.now();
  const { app, bytes } = await runtimeVault(notes);
  const setupMs = performance.now() - t0;
  for (const [mode, flags] of [['desktop app', desktop], ['mobile app', phone]] as const) {
    Object.assign(Platform, flags);
    // Each build starts from no saved index.
    const saved = path.posix.join(app.vault.configDir, 'plugins', 'reeve', 'keyword-index');
    if (await app.vault.adapter.exists(saved)) await app.vault.adapter.rmdir(saved, true);
    let plugin: import('obsidian-test-mocks/obsidian').Plugin | null = new (loadBundle(bundle))(app, readManifest());
    plugin.load();
    await settle();
    const before = await memoryMiB();
    const heap = heapSampler();
    t0 = performance.now();
    app.workspace.setLayoutReady__();
    await settle();
    const index = (): Indexer | null => (plugin as unknown as { keywordSearch: { index: Indexer | null } } | null)?.keywordSearch.index ?? null;
    while (index()?.phase !== 'ready') await new Promise((r) => setTimeout(r, 20));
    const buildMs = performance.now() - t0;
    const peak = heap.stop();
    const stats = (index() as Indexer).stats;
    const withIndex = await memoryMiB();
    plugin.unload();
    // Nothing here may keep the plugin (and so its index) alive past this point.
    plugin = null;
    await new Promise((r) => setTimeout(r, 500));
    // What the index holds: memory with it, against memory once the plugin (and so it) is gone.
    const held = withIndex - (await memoryMiB());
    bench.record({
      case: `plugin index build peak, ${tag}, ${mode}`,
      value: fmtBytes(peak),
      note: `heapUsed + arrayBuffers above the start (the vault's text already in memory), sampled every 20 ms; ${stats.documents} files in ${fmtMs(buildMs)}, longest block ${fmtMs(stats.longestBlockMs)}`,
    });
    bench.record({ case: `plugin index held after the build, ${tag}, ${mode}`, value: fmtBytes(held * 1024 * 1024), note: `live heap + array buffers after two collections with the plugin loaded, against after it unloaded (${fmtBytes((withIndex - before) * 1024 * 1024)} above before layout ready)` });
  }
  Object.assign(Platform, desktop);
  bench.record({ case: `vault, ${tag}`, value: `${notes} notes, ${fmtBytes(bytes)}`, note: `created in the runtime in ${fmtMs(setupMs)}` });
}

const workload: Workload = {
  name: 'keyword-index-plugin',
  description: "Memory of the plugin's keyword index build at layout ready: the production main.js in the Obsidian test runtime (ObsidianVault over the in-memory vault), as the desktop app and as the mobile app, on the generated corpus.",
  async run(bench, ctx) {
    const { installDomGlobals } = await import('../../tests/obsidian/happy-dom-globals');
    await installDomGlobals();
    const { buildPluginBundle } = await import('../../tests/obsidian/build-bundle');
    const bundle = await buildPluginBundle();
    const sizes = (process.env.REEVE_BENCH_NOTES ?? (ctx.quick ? '2000' : '10000')).split(',').map(Number);
    for (const n of sizes) await runSize(bench, ctx, n, bundle);
    const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' / ');
    bench.record({ case: 'machine load at the end', value: load, note: '1, 5 and 15 min load average on 2 cores: the machine is shared' });
  },
};

export default workload;
