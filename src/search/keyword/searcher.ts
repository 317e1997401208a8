// Scores a planned query over every shard. Term-at-a-time into flat per-document accumulators
// (no object per matching document, which is what makes MiniSearch slow on common words), then a
// bounded heap for the top results.
//
// Ranking is lexicographic, folded into one number in [0, 1):
//   1. coverage: how many query terms the document matches (in any field, through any expansion);
//   2. title hits: how many query terms match the file name or an alias, so title matches come
//      first among documents that match equally much;
//   3. title fit: of the words of the file name, the share the query matched, so that among
//      notes whose titles hold every query word the one whose title is just those words (the
//      note the user typed the title of) comes first, not `Küche Gespräch Straße` for
//      `Küche Gespräch`; the share is counted in sixteenths, so it decides before relevance;
//   4. relevance: BM25 over content (term frequency saturated, length normalized) plus fixed
//      weights for the title, alias, heading, tag and folder fields, times the expansion weight.
// score = (coverage + (titleHits + (fit + r) / 17) / (n + 1)) / (n + 1), with fit in 0..16 and
// r = S / (S + 10) in [0, 1) for relevance S and n query terms; it is 0 for no match and grows
// with each criterion in order.
//
// For a top-k search that order gives a bound cheaper than scoring (see `runTitleFirst`): a
// document that matches every query term with at least one of them in its title beats every
// document with no title hit. So a first pass reads only the title and alias postings (kept
// apart by title-postings.ts, no arithmetic) to mark the documents with a title hit; if at least
// `limit` of them match every query term once scored, nothing else can reach the top and the other postings
// are never scored. At 100k notes a common word has ~100k postings and ~2k title hits: profiled,
// scoring postings was 86% of a query's time.
//
// The title pass also tells, per document, which query terms hit its title, so for the documents
// whose title holds every query term the title hits and the title fit (criteria 2 and 3) are known
// before any scoring. When at least `limit` of them exist, only those in the best fit classes (the
// fewest classes that hold `limit`) can reach the top: the rest of the title hits are never
// scored either. A two-letter prefix (`re`: ~10k title hits at 100k notes) then scores a few
// hundred documents.

import type { DocTable } from './doc-table';
import { MAX_QUERY_TERMS, type QueryTerm } from './query-plan';
import { type Shard } from './shard';
import { FIELD_ALIAS, FIELD_BITS as SEGMENT_FIELD_BITS, FIELD_FOLDER, FIELD_HEADING, FIELD_MASK as SEGMENT_FIELD_MASK, FIELD_TAG, FIELD_TITLE } from './segment';
import { titlePostings, titleRow } from './title-postings';

const K1 = 1.2;
const B = 0.75;
const RELEVANCE_HALF = 10;
const TITLE_LIKE = FIELD_TITLE | FIELD_ALIAS;
// Module-local copies of the constants the posting loops use. Where modules are CommonJS (tsx,
// which runs the benchmarks and tests from source), an imported binding is a getter call on every
// read: `re` at 100k notes cost 7.7 ms of CPU a query so, against 2.1 ms in an esbuild bundle (one
// scope, as main.js and the CLI ship).
const FIELD_BITS = SEGMENT_FIELD_BITS;
const FIELD_MASK = SEGMENT_FIELD_MASK;

/** Field weight of each combination of field bits. */
const FIELD_WEIGHT = new Float32Array(32).map((_, bits) => {
  let w = 0;
  if (bits & FIELD_TITLE) w += 3;
  if (bits & FIELD_ALIAS) w += 2.5;
  if (bits & FIELD_HEADING) w += 1.5;
  if (bits & FIELD_TAG) w += 1.5;
  if (bits & FIELD_FOLDER) w += 0.5;
  return w;
});

/** In `ScoredDoc.fields`: the query term matched the note's text (the other bits are shard.ts's). */
export const FIELD_CONTENT = 32;
/** Query terms tracked per document for explanations: all of them (query-plan.ts caps them). */
const EXPLAINED_TERMS = MAX_QUERY_TERMS;

export interface ScoredDoc {
  doc: number;
  score: number;
  /** With `explain`: per query term, the field bits (and FIELD_CONTENT) it matched in. */
  fields?: Uint8Array;
  /**
   * With `explain`: per query term, the dictionary term that gave it its best score here (the
   * word the note holds: `garden` for the query word `jarden`), -1 where it matched nothing.
   */
  terms?: Int32Array;
}

