// The keyword index: a purpose-built, sharded inverted index over file names, aliases, headings,
// tags, folders and content. Synchronous and storage-free: `VaultIndexer` feeds it from a
// VaultPort in time slices, and `index-store.ts` saves and loads its shards.
//
// Why not MiniSearch (which Omnisearch and Copilot use): MiniSearch keeps a Map entry per term,
// field and document and scores every match of every expansion into an object, which is what
// made a 100k-note build take minutes and a gigabyte, common words hundreds of milliseconds and
// short prefixes seconds; and its export is one JSON string. Here postings are flat typed arrays
// (term frequency capped to a byte, fields as bits), scoring fills typed accumulators, prefix and
// fuzzy expansion are capped, and each shard saves as its own binary file (terms as ids into one
// saved term dictionary) whose arrays load as views of the file's bytes. The measurements are in
// BENCHMARKS.md ("keyword-index").

import { DocumentAnalyzer, type IndexDocument } from './analyzer';
import { DocTable, type FileStamp } from './doc-table';
import { planQuery, type SearchOptions } from './query-plan';
import { Searcher } from './searcher';
import { Shard } from './shard';
import { STOPWORDS } from './stopwords';
import { TermBuckets } from './term-buckets';
import { TermTable, hashTerm } from './term-table';
import { terms } from './tokenizer';

export interface KeywordIndexOptions {
  /** Shards the postings (and the saved index) are split into; default 64. */
  shardCount?: number;
  /** Characters of a note's content that are indexed; default 300,000 (about 50,000 words). */
  maxContentChars?: number;
  /** A shard folds its delta into its compact base once the delta holds this many postings. */
  mergeThreshold?: number;
}

export interface SearchHit {
  path: string;
  /** In [0, 1); higher is better. See searcher.ts for what it is made of. */
  score: number;
}

/** A query term and the fields it matched in: shard.ts's field bits, plus FIELD_CONTENT (searcher.ts). */
export interface TermMatch {
  /** The query word. */
  term: string;
  /** The word of the note that matched it: the word itself, a completion or a near miss. */
  matched: string;
  fields: number;
}

export interface ExplainedHit extends SearchHit {
  /** The query terms this document matched (directly, as a prefix or with a typo), and where. */
  matches: TermMatch[];
}

export const DEFAULT_SHARD_COUNT = 64;
export const DEFAULT_MAX_CONTENT_CHARS = 300_000;
const DEFAULT_MERGE_THRESHOLD = 50_000;
const NO_STAMP: FileStamp = { mtime: 0, size: 0 };
/** Bump when tokenizing or field extraction changes: saved shards of older versions are rebuilt. */
const ANALYSIS_VERSION = 1;

export class KeywordIndex {
  /** For the rule DSL: a SimilarityProvider of kind 'keyword'. */
  readonly kind = 'keyword' as const;
  readonly docs = new DocTable();
  readonly table = new TermTable(STOPWORDS);
  readonly buckets = new TermBuckets(this.table);
  readonly shards: Shard[];
  readonly maxContentChars: number;
  /** Documents per term, including removed documents not yet purged by a merge. */
  df = new Int32Array(1024);
  /** Bumped on every change; caches compare it. */
  generation = 0;
  private readonly analyzer: DocumentAnalyzer;
  private readonly searcher = new Searcher();
  private readonly mergeThreshold: number;
  private scoreCache: { query: string; generation: number; scores: Map<number, number> } | null = null;

  constructor(options: KeywordIndexOptions = {}) {
    const count = options.shardCount ?? DEFAULT_SHARD_COUNT;
    if (!Number.isInteger(count) || count < 1 || count > 4096) throw new RangeError(`shardCount must be 1..4096, got ${count}`);
    this.shards = Array.from({ length: count }, () => new Shard());
    this.maxContentChars = options.maxContentChars ?? DEFAULT_MAX_CONTENT_CHARS;
    this.mergeThreshold = options.mergeThreshold ?? DEFAULT_MERGE_THRESHOLD;
    this.analyzer = new DocumentAnalyzer(this.table, this.maxContentChars);
  }

  get size(): number {
    return this.docs.liveCount;
  }

  shardFor(path: string): number {
    return hashTerm(path) % this.shards.length;
  }

  has(path: string): boolean {
    return this.docs.idOf(path) !== undefined;
  }

  /** The mtime and size the document was indexed at. */
  stampOf(path: string): FileStamp | undefined {
    return this.docs.stamp(path);
  }

  paths(): string[] {
    return this.docs.livePaths();
  }

  /** Adds the document, replacing any with the same path. */
  add(doc: IndexDocument, stamp: FileStamp = NO_STAMP): void {
    const steps = this.addSteps(doc, stamp, Infinity);
    while (steps.next().done !== true);
  }

