// The build in bounded pieces (vault-indexer.ts): a batch of notes is read, analysed and sealed
// into the shards' compact bases before the next is read, so the per-note form of at most one
// batch is alive at a time (issue 29, "Memory and phones"); and an index built so answers every
// query exactly as one built note by note in a single piece.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import type { VaultPort } from '../../../src/vault-vfs/vault-port';
import { noteDocument } from '../../../src/search/keyword/index-document';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';
import { VaultIndexer } from '../../../src/search/keyword/vault-indexer';

let dir: string;

const WORDS = ['garden', 'tomato', 'sourdough', 'budget', 'meeting', 'route53', 'kubernetes', 'zettel', 'walrus', 'invoice', 'quarterly', 'review', 'spring', 'harvest', 'compost', 'deploy', 'lambda', 'cluster', 'recipe', 'starter'];

/** A deterministic pseudo-random corpus: words, ids with digits, headings and tags. */
async function seed(notes: number): Promise<void> {
  let x = 12345;
  const rnd = (n: number): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  for (let i = 0; i < notes; i++) {
    const words: string[] = [];
    for (let w = 0, n = 5 + rnd(60); w < n; w++) words.push(rnd(4) === 0 ? `${WORDS[rnd(WORDS.length)]}${rnd(300)}` : (WORDS[rnd(WORDS.length)] as string));
    const folder = `Area ${rnd(7)}`;
    const text = `---\ntags: [t${rnd(9)}]\n---\n# ${WORDS[rnd(WORDS.length)]} ${i}\n${words.join(' ')} #tag${rnd(5)}\n`;
    await mkdir(path.join(dir, folder), { recursive: true });
    await writeFile(path.join(dir, folder, `Note ${i} ${WORDS[rnd(WORDS.length)]}.md`), text);
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-kwbounded-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * The vault as the indexer sees it, with a look at the index each time it starts reading a note:
 * notes read so far against notes whose postings are in a compact base. The port is the seam the
 * indexer reads through; nothing of the indexer is replaced.
 */
function observed(vault: VaultPort, onRead: () => void): VaultPort {
  return new Proxy(vault, {
    get(target, prop) {
      if (prop === 'read' || prop === 'cachedRead') {
        const read: ((p: string) => Promise<string>) | undefined = prop === 'read' ? target.read : target.cachedRead;
        return read === undefined
          ? undefined
          : (p: string) => {
              onRead();
              return read.call(target, p);
            };
      }
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

describe('the keyword index build in bounded pieces', () => {
  it('never holds the per-note form of more notes than one batch', async () => {
    const notes = 400;
    const batch = 32;
    await seed(notes);
    let read = 0;
    let mostUnsealed = 0;
    let ix: VaultIndexer | null = null;
    const vault = observed(await NodeVault.open(dir), () => {
      read++;
      const index = ix?.index;
      if (index === undefined) return;
      let sealed = 0;
      for (const s of index.shards) sealed += s.base.localDocs.length;
      mostUnsealed = Math.max(mostUnsealed, read - sealed);
    });
    ix = new VaultIndexer(vault, { batchNotes: batch, persist: false });
    await ix.start();
    expect(ix.stats.documents).toBe(notes);
    expect(read).toBe(notes);
    // Read but not yet in a compact base: the batch being read, never more.
    expect(mostUnsealed).toBeLessThanOrEqual(batch);
    expect(mostUnsealed).toBeGreaterThan(batch / 2);
    let deltas = 0;
    for (const s of ix.index.shards) deltas += s.deltaPostings;
    expect(deltas).toBe(0);
    await ix.stop(false);
  });

  it('answers every query exactly as an index built in one piece, note by note', async () => {
    await seed(300);
    const vault = await NodeVault.open(dir);
    const pieces = new VaultIndexer(vault, { batchNotes: 16, persist: false });
    await pieces.start();
    // The same notes in the same order, added one by one into one index, merged only at its
    // thresholds (as the build was before it went in batches).
    const whole = new KeywordIndex();
    for (const e of await vault.list()) {
      if (e.kind !== 'file') continue;
      whole.add(noteDocument(e.path, await vault.read(e.path), vault.metadata(e.path)), e.stat);
    }
    expect(pieces.index.size).toBe(whole.size);
    const queries = [...WORDS, 'route', 'route5', 'rote53', 'kubernets', 'garden tomato', 'sourdough starter recipe', 'harvest12', 'ga', 'comp', 'area 3', 't4', 'tag2', 'zetel review', 'note 17', 'budget meeting quarterly'];
    for (const q of queries) {
      for (const options of [{ limit: 50 }, { limit: 50, prefix: false, fuzzy: false }]) {
        expect(pieces.index.searchExplained(q, options), q).toEqual(whole.searchExplained(q, options));
      }
      for (const p of pieces.index.paths().slice(0, 40)) expect(pieces.index.score(q, p)).toBe(whole.score(q, p));
    }
    await pieces.stop(false);
  });
});
