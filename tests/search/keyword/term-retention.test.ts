// What the keyword index keeps of a note once it is indexed: its postings and the words it added
// to the term dictionary, never the note's text. A term taken from the text with `slice` is, in
// V8, a view of the whole text when it is 13 characters or longer (a sliced string), so one new
// long word (an id, a compound, a hash) kept a note's entire text alive for as long as the index
// lives: harmless where the host holds every text anyway (the test runtime's in-memory vault),
// but on a phone, whose vault is on disk, the build held the text of every note that brought a
// new long word (issue 24, "Phones and tablets"; issue 29, "Memory and phones").
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { VaultIndexer } from '../../../src/search/keyword/vault-indexer';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-kwretain-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const NOTES = 120;
const NOTE_CHARS = 256 * 1024;

/** A long word of its own for note `i`, lower case (taken from the text as is) or not (folded). */
function ownWord(i: number): string {
  const w = `zettelkastenid${String(i).padStart(6, '0')}`;
  return i % 2 === 0 ? w : `Q${w}`;
}

function heapBytes(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

describe("the keyword index and the notes' text", () => {
  it('holds none of the text of the notes it indexed, even where a note brought a new long word', async () => {
    const filler = 'garden tomato sourdough budget meeting walrus invoice review spring harvest\n';
    for (let i = 0; i < NOTES; i++) {
      await mkdir(path.join(dir, `F${i % 4}`), { recursive: true });
      await writeFile(path.join(dir, `F${i % 4}`, `Note ${i}.md`), `# Note ${i}\n${ownWord(i)}\n${filler.repeat(Math.ceil(NOTE_CHARS / filler.length))}`);
    }
    const vault = await NodeVault.open(dir);
    const before = heapBytes();
    const ix = new VaultIndexer(vault, { persist: false });
    await ix.start();
    const held = heapBytes() - before;
    expect(ix.stats.documents).toBe(NOTES);
    for (const i of [0, 1, 77]) expect(ix.search(ownWord(i), { prefix: false, fuzzy: false })[0]?.path).toBe(`F${i % 4}/Note ${i}.md`);
    // The notes' text is 30 MiB; the index of 120 notes, a few hundred KB.
    expect(held).toBeLessThan(4 * 1024 * 1024);
    await ix.stop(false);
  }, 60_000);
});
