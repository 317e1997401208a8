// Scan plus metadata of a whole vault through the Node adapter, cold (against a raw read of the
// same notes) and warm (against its floor: walk, stat, read the cache file), in the same run.
// (Moving 1,000 notes is moves-job.ts, against a fair baseline.)
import { promises as fs, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { forEachLimited } from '../../src/vault-vfs/for-each-limited';
import { METADATA_CACHE_FILE } from '../../src/vault-vfs/node/metadata-cache';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { readInSlices } from '../../src/vault-vfs/node/read-in-slices';
import { writeCorpus } from '../corpus';
import { fmtBytes, fmtSpread, heapSampler, memoryMiB, type Workload } from '../harness';

/** The notes under `dir` (config folder left out): what an open reads, attachments never. */
async function listNotes(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (abs: string, top: boolean): Promise<void> => {
    for (const e of await fs.readdir(abs, { withFileTypes: true })) {
      if (top && e.name === '.obsidian') continue;
      const p = path.join(abs, e.name);
      if (e.isDirectory()) await walk(p, false);
      else if (e.name.endsWith('.md')) files.push(p);
    }
  };
  await walk(dir, true);
  return files;
}

/** The baseline: every note under `dir` read once, with the reads NodeVault.open uses (bytes, no decoding). */
async function rawRead(dir: string): Promise<number> {
  let bytes = 0;
  await readInSlices(await listNotes(dir), (_, b) => {
    bytes += b?.length ?? 0;
  });
  return bytes;
}

/**
 * A warm open's floor: what it cannot do without (walk the vault, stat every file, read the
 * metadata cache), with the same synchronous calls, and nothing else; no note is read.
 */
function walkStatAndReadCache(dir: string, cacheFile: string): number {
  let files = 0;
  const pending = [dir];
  for (let d = pending.pop(); d !== undefined; d = pending.pop()) {
    // Joined as the open's scan joins them (a readdir name has no separator), not with path.join.
    const prefix = d.endsWith(path.sep) ? d : d + path.sep;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = prefix + e.name;
      if (e.isDirectory()) {
        if (!e.name.startsWith('.')) pending.push(p); // config folder, .trash, hidden folders
      } else if (statSync(p).isFile()) files++;
    }
  }
  return files + readFileSync(cacheFile).length;
}

/** The same with fs.promises, 64 reads in flight (how NodeVault.open read until 2026-11-23). */
async function rawReadAsync(dir: string): Promise<number> {
  let bytes = 0;
  await forEachLimited(await listNotes(dir), 64, async (p) => {
    bytes += (await fs.readFile(p)).length;
  });
  return bytes;
}

async function openVault(dir: string): Promise<NodeVault> {
  const vault = await NodeVault.open(dir);
  vault.resolvedLinks();
  return vault;
}