export interface SearchContext {
  docs: DocTable;
  shards: readonly Shard[];
  df: Int32Array;
  /** Distinct words of the document's file name, stopwords aside (at least 1). */
  titleTerms(doc: number): number;
}

/** Scratch arrays reused across queries, grown with the document table. */
class Accumulators {
  total = new Float32Array(0);
  termBest = new Float32Array(0);
  /** The expansion (term id) behind `termBest`, per document. */
  termBestId = new Int32Array(0);
  mask = new Uint32Array(0);
  titleHits = new Uint8Array(0);
  /** Field bits the current query term matched in, per document. */
  termFields = new Uint8Array(0);
  /** Field bits per document and query term (document * EXPLAINED_TERMS + term), for explanations. */
  hitFields = new Uint8Array(0);
  /** The matched term id per document and query term, laid out as `hitFields`. */
  hitTerms = new Int32Array(0);
  /** Documents a query term touched, in order. */
  touched = new Int32Array(0);

  fit(n: number): void {
    if (this.total.length >= n) return;
    const cap = Math.max(1024, n + (n >> 2));
    this.total = new Float32Array(cap);
    this.termBest = new Float32Array(cap);
    this.termBestId = new Int32Array(cap);
    this.mask = new Uint32Array(cap);
    this.titleHits = new Uint8Array(cap);
    this.termFields = new Uint8Array(cap);
    this.hitFields = new Uint8Array(0);
    this.hitTerms = new Int32Array(0);
    this.touched = new Int32Array(cap);
  }
}

export class Searcher {
  private readonly acc = new Accumulators();
  /** Documents to score in a title-first search (1). */
  private flag = new Uint8Array(0);
  /** Per document, the query terms (bit qi) the title pass found in its title or an alias. */
  private titleMask = new Uint16Array(0);
  /** Documents the title pass found, in order, and the title fit of each whose title holds every term (-1 for the others). */
  private candidates = new Int32Array(0);
  private candidateFit = new Int8Array(0);
  private readonly perFit = new Int32Array(17);
  /**
   * The same marks by shard and local document number (shard * stride + local), for candidates
   * found in a shard's base; the position of each, -1 for one found in a delta. The scoring pass
   * over a base row tests the posting's local number here: a small window read in order, where
   * the document id (a load from `localDocs`, then a random byte of `flag`) is only looked up for
   * the few postings that pass. Profiled, that lookup was most of the pass.
   */
  private localFlag = new Uint8Array(0);
  private candidateLocal = new Int32Array(0);
  private stride = 0;
  /** Documents matched so far in this query, in order. */
  private matched = new Int32Array(0);
  private matchedCount = 0;

  /**
   * The matching documents with their scores: all of them when `limit` is Infinity, else the best
   * `limit`, best first. With `explain`, each hit also says which fields each query term matched
   * in (recorded as the postings are scored anyway, so it costs one byte store a posting).
   */
  run(ctx: SearchContext, plan: readonly QueryTerm[], limit: number, explain = false): ScoredDoc[] {
    this.fit(ctx.docs.capacity, explain);
    if (Number.isFinite(limit) && limit > 0) {
      const found = this.runTitleFirst(ctx, plan, limit, explain);
      if (found !== null) return found;
    }
    for (let qi = 0; qi < plan.length; qi++) this.scoreTerm(ctx, plan[qi] as QueryTerm, qi, explain, null);
    return this.finish(ctx, plan.length, limit, explain);
  }

  private fit(capacity: number, explain: boolean): void {
    this.acc.fit(capacity);
    const cap = this.acc.total.length;
    if (explain && this.acc.hitFields.length < cap * EXPLAINED_TERMS) {
      this.acc.hitFields = new Uint8Array(cap * EXPLAINED_TERMS);
      this.acc.hitTerms = new Int32Array(cap * EXPLAINED_TERMS);
    }
    if (this.flag.length < cap) {
      this.flag = new Uint8Array(cap);
      this.titleMask = new Uint16Array(cap);
      this.candidates = new Int32Array(cap);
      this.candidateFit = new Int8Array(cap);
      this.candidateLocal = new Int32Array(cap);
      this.matched = new Int32Array(cap);
    }
  }

  /** Sizes `localFlag` for the shards' bases as they are now. */
  private fitLocal(ctx: SearchContext): void {
    let stride = 0;
    for (const shard of ctx.shards) stride = Math.max(stride, shard.base.localDocs.length);
    this.stride = stride;
    if (this.localFlag.length < stride * ctx.shards.length) this.localFlag = new Uint8Array(stride * ctx.shards.length);
  }

