// Merges that only add documents append into the base's own buffer (segment-merge.ts); the
// segment must be the one a fresh merge gives, which a plain model of the shard says here: live
// documents in order of arrival per merge, each term's postings base first, then the delta's.
import { describe, expect, it } from 'vitest';
import { Shard } from '../../../src/search/keyword/shard';
import { FIELD_BITS, FIELD_MASK } from '../../../src/search/keyword/segment';

interface ModelPosting {
  doc: number;
  tf: number;
  fields: number;
}

function snapshot(shard: Shard): Map<number, ModelPosting[]> {
  const b = shard.base;
  const out = new Map<number, ModelPosting[]>();
  for (let i = 0; i < b.terms.length; i++) {
    const list: ModelPosting[] = [];
    for (let r = b.offsets[i] as number; r < (b.offsets[i + 1] as number); r++) {
      const packed = b.postings[r] as number;
      list.push({ doc: b.localDocs[packed >>> FIELD_BITS] as number, tf: b.tf[r] as number, fields: packed & FIELD_MASK });
    }
    out.set(b.terms[i] as number, list);
  }
  return out;
}

describe('appending to a shard segment in place', () => {
  it('gives what a fresh merge gives, batch after batch, and reuses its buffer while there is room', () => {
    let x = 7;
    const rnd = (n: number): number => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const shard = new Shard();
    const alive = new Uint8Array(4096);
    const df = new Int32Array(512);
    const model = new Map<number, ModelPosting[]>();
    let nextDoc = 0;
    let inPlace = 0;
    for (let batch = 0; batch < 60; batch++) {
      const docs = 1 + rnd(12);
      const added = new Map<number, ModelPosting[]>();
      for (let d = 0; d < docs; d++) {
        const id = nextDoc++;
        alive[id] = 1;
        shard.docIds.add(id);
        const terms = new Set<number>();
        for (let t = 0, n = 1 + rnd(30); t < n; t++) terms.add(rnd(400));
        for (const term of terms) {
          const p = { doc: id, tf: rnd(300), fields: rnd(32) };
          shard.addPosting(term, p.doc, p.tf, p.fields);
          df[term] = (df[term] as number) + 1;
          const list = added.get(term) ?? [];
          list.push({ ...p, tf: Math.min(p.tf, 255) });
          added.set(term, list);
        }
      }
      for (const [term, list] of added) model.set(term, [...(model.get(term) ?? []), ...list]);
      const before = shard.base.postings.buffer;
      shard.merge(alive, df);
      if (shard.base.postings.buffer === before) inPlace++;
      expect(snapshot(shard)).toEqual(new Map([...model].sort((a, b) => a[0] - b[0])));
      // Local numbers: earlier documents first, each merge's in order of their first term.
      const locals = [...shard.base.localDocs];
      expect(new Set(locals).size).toBe(locals.length);
      expect(locals.length).toBe(nextDoc);
    }
    // Most merges appended in place; the others outgrew the room and allocated.
    expect(inPlace).toBeGreaterThan(40);
  });

  it('falls back to a fresh merge when a document was removed, and purges it', () => {
    const shard = new Shard();
    const alive = new Uint8Array(64);
    const df = new Int32Array(64);
    for (const id of [0, 1, 2]) {
      alive[id] = 1;
      shard.docIds.add(id);
      shard.addPosting(5, id, 1, 0);
      shard.addPosting(9, id, 2, 1);
      df[5] = (df[5] as number) + 1;
      df[9] = (df[9] as number) + 1;
    }
    shard.merge(alive, df);
    alive[1] = 0;
    shard.docIds.delete(1);
    shard.removed.push(1);
    alive[3] = 1;
    shard.docIds.add(3);
    shard.addPosting(7, 3, 4, 2);
    df[7] = (df[7] as number) + 1;
    const before = shard.base.postings.buffer;
    shard.merge(alive, df);
    expect(shard.base.postings.buffer).not.toBe(before);
    expect([...shard.base.localDocs]).toEqual([0, 2, 3]);
    expect([...shard.base.terms]).toEqual([5, 7, 9]);
    expect(df[5]).toBe(2);
    expect(snapshot(shard).get(9)?.map((p) => p.doc)).toEqual([0, 2]);
  });
});
