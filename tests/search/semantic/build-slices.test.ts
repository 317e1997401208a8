// "A build never blocks for more than 50 ms", checked by counting work rather than by the clock
// (which lies on a loaded machine): with a slicer that yields at every checkpoint, the work done
// between two yields stays under a fixed bound however large a note is, and all of a build's
// work is counted (else the bound would prove nothing). The vector store grows a page at a time,
// never copying what it holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { chunkNote, chunkNoteSteps } from '../../../src/search/semantic/chunker';
import { SemanticIndex } from '../../../src/search/semantic/semantic-index';
import { STEP_BYTES } from '../../../src/search/semantic/store-steps';
import { PAGE_SLOTS, VectorSlab } from '../../../src/search/semantic/vector-slab';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { makeTempVault } from '../../helpers/temp-vault';
import { scriptedEmbedder, sectionNote } from './fixtures';

/** A note of about `mb` MB: sections of paragraphs, and one line of a quarter of that with no break. */
function bigNote(mb: number): string {
  const paragraph = 'Orchards need pruning in late winter, before the sap rises, and a clean cut above a bud. ';
  const parts: string[] = [];
  let size = 0;
  for (let s = 0; size < mb * 750_000; s++) {
    const body = `${paragraph.repeat(20)}\n\n`.repeat(8);
    parts.push(`## Section ${s}\n${body}`);
    size += body.length;
  }
  parts.push(`## One long line\n${'word '.repeat(mb * 50_000)}`);
  return parts.join('\n');
}

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());

describe('semantic build in bounded steps', () => {
  it('chunks a note of megabytes in steps of at most STEP_BYTES, into the same chunks as at once', () => {
    const text = bigNote(3);
    const steps = chunkNoteSteps(text, null);
    let most = 0;
    let total = 0;
    let next = steps.next();
    for (; next.done !== true; next = steps.next()) {
      most = Math.max(most, next.value);
      total += next.value;
    }
    expect(most).toBeLessThanOrEqual(STEP_BYTES + 4 * 512 * 2);
    expect(total).toBeGreaterThanOrEqual(text.length);
    expect(next.value).toEqual(chunkNote(text, null));
    expect(next.value.length).toBeGreaterThan(1000);
    expect(next.value.every((c) => c.body.length <= 512 * 4)).toBe(true);
  });

  it('a build with a note of megabytes does a bounded amount of work between yields, and counts it all', async () => {
    const notes: Record<string, string> = { 'Big.md': bigNote(2) };
    for (let i = 0; i < 40; i++) notes[`Small/Note ${i}.md`] = sectionNote(`topic${i}`, 1 + (i % 3));
    const tv = await makeTempVault(notes);
    try {
      const port = await NodeVault.open(tv.dir);
      // Yield at every checkpoint (budget 0), through a microtask so the test stays quick.
      const index = new SemanticIndex(port, scriptedEmbedder(server, 64), { sliceMs: 0, yieldFn: () => Promise.resolve(), batchSize: 256, persist: false });
      await index.start();
      expect(index.progress.phase).toBe('ready');
      const slicer = index.indexer.slicer;
      const chars = Object.values(notes).reduce((n, t) => n + t.length, 0);
      expect(slicer.totalWork).toBeGreaterThanOrEqual(chars);
      // A step of chunking plus one chunk's text, or one batch of vectors quantized (256 x 64).
      expect(slicer.longestWork).toBeLessThanOrEqual(STEP_BYTES + 4 * 512 * 2);
      expect(index.progress.chunks).toBeGreaterThan(500);
      // Every staged vector went into its note (none left out of the count), and the big note is searchable.
      const store = index.indexer.store;
      expect(store.notes.get('Big.md')?.chunks.length).toBe(chunkNote(notes['Big.md'] as string, port.metadata('Big.md')).length);
      expect(index.progress.chunks).toBe([...store.notes.values()].reduce((n, note) => n + note.chunks.length, 0));
      expect((await index.search('orchards pruning late winter sap bud', { limit: 5 })).map((h) => h.path)).toContain('Big.md');
      await index.stop(false);
    } finally {
      await tv.cleanup();
    }
  }, 60_000);

  it('the vector store grows a page at a time and never moves a stored vector', () => {
    const slab = new VectorSlab(16);
    const first = slab.add(Float32Array.from({ length: 16 }, (_, i) => i - 8));
    const view = slab.vector(first);
    let capacity = slab.capacity;
    for (let n = 1; n < 5 * PAGE_SLOTS; n++) {
      slab.add(Float32Array.from({ length: 16 }, (_, i) => Math.sin(n + i)));
      expect(slab.capacity - capacity).toBeLessThanOrEqual(PAGE_SLOTS);
      capacity = slab.capacity;
    }
    // The first vector's bytes are where they were: nothing was copied to grow.
    expect(slab.vector(first).buffer).toBe(view.buffer);
    expect(slab.vector(first).byteOffset).toBe(view.byteOffset);
    expect(slab.capacity).toBe(5 * PAGE_SLOTS);
  });
});