  /**
   * The top `limit` scored from the documents with a title hit alone, or null when they cannot be
   * shown to be the top (fewer than `limit` of them match every query term): then nothing was
   * left behind and the caller scores every posting.
   */
  private runTitleFirst(ctx: SearchContext, plan: readonly QueryTerm[], limit: number, explain: boolean): ScoredDoc[] | null {
    const flag = this.flag;
    this.fitLocal(ctx);
    const count = this.markTitleHits(ctx, plan, limit);
    let found: ScoredDoc[] | null = null;
    if (count >= limit) {
      this.flagBestFit(ctx, plan.length, count, limit);
      for (let qi = 0; qi < plan.length; qi++) this.scoreTerm(ctx, plan[qi] as QueryTerm, qi, explain, flag);
      // Every query term's bit (query-plan.ts keeps at most 16 terms).
      const full = (1 << plan.length) - 1;
      let complete = 0;
      const { mask } = this.acc;
      for (let k = 0; k < this.matchedCount; k++) if (mask[this.matched[k] as number] === full) complete++;
      if (complete >= limit) found = this.finish(ctx, plan.length, limit, explain);
      else this.clearScores(explain);
    }
    this.unmark(count);
    return found;
  }

  private unmark(count: number): void {
    for (let k = 0; k < count; k++) {
      const d = this.candidates[k] as number;
      this.flag[d] = 0;
      this.titleMask[d] = 0;
      const at = this.candidateLocal[k] as number;
      if (at >= 0) this.localFlag[at] = 0;
    }
  }

  /**
   * Flags the documents to score (`flag`, and `localFlag` for those in a base): when at least
   * `limit` title hits hold every query term in their title, those of the best fit classes that
   * together hold `limit` (nothing else can rank above them, see the header); else every title hit.
   */
  private flagBestFit(ctx: SearchContext, n: number, count: number, limit: number): void {
    const { candidates, candidateFit, titleMask, perFit } = this;
    const full = (1 << n) - 1;
    perFit.fill(0);
    let complete = 0;
    for (let k = 0; k < count; k++) {
      const d = candidates[k] as number;
      if (titleMask[d] !== full) {
        candidateFit[k] = -1;
        continue;
      }
      const f = titleFit(n, ctx.titleTerms(d));
      candidateFit[k] = f;
      perFit[f] = (perFit[f] as number) + 1;
      complete++;
    }
    // The lowest fit class still needed to hold `limit`; -1 (every title hit) when too few are complete.
    let cut = -1;
    if (complete >= limit) {
      let held = 0;
      for (cut = 16; cut > 0 && (held += perFit[cut] as number) < limit; cut--);
    }
    for (let k = 0; k < count; k++) {
      if ((candidateFit[k] as number) < cut) continue;
      this.flag[candidates[k] as number] = 1;
      const at = this.candidateLocal[k] as number;
      if (at >= 0) this.localFlag[at] = 1;
    }
  }

  /**
   * Records in `titleMask` which query terms some expansion matches in a live document's title or
   * alias, and lists those documents; returns how many.
   */
  private markTitleHits(ctx: SearchContext, plan: readonly QueryTerm[], limit: number): number {
    const { titleMask, candidates, candidateLocal, stride } = this;
    const alive = ctx.docs.alive;
    let count = 0;
    for (let qi = 0; qi < plan.length; qi++) {
      const bit = 1 << qi;
      for (const { id } of (plan[qi] as QueryTerm).expansions) {
        for (let si = 0; si < ctx.shards.length; si++) {
          const shard = ctx.shards[si] as Shard;
          const row = shard.baseRow(id);
          const titles = row >= 0 ? titlePostings(shard.base) : null;
          const at = titles === null ? -1 : titleRow(titles, row);
          if (titles !== null && at >= 0) {
            const local = shard.base.localDocs;
            const postings = titles.postings;
            for (let r = titles.offsets[at] as number, end = titles.offsets[at + 1] as number; r < end; r++) {
              const packed = postings[r] as number;
              const d = local[packed >>> FIELD_BITS] as number;
              const m = titleMask[d] as number;
              if ((m & bit) !== 0 || alive[d] !== 1) continue;
              if (m === 0) {
                candidateLocal[count] = si * stride + (packed >>> FIELD_BITS);
                candidates[count++] = d;
              }
              titleMask[d] = m | bit;
            }
          }
          const list = shard.delta.get(id);
          if (list === undefined) continue;
          for (let p = 0; p < list.length; p += 2) {
            if ((((list[p + 1] as number) >>> 8) & TITLE_LIKE) === 0) continue;
            const d = list[p] as number;
            const m = titleMask[d] as number;
            if ((m & bit) !== 0 || alive[d] !== 1) continue;
            if (m === 0) {
              candidateLocal[count] = -1;
              candidates[count++] = d;
            }
            titleMask[d] = m | bit;
          }
        }
      }
    }
    // Too few to fill the top: no point telling them apart from the rest.
    if (count < limit) {
      this.unmark(count);
      return 0;
    }
    return count;
  }

