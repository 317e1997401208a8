// The semantic store's save and load never run long without yielding: measured by the bytes of
// work between yields (copying, checksumming, parsing, loading into the slab), not by the clock,
// so the bound holds on a loaded machine. A slicer with a zero budget yields at every checkpoint,
// so the longest stretch it records is the longest single step.
import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checksum32 } from '../../../src/binary/byte-arrays';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { SemanticStore } from '../../../src/search/semantic/semantic-store';
import type { StoreIdentity } from '../../../src/search/semantic/store-codec';
import { loadStore, saveStore, STORE_FILE } from '../../../src/search/semantic/store-file';
import { checksumSteps, STEP_BYTES } from '../../../src/search/semantic/store-steps';
import { TimeSlicer } from '../../../src/vault-vfs/time-slicer';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

const DIMS = 512;
const id: StoreIdentity = { key: { provider: 'test', model: 'm', dimensions: DIMS }, chunker: 1, maxTokens: 512 };

/** A store of `notes` notes with `per` chunks each, vectors from a fixed pseudo-random sequence. */
function bigStore(notes: number, per: number): SemanticStore {
  const store = new SemanticStore(id.key);
  let seed = 7;
  const next = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let n = 0; n < notes; n++) {
    const chunks = Array.from({ length: per }, (_, c) => ({ heading: `Note ${n} / part ${c}`, from: c * 10, to: c * 10 + 9, hash: n * 1000 + c }));
    const vectors = new Map(chunks.map((c) => [c.hash, Float32Array.from({ length: DIMS }, next)]));
    store.setNote(`Folder ${n % 17}/Note ${n}.md`, { mtime: 1_700_000_000_000 + n, size: 100 + n }, chunks, vectors);
  }
  return store;
}

/** A slicer that yields at every checkpoint and counts its yields. */
function countingSlicer(): { slicer: TimeSlicer; yields: () => number } {
  let yields = 0;
  const slicer = new TimeSlicer(0, () => {
    yields++;
    return Promise.resolve();
  });
  return { slicer, yields: () => yields };
}

let vault: TempVault;
beforeEach(async () => {
  vault = await makeTempVault({ 'a.md': 'a\n' });
});
afterEach(() => vault.cleanup());

describe('semantic store in slices', () => {
  it('checksums in steps of at most STEP_BYTES with the same value as the one-shot checksum', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 3 * STEP_BYTES + 9 }), fc.nat(7), fc.nat(7), (data, a, b) => {
        const start = Math.min(a, data.length);
        const end = Math.max(start, data.length - b);
        const steps = checksumSteps(data, start, end);
        let done = 0;
        for (;;) {
          const next = steps.next();
          if (next.done === true) {
            expect(next.value).toBe(checksum32(data, start, end));
            break;
          }
          expect(next.value).toBeLessThanOrEqual(STEP_BYTES);
          done += next.value;
        }
        expect(done).toBe(end - start);
      }),
      { numRuns: 30 },
    );
  });

  it('saves and loads a 6,000-chunk store yielding after every STEP_BYTES of work, and still refuses a damaged file', async () => {
    const store = bigStore(1_500, 4);
    const port = await NodeVault.open(vault.dir);
    const save = countingSlicer();
    const bytes = await saveStore(port.state, store, id, save.slicer);
    expect(bytes).toBeGreaterThan(12 * STEP_BYTES);
    expect(save.slicer.longestWork).toBeLessThanOrEqual(STEP_BYTES);
    // Counted independently of what the steps report: the file is written (copied and
    // checksummed, so touched twice) in at least bytes * 2 / STEP_BYTES steps.
    expect(save.yields()).toBeGreaterThanOrEqual(Math.floor((2 * bytes) / STEP_BYTES));

    const load = countingSlicer();
    const loaded = await loadStore(port.state, id, load.slicer);
    expect(loaded.refused).toBeNull();
    expect(load.slicer.longestWork).toBeLessThanOrEqual(STEP_BYTES);
    // Checksummed, then loaded into the slab.
    expect(load.yields()).toBeGreaterThanOrEqual(Math.floor((2 * bytes * 0.9) / STEP_BYTES));
    expect(loaded.store.chunkCount).toBe(6_000);
    expect([...loaded.store.notes.keys()]).toEqual([...store.notes.keys()]);
    const query = Float32Array.from({ length: DIMS }, (_, i) => Math.sin(i));
    expect(loaded.store.search(query, 10)).toEqual(store.search(query, 10));

    // One flipped byte deep in the vectors: refused whole, with the block named.
    const file = path.join(vault.dir, '.obsidian/plugins/reeve', STORE_FILE);
    const raw = await readFile(file);
    const at = raw.length - 5 * STEP_BYTES;
    raw[at] = (raw[at] ?? 0) ^ 0x10;
    await writeFile(file, raw);
    const damaged = await loadStore(port.state, id, countingSlicer().slicer);
    expect(damaged.refused).toMatch(/checksum mismatch in block \d+ of \d+/);
    expect(damaged.store.chunkCount).toBe(0);
  });
});
