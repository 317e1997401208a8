// @vitest-environment happy-dom
// The runtime's append holds an appended file as bytes (append-as-bytes.ts) so that it can pass
// the longest string; it must give the answers the mocks' own append (one string) gave: the same
// text read back, and the same file through writes, renames, copies and removes (and, where the
// mocks' append was wrong, a file written as bytes gets the text at its end). Compared on
// random sequences of those calls, with text of one, two, three and four UTF-8 bytes a character.
import './dom';
import type { App } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { faithfulApp } from './faithful-vault';

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const PIECES = ['a line\n', 'café ', '— ', '日本語', '🙂\n', '{"t":"text","hash":"ab"}\n', ''];
const FILES = ['s/journal/j1.jsonl', 's/journal/j2.jsonl', 's/journal/done/j1.jsonl', 'note.md'];

type Adapter = App['vault']['adapter'];

describe('the runtime\'s append', () => {
  it('gives the answers of the mocks\' append, whatever the calls around it', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rnd = random(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      // The same faithful runtime with the mocks' own append (one string per file) put back.
      const plain = faithfulApp({ 'note.md': 'a note\n' }).app.vault.adapter;
      plain.append = (Object.getPrototypeOf(plain) as Adapter).append.bind(plain);
      const faithful = faithfulApp({ 'note.md': 'a note\n' }).app.vault.adapter;
      const both = async <T>(call: (a: Adapter) => Promise<T>): Promise<[T | Error, T | Error]> => {
        const run = (a: Adapter): Promise<T | Error> => call(a).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
        return [await run(plain), await run(faithful)];
      };
      // Files last written by append: their size is in bytes (the mocks count characters of text they write).
      const appended = new Set<string>();
      for (let step = 0; step < 120; step++) {
        const p = pick(FILES);
        const r = rnd();
        if (r < 0.55) {
          const text = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(PIECES)).join('');
          await both((a) => a.append(p, text));
          appended.add(p);
        } else if (r < 0.65) {
          const text = pick(PIECES);
          await both((a) => a.write(p, text));
          appended.delete(p);
        } else if (r < 0.78) {
          const to = pick(FILES);
          if (to !== p && !(await plain.exists(to))) {
            await both((a) => a.rename(p, to));
            if (appended.delete(p)) appended.add(to);
          }
        } else if (r < 0.83) {
          const to = pick(FILES);
          if (to !== p && !(await plain.exists(to))) await both((a) => a.copy(p, to));
        } else if (r < 0.88) {
          await both((a) => a.remove(p));
          appended.delete(p);
        }
        for (const f of FILES) {
          const [x, y] = await both((a) => a.read(f));
          expect(y, `seed ${seed}, step ${step}, ${f}`).toEqual(x);
          const [e1, e2] = await both((a) => a.exists(f));
          expect(e2).toBe(e1);
          if (typeof y === 'string') {
            expect(new TextDecoder().decode(await faithful.readBinary(f))).toBe(y);
            // Size in bytes, as FileStats documents.
            if (appended.has(f)) expect((await faithful.stat(f))?.size).toBe(new TextEncoder().encode(y).byteLength);
          }
        }
      }
    }
  });

  it('adds to the end of a file written as bytes (the mocks\' append started a text beside them)', async () => {
    const adapter = faithfulApp({}).app.vault.adapter;
    await adapter.writeBinary('j.jsonl', new TextEncoder().encode('café\n').buffer);
    await adapter.append('j.jsonl', 'more\n');
    expect(await adapter.read('j.jsonl')).toBe('café\nmore\n');
    expect((await adapter.stat('j.jsonl'))?.size).toBe(11);
  });

  it('hands out the bytes as they were: a later append does not change what was read', async () => {
    const adapter = faithfulApp({}).app.vault.adapter;
    await adapter.append('j.jsonl', 'first\n');
    const read = new Uint8Array(await adapter.readBinary('j.jsonl'));
    await adapter.append('j.jsonl', 'second\n');
    expect(new TextDecoder().decode(read)).toBe('first\n');
    expect(await adapter.read('j.jsonl')).toBe('first\nsecond\n');
  });
});