  /**
   * `add` in steps, for time slicing: pauses after every `chunkChars` of content and before a
   * shard merge. Searches between steps see the previous version of the document. Another add
   * started meanwhile abandons this one (the next step throws).
   */
  *addSteps(doc: IndexDocument, stamp: FileStamp = NO_STAMP, chunkChars = 32_768): Generator<void, void> {
    const a = yield* this.analyzer.steps(doc, chunkChars);
    this.detach(doc.path);
    const shardIndex = this.shardFor(doc.path);
    const shard = this.shards[shardIndex] as Shard;
    const id = this.docs.add(doc.path, shardIndex, a.contentLength, stamp);
    this.ensureDf(this.table.size);
    for (let k = 0; k < a.count; k++) {
      const term = a.termIds[k] as number;
      shard.addPosting(term, id, a.tf[k] as number, a.fields[k] as number);
      this.df[term] = (this.df[term] as number) + 1;
    }
    shard.docIds.add(id);
    shard.dirty = true;
    this.generation++;
    if (shard.needsMerge(this.mergeThreshold)) {
      yield;
      this.mergeShard(shardIndex);
    }
  }

  remove(path: string): boolean {
    const shardIndex = this.detach(path);
    if (shardIndex === undefined) return false;
    const shard = this.shards[shardIndex] as Shard;
    if (shard.needsMerge(this.mergeThreshold)) this.mergeShard(shardIndex);
    return true;
  }

  /** Tombstones the document; returns its shard, or undefined if it was not indexed. */
  private detach(path: string): number | undefined {
    const id = this.docs.remove(path);
    if (id === undefined) return undefined;
    const shardIndex = this.docs.shardOf[id] as number;
    const shard = this.shards[shardIndex] as Shard;
    shard.docIds.delete(id);
    shard.removed.push(id);
    shard.dirty = true;
    this.generation++;
    return shardIndex;
  }

  /** Folds a shard's delta into its base and purges removed documents. */
  mergeShard(shardIndex: number): void {
    const shard = this.shards[shardIndex];
    if (shard === undefined) throw new RangeError(`no shard ${shardIndex}`);
    for (const id of shard.merge(this.docs.alive, this.df)) this.docs.release(id);
  }

  /** The best `limit` matches, best first; ties by path. */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const limit = options.limit ?? 20;
    if (limit <= 0) return [];
    const plan = planQuery(query, this, options);
    if (plan.length === 0) return [];
    return this.searcher
      .run(this, plan, limit)
      .map((s) => ({ path: this.docs.path(s.doc), score: s.score }))
      .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** `search`, with what each hit matched: which query terms, in which fields. */
  searchExplained(query: string, options: SearchOptions = {}): ExplainedHit[] {
    const limit = options.limit ?? 20;
    if (limit <= 0) return [];
    const plan = planQuery(query, this, options);
    if (plan.length === 0) return [];
    return this.searcher
      .run(this, plan, limit, true)
      .map((s) => {
        const matches: TermMatch[] = [];
        s.fields?.forEach((fields, qi) => {
          const id = s.terms?.[qi] ?? -1;
          const term = (plan[qi] as { text: string }).text;
          if (fields !== 0) matches.push({ term, matched: id >= 0 ? this.table.term(id) : term, fields });
        });
        return { path: this.docs.path(s.doc), score: s.score, matches };
      })
      .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /**
   * How well `path` matches `query`, in [0, 1), 0 for no match: the same score `search` gives.
   * The DSL's `vector_similarity()` falls back on this without embeddings. One full evaluation
   * per query and index state is cached, so a rule run over many files scores each in O(1).
   */
  score(query: string, path: string): number {
    const id = this.docs.idOf(path);
    if (id === undefined) return 0;
    const cache = this.scoreCache;
    if (cache?.query === query && cache.generation === this.generation) return cache.scores.get(id) ?? 0;
    const plan = planQuery(query, this, {});
    const scores = new Map<number, number>();
    if (plan.length > 0) for (const s of this.searcher.run(this, plan, Infinity)) scores.set(s.doc, s.score);
    this.scoreCache = { query, generation: this.generation, scores };
    return scores.get(id) ?? 0;
  }

  /**
   * Distinct words of the document's file name, stopwords aside (at least 1), for the title fit
   * of the ranking (searcher.ts). Tokenized from the path the first time a query needs it and
   * kept in the document table until the document is added again.
   */
  titleTerms(doc: number): number {
    const known = this.docs.titleTerms[doc] as number;
    if (known !== 0) return known - 1;
    const path = this.docs.path(doc);
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
    let count = 0;
    for (const t of new Set(terms(name))) {
      const id = this.table.find(t);
      if (id < 0 || !this.table.isStopword(id)) count++;
    }
    count = Math.min(254, Math.max(1, count));
    this.docs.titleTerms[doc] = count + 1;
    return count;
  }

  /** Identifies everything that shapes a saved shard; a shard saved under another is rebuilt. */
  get settingsHash(): number {
    return hashTerm(`${ANALYSIS_VERSION}|${this.shards.length}|${this.maxContentChars}|${[...STOPWORDS].join(',')}`);
  }

  /** Makes `df` cover every term id below `n`. */
  ensureDf(n: number): void {
    if (n <= this.df.length) return;
    let cap = this.df.length;
    while (cap < n) cap *= 2;
    const df = new Int32Array(cap);
    df.set(this.df);
    this.df = df;
  }
}
