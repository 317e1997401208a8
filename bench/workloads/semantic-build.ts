// Semantic index build on the generated corpus (10k notes; --quick: 2k) against the scripted
// embedding server (a hashed bag of words over real HTTP), then an incremental update after 100
// notes change. The server's time is measured inside the embedder and taken out: what is left is
// Reeve's own work (reading, chunking, quantizing, saving), the part a real provider does not
// change. The baseline of the incremental update is a rebuild: every chunk sent again.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createEmbedder } from '../../src/agents/llm/embedder-adapter';
import type { FetchLike } from '../../src/agents/llm/fetch-like';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { SemanticIndex } from '../../src/search/semantic/semantic-index';
import { STORE_FILE } from '../../src/search/semantic/store-file';
import type { Embedder } from '../../src/search/semantic/types';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/llm-server';
import { writeCorpus } from '../corpus';
import { fmtBytes, fmtMs, heapSampler, type Bench, type Workload, type WorkloadContext } from '../harness';

const DIMS = 512;
const fetchLike: FetchLike = (input, init) => globalThis.fetch(input, init);

/** The HTTP embedder, with the time spent waiting for the server added up. */
function timedEmbedder(server: ScriptedLlmServer): { embedder: Embedder; serverMs: () => number; texts: () => number } {
  const inner = createEmbedder({
    provider: { id: 'local', kind: 'openai-compatible', baseUrl: server.openaiBaseUrl, apiKeySecret: '', transport: 'fetch', timeoutMs: 60_000, headers: {} },
    model: 'embed-scripted',
    fetch: fetchLike,
    allowBrowser: false,
    dimensions: DIMS,
    batchSize: 256,
  });
  let ms = 0;
  let texts = 0;
  return {
    embedder: {
      key: inner.key,
      async embed(input, signal) {
        const t0 = performance.now();
        try {
          return await inner.embed(input, signal);
        } finally {
          ms += performance.now() - t0;
          texts += input.length;
        }
      },
    },
    serverMs: () => ms,
    texts: () => texts,
  };
}

async function run(bench: Bench, ctx: WorkloadContext): Promise<void> {
  const notes = ctx.quick ? 2_000 : 10_000;
  const dir = path.join(ctx.tmp, 'vault');
  await writeCorpus(dir, { notes, seed: 7 });
  const server = await startScriptedLlmServer();
  try {
    const vault = await NodeVault.open(dir);
    const timed = timedEmbedder(server);
    const index = new SemanticIndex(vault, timed.embedder, { sliceMs: 10, batchSize: 256, saveIntervalMs: 30_000 });
    const heap = heapSampler();
    const t0 = performance.now();
    await index.start();
    await index.stop();
    const wallMs = performance.now() - t0;
    const peak = heap.stop();
    const p = index.progress;
    const ownMs = wallMs - timed.serverMs();
    const bytes = (await fs.stat(path.join(dir, '.obsidian/plugins/reeve', STORE_FILE))).size;
    bench.record({ case: `build, ${notes.toLocaleString('en-US')} notes`, value: `${Math.round(p.chunks / (ownMs / 1000)).toLocaleString('en-US')} chunks/s`, baseline: 'server time', baselineValue: fmtMs(timed.serverMs()), note: `${p.chunks.toLocaleString('en-US')} chunks of ${p.notes.toLocaleString('en-US')} notes; wall ${fmtMs(wallMs)}, of which Reeve's own work ${fmtMs(ownMs)} (reads, chunking, quantizing, saving); ${DIMS} dimensions, 256 texts a request` });
    bench.record({ case: 'store on disk', value: fmtBytes(bytes), note: `${(bytes / p.chunks).toFixed(0)} B a chunk (int8 vector + scale + heading, lines, hash)` });
    bench.record({ case: 'build peak heap', value: fmtBytes(peak), note: 'heapUsed + arrayBuffers above the start, sampled every 20 ms (includes the HTTP client)' });
    bench.record({ case: 'build longest block', value: fmtMs(p.longestBlockMs), note: 'longest synchronous stretch of index work between yields (aim: under 50 ms)' });

    // 100 notes change one line each; a new process starts and catches up.
    const files = (await vault.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md')).map((e) => e.path);
    for (let i = 0; i < 100; i++) {
      const rel = files[(i * 97) % files.length] as string;
      const full = path.join(dir, rel);
      await fs.appendFile(full, `\nEdited line ${i} about zephyr calibration.\n`);
    }
    const again = timedEmbedder(server);
    const reopened = new SemanticIndex(await NodeVault.open(dir), again.embedder, { sliceMs: 10, batchSize: 256 });
    const t1 = performance.now();
    await reopened.start();
    const updateMs = performance.now() - t1;
    const total = reopened.progress.chunks;
    await reopened.stop();
    bench.record({ case: 'update after editing 100 notes', value: `${again.texts()} texts sent`, baseline: 'rebuild: every chunk', baselineValue: `${total.toLocaleString('en-US')} texts`, ratio: `${((again.texts() / total) * 100).toFixed(2)}%`, note: `restart, load, compare stamps, re-chunk the 100 notes, send only changed chunks: ${fmtMs(updateMs)} (server ${fmtMs(again.serverMs())})` });
    bench.record({ case: 'machine load at the end', value: os.loadavg().map((l) => l.toFixed(1)).join(' / '), note: `1, 5 and 15 min load average on ${os.cpus().length} cores: the machine is shared, and latencies and longest blocks scale with it` });
  } finally {
    await server.close();
  }
}

const workload: Workload = {
  name: 'semantic-build',
  description: 'Semantic index build of the generated corpus against the scripted embedding server, and the incremental update after 100 edited notes.',
  run,
};
export default workload;