  /**
   * Scores one query term's postings (every expansion, every shard) into the accumulators, only
   * for the documents `only` marks when given.
   */
  private scoreTerm(ctx: SearchContext, term: QueryTerm, qi: number, explain: boolean, only: Uint8Array | null): void {
    const { total, termBest, termBestId, mask, titleHits, termFields, hitFields, hitTerms, touched } = this.acc;
    const docs = ctx.docs;
    const alive = docs.alive;
    const length = docs.contentLength;
    const avg = docs.averageContentLength();
    const N = Math.max(1, docs.liveCount);
    // BM25's length normalization, K1 * (1 - B + B * length / avg) = lenA + lenB * length.
    const lenA = K1 * (1 - B);
    const lenB = (K1 * B) / avg;
    let count = 0;
    const localFlag = this.localFlag;
    for (const { id, weight } of term.expansions) {
      const df = Math.min(N, Math.max(1, ctx.df[id] ?? 1));
      const factor = weight * Math.log(1 + (N - df + 0.5) / (df + 0.5));
      for (let si = 0; si < ctx.shards.length; si++) {
        const shard = ctx.shards[si] as Shard;
        const row = shard.baseRow(id);
        if (row >= 0) {
          const base = shard.base;
          const local = base.localDocs;
          const postings = base.postings;
          const tfs = base.tf;
          // With `only`: the document's mark by its local number (see `localFlag`).
          const at = si * this.stride;
          for (let r = base.offsets[row] as number, end = base.offsets[row + 1] as number; r < end; r++) {
            const packed = postings[r] as number;
            if (only !== null && localFlag[at + (packed >>> FIELD_BITS)] !== 1) continue;
            const d = local[packed >>> FIELD_BITS] as number;
            if (alive[d] !== 1) continue;
            const fields = packed & FIELD_MASK;
            const tf = tfs[r] as number;
            let s = FIELD_WEIGHT[fields] as number;
            if (tf > 0) s += (tf * (K1 + 1)) / (tf + lenA + lenB * (length[d] as number));
            s *= factor;
            const best = termBest[d] as number;
            if (best === 0) touched[count++] = d;
            if (s > best) {
              termBest[d] = s;
              termBestId[d] = id;
            }
            termFields[d] = (termFields[d] as number) | fields | (tf > 0 ? FIELD_CONTENT : 0);
          }
        }
        const list = shard.delta.get(id);
        if (list === undefined) continue;
        // The delta's (doc, tf | fields << 8) pairs.
        for (let p = 0; p < list.length; p += 2) {
          const d = list[p] as number;
          if (only !== null && only[d] !== 1) continue;
          if (alive[d] !== 1) continue;
          const packed = list[p + 1] as number;
          const tf = packed & 0xff;
          const fields = packed >>> 8;
          let s = FIELD_WEIGHT[fields] as number;
          if (tf > 0) s += (tf * (K1 + 1)) / (tf + lenA + lenB * (length[d] as number));
          s *= factor;
          const best = termBest[d] as number;
          if (best === 0) touched[count++] = d;
          if (s > best) {
            termBest[d] = s;
            termBestId[d] = id;
          }
          termFields[d] = (termFields[d] as number) | fields | (tf > 0 ? FIELD_CONTENT : 0);
        }
      }
    }
    const bit = 1 << qi;
    const matched = this.matched;
    let m = this.matchedCount;
    for (let k = 0; k < count; k++) {
      const d = touched[k] as number;
      if (mask[d] === 0) matched[m++] = d;
      mask[d] = (mask[d] as number) | bit;
      total[d] = (total[d] as number) + (termBest[d] as number);
      if ((termFields[d] as number) & TITLE_LIKE) titleHits[d] = (titleHits[d] as number) + 1;
      termBest[d] = 0;
      if (explain && qi < EXPLAINED_TERMS) {
        hitFields[d * EXPLAINED_TERMS + qi] = termFields[d] as number;
        hitTerms[d * EXPLAINED_TERMS + qi] = termBestId[d] as number;
      }
      termFields[d] = 0;
    }
    this.matchedCount = m;
  }

