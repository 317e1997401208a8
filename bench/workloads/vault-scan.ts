// Scan plus metadata of a whole vault through the Node adapter, against a raw read of the same
// files in the same run; and moving 1,000 notes with link rewriting against plain renames.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { forEachLimited } from '../../src/vault-vfs/for-each-limited';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { readInSlices } from '../../src/vault-vfs/node/read-in-slices';
import { writeCorpus } from '../corpus';
import { fmtBytes, fmtMs, heapMiB, heapSampler, summarize, type Workload } from '../harness';

async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (abs: string): Promise<void> => {
    for (const e of await fs.readdir(abs, { withFileTypes: true })) {
      const p = path.join(abs, e.name);
      if (e.isDirectory()) await walk(p);
      else files.push(p);
    }
  };
  await walk(dir);
  return files;
}

/** The baseline: every file under `dir` read once, with the reads NodeVault.open uses (bytes, no decoding). */
async function rawRead(dir: string): Promise<number> {
  let bytes = 0;
  await readInSlices(await listFiles(dir), (_, b) => {
    bytes += b?.length ?? 0;
  });
  return bytes;
}

/** The same with fs.promises, 64 reads in flight (how NodeVault.open read until 2026-11-23). */
async function rawReadAsync(dir: string): Promise<number> {
  let bytes = 0;
  await forEachLimited(await listFiles(dir), 64, async (p) => {
    bytes += (await fs.readFile(p)).length;
  });
  return bytes;
}

const workload: Workload = {
  name: 'vault-scan',
  description:
    'Opening a vault with the Node adapter (walk, stat, read and parse every note, resolve every link) against a raw recursive read of the same files with the same synchronous reads (bytes only, no decoding); ' +
    'then moving 1,000 notes in a 10k-note vault with link rewriting, against plain `fs.rename` of the same files in a copy.',
  async run(bench, ctx) {
    const sizes = ctx.quick ? [10_000] : [10_000, 100_000];
    for (const notes of sizes) {
      const dir = path.join(ctx.tmp, `scan-${notes}`);
      const { files, bytes } = await writeCorpus(dir, { notes, seed: 11 });
      await rawRead(dir); // warm the page cache for both
      const before = heapMiB();
      let vault: NodeVault | null = null;
      await bench.compare(
        `open ${notes.toLocaleString('en')} notes (${files.toLocaleString('en')} files, ${fmtBytes(bytes)})`,
        async () => {
          vault = await NodeVault.open(dir);
          vault.resolvedLinks();
        },
        'raw read of the same files',
        () => rawRead(dir),
        { repeats: notes >= 100_000 ? 3 : 5, warmup: 1 },
      );
      const asyncReads: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await rawReadAsync(dir);
        asyncReads.push(performance.now() - t0);
      }
      bench.record({ case: `raw read with fs.promises, 64 in flight (${notes.toLocaleString('en')} notes)`, value: fmtMs(summarize(asyncReads).medianMs), note: 'median of 3; the other way to read, for scale' });
      // Peak while opening, in a run of its own (the timed runs overlap with earlier runs' garbage).
      vault = null;
      const sampler = heapSampler();
      vault = await NodeVault.open(dir);
      vault.resolvedLinks();
      bench.record({ case: `peak heap while opening (${notes.toLocaleString('en')} notes)`, value: fmtBytes(sampler.stop()), note: 'heapUsed + arrayBuffers above the idle process, sampled every 20 ms; one open' });
      bench.record({ case: `heap held by the open vault (${notes.toLocaleString('en')} notes)`, value: `${(heapMiB() - before).toFixed(0)} MiB`, note: vault ? 'metadata and link graph in memory' : '' });
      vault = null;
      await fs.rm(dir, { recursive: true, force: true });
    }

    // Moves with link rewriting.
    const notes = ctx.quick ? 2_000 : 10_000;
    const moves = ctx.quick ? 200 : 1_000;
    const base = path.join(ctx.tmp, 'moves-base');
    await writeCorpus(base, { notes, seed: 12 });
    const pick = async (dir: string): Promise<string[]> => {
      const v = await NodeVault.open(dir);
      return (await v.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md')).map((e) => e.path).sort().filter((_, i) => i % Math.floor(notes / moves) === 0).slice(0, moves);
    };
    const chosen = await pick(base);
    let round = 0;
    const copy = async (): Promise<string> => {
      const dir = path.join(ctx.tmp, `moves-${round++}`);
      await fs.cp(base, dir, { recursive: true });
      return dir;
    };
    const dest = (p: string): string => `Moved/${p.replace(/\//g, ' - ')}`;
    let vaultDir = '';
    let plainDir = '';
    const state: { vault: NodeVault | null } = { vault: null };
    const moveHeap = heapSampler();
    await bench.compare(
      `move ${moves} notes with link rewriting (${notes.toLocaleString('en')}-note vault)`,
      async () => {
        for (const p of chosen) await state.vault?.rename(p, dest(p));
      },
      'plain renames of the same files',
      async () => {
        await fs.mkdir(path.join(plainDir, 'Moved'), { recursive: true });
        for (const p of chosen) await fs.rename(path.join(plainDir, p), path.join(plainDir, dest(p)));
      },
      {
        repeats: 3,
        warmup: 0,
        note: 'median of 3; each run on a fresh copy (copy and open not timed)',
        before: async () => {
          vaultDir = await copy();
          plainDir = await copy();
          state.vault = null; // the last run's vault is garbage before the next one opens
          state.vault = await NodeVault.open(vaultDir);
        },
      },
    );
    bench.record({ case: `peak heap during the moves (${notes.toLocaleString('en')}-note vault)`, value: fmtBytes(moveHeap.stop()), note: 'heapUsed + arrayBuffers above the idle process over the runs, each vault open included' });
  },
};

export default workload;