const workload: Workload = {
  name: 'vault-scan',
  description:
    'Opening a vault with the Node adapter (walk, stat, metadata of every note, resolve every link), cold (no metadata cache: read and parse every note, then save the cache) against a raw recursive read of the same notes with the same synchronous reads ' +
    '(bytes only, no decoding; attachments, which the open never reads, left out), and warm (the cache is current: no note is read) against its floor: the same walk, a stat of every file and a read of the cache file.',
  async run(bench, ctx) {
    const sizes = ctx.quick ? [10_000] : [10_000, 100_000];
    for (const notes of sizes) {
      const dir = path.join(ctx.tmp, `scan-${notes}`);
      const { files } = await writeCorpus(dir, { notes, seed: 11 });
      // Reeve is installed: the metadata cache is kept only where its plugin folder exists.
      const pluginDir = path.join(dir, '.obsidian', 'plugins', 'reeve');
      await fs.mkdir(pluginDir, { recursive: true });
      const cacheFile = path.join(pluginDir, METADATA_CACHE_FILE);
      const noteBytes = await rawRead(dir); // and warms the page cache for both
      const n = notes.toLocaleString('en');
      const label = `${n} notes (${files.toLocaleString('en')} files, ${fmtBytes(noteBytes)} of notes)`;
      const repeats = notes >= 100_000 ? 3 : 5;
      let vault: NodeVault | null = null;
      const dropCache = (): Promise<void> => fs.rm(cacheFile, { force: true });
      await bench.compare(`cold open, ${label}`, async () => (vault = await openVault(dir)), 'raw read of the same notes', () => rawRead(dir), {
        repeats,
        warmup: 1,
        note: `median of ${repeats}; no metadata cache: every note read and parsed, the cache saved (included)`,
        before: async () => {
          vault = null;
          await dropCache();
        },
      });
      // The open's own time stamps keep notes written within the last few ms out of the cache:
      // one more open makes sure it is complete before the warm runs.
      await openVault(dir);
      const cacheBytes = (await fs.stat(cacheFile)).size;
      const floor = (): Promise<number> => Promise.resolve(walkStatAndReadCache(dir, cacheFile));
      const floorName = 'walk + stat + read the cache file';
      await bench.compare(`warm open, ${label}`, async () => (vault = await openVault(dir)), floorName, floor, {
        repeats,
        warmup: 1,
        note: `median of ${repeats}; metadata cache current (${fmtBytes(cacheBytes)}): no note read, metadata decoded when asked for; against its floor (a raw read of every note, its baseline until 2026-11-28, is work it does not do)`,
        before: () => {
          vault = null;
          return Promise.resolve();
        },
      });
      // The open reads the cache file's index part only; the records are read when a command first
      // asks for a note's metadata. Open and that first question together do all of the floor's work.
      const aNote = (await fs.readdir(dir, { recursive: true })).find((f) => f.endsWith('.md') && !f.startsWith('.')) ?? '';
      await bench.compare(`warm open and a first note's metadata, ${label}`, async () => (vault = await openVault(dir)).metadata(aNote.split(path.sep).join('/')), floorName, floor, {
        repeats,
        warmup: 1,
        note: `median of ${repeats}; as the warm open, then the metadata of one note (${aNote}), which reads the cache's records: the same bytes the floor reads`,
        before: () => {
          vault = null;
          return Promise.resolve();
        },
      });
      // Link resolution is deferred until a command asks for the graph (search, rules on names or
      // tags never do): the same warm open without it, to show what the graph costs.
      await bench.compare(`warm open without resolving links, ${label}`, async () => (vault = await NodeVault.open(dir)), floorName, floor, {
        repeats,
        warmup: 1,
        note: `median of ${repeats}; as above, the link graph left for the first command that asks`,
        before: () => {
          vault = null;
          return Promise.resolve();
        },
      });
      const asyncReads: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await rawReadAsync(dir);
        asyncReads.push(performance.now() - t0);
      }
      bench.record({ case: `raw read with fs.promises, 64 in flight (${n} notes)`, value: fmtSpread(asyncReads), note: 'median (min–max) of 3; the other way to read, for scale' });
      // Peaks while opening, each in a run of its own (the timed runs overlap with earlier runs' garbage).
      for (const kind of ['cold', 'warm'] as const) {
        vault = null;
        if (kind === 'cold') await dropCache();
        const before = await memoryMiB();
        const sampler = heapSampler();
        vault = await openVault(dir);
        bench.record({ case: `peak heap while opening, ${kind} (${n} notes)`, value: fmtBytes(sampler.stop()), note: 'heapUsed + arrayBuffers above the collected heap before, sampled every 20 ms; one open' });
        bench.record({ case: `memory held by the open vault, ${kind} (${n} notes)`, value: `${((await memoryMiB()) - before).toFixed(0)} MiB`, note: vault ? 'heapUsed + arrayBuffers after a full GC: metadata (a warm open: the index part of the cache file, its records read and decoded when first asked for) and link graph' : '' });
      }
      vault = null;
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};

export default workload;