  /** The best `limit` of the documents scored, with their explanations; resets the accumulators. */
  private finish(ctx: SearchContext, n: number, limit: number, explain: boolean): ScoredDoc[] {
    const out = this.select(ctx, this.matched.subarray(0, this.matchedCount), n, limit);
    if (explain) {
      const { hitFields, hitTerms } = this.acc;
      const kept = Math.min(n, EXPLAINED_TERMS);
      for (const hit of out) {
        hit.fields = hitFields.slice(hit.doc * EXPLAINED_TERMS, hit.doc * EXPLAINED_TERMS + kept);
        hit.terms = hitTerms.slice(hit.doc * EXPLAINED_TERMS, hit.doc * EXPLAINED_TERMS + kept);
      }
    }
    this.clearScores(explain);
    return out;
  }

  private clearScores(explain: boolean): void {
    const { total, mask, titleHits, hitFields } = this.acc;
    for (let k = 0; k < this.matchedCount; k++) {
      const d = this.matched[k] as number;
      total[d] = 0;
      mask[d] = 0;
      titleHits[d] = 0;
      if (explain) hitFields.fill(0, d * EXPLAINED_TERMS, (d + 1) * EXPLAINED_TERMS);
    }
    this.matchedCount = 0;
  }

  private compose(ctx: SearchContext, d: number, n: number): number {
    const s = this.acc.total[d] as number;
    const r = s / (s + RELEVANCE_HALF);
    const hits = this.acc.titleHits[d] as number;
    const fit = hits === 0 ? 0 : titleFit(hits, ctx.titleTerms(d));
    return (popcount(this.acc.mask[d] as number) + (hits + (fit + r) / 17) / (n + 1)) / (n + 1);
  }

  private select(ctx: SearchContext, matched: Int32Array, n: number, limit: number): ScoredDoc[] {
    if (limit >= matched.length) {
      return Array.from(matched, (doc) => ({ doc, score: this.compose(ctx, doc, n) })).sort((a, b) => b.score - a.score);
    }
    // A min-heap of the best `limit` so far, worst at the root. Equal scores rank by path, as the
    // caller sorts them: the top `limit` is then the first `limit` of the whole ranking, whichever
    // documents were scored (the title-first search scores fewer), not whichever came first.
    const heap: ScoredDoc[] = [];
    const worse = (a: ScoredDoc, b: ScoredDoc): boolean => a.score < b.score || (a.score === b.score && ctx.docs.path(a.doc) > ctx.docs.path(b.doc));
    for (const doc of matched) {
      const score = this.compose(ctx, doc, n);
      if (heap.length < limit) {
        heap.push({ doc, score });
        siftUp(heap, heap.length - 1, worse);
        continue;
      }
      const root = heap[0] as ScoredDoc;
      // Most matches lose to the root on score alone: no object, no path.
      if (score < root.score || (score === root.score && ctx.docs.path(doc) > ctx.docs.path(root.doc))) continue;
      heap[0] = { doc, score };
      siftDown(heap, 0, worse);
    }
    return heap.sort((a, b) => b.score - a.score);
  }
}

/** The title fit (0..16) of a document with `hits` query terms in a title of `titleTerms` words (see the header). */
function titleFit(hits: number, titleTerms: number): number {
  return Math.round(16 * Math.min(1, hits / titleTerms) - 0.5);
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

type Worse = (a: ScoredDoc, b: ScoredDoc) => boolean;

function siftUp(heap: ScoredDoc[], i: number, worse: Worse): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!worse(heap[i] as ScoredDoc, heap[parent] as ScoredDoc)) return;
    [heap[parent], heap[i]] = [heap[i] as ScoredDoc, heap[parent] as ScoredDoc];
    i = parent;
  }
}

function siftDown(heap: ScoredDoc[], i: number, worse: Worse): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < heap.length && worse(heap[l] as ScoredDoc, heap[m] as ScoredDoc)) m = l;
    if (r < heap.length && worse(heap[r] as ScoredDoc, heap[m] as ScoredDoc)) m = r;
    if (m === i) return;
    [heap[m], heap[i]] = [heap[i] as ScoredDoc, heap[m] as ScoredDoc];
    i = m;
  }
}
