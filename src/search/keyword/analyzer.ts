// Turns one IndexDocument into its postings: each distinct term with its content frequency and
// the fields (title, alias, heading, tag, folder) it appears in. Counting happens in scratch
// arrays indexed by term id, reused from document to document, so analysing a note allocates
// nothing but the strings of words the vault has never seen before.

import { FOLD, SEPARATOR } from './char-fold';
import { FIELD_ALIAS, FIELD_FOLDER, FIELD_HEADING, FIELD_TAG, FIELD_TITLE } from './segment';
import type { TermTable } from './term-table';
import { scanTerms, type TokenSink } from './tokenizer';

/** What the index knows of a note or file; `VaultIndexer` builds it from the VaultPort. */
export interface IndexDocument {
  /** Vault-relative path; its folders are indexed too, with a low weight. */
  path: string;
  /** The file name without `.md` (other files keep their extension). */
  title: string;
  headings: string[];
  /** Without the leading `#`. */
  tags: string[];
  aliases: string[];
  /** The note's text (frontmatter excluded); empty for files that are not notes. */
  content: string;
}

/** The postings of the last analysed document, valid until the next `analyze`. */
export interface Analysis {
  count: number;
  termIds: Int32Array;
  tf: Uint32Array;
  fields: Uint8Array;
  /** Content terms counted (stopwords excluded), for BM25 length normalization. */
  contentLength: number;
}

export class DocumentAnalyzer {
  private counts = new Uint32Array(4096);
  private flags = new Uint8Array(4096);
  private touched = new Int32Array(1024);
  private touchedCount = 0;
  private ticket = 0;
  /** 0 while scanning content, else the field bit being marked. */
  private field = 0;
  private readonly sink: TokenSink;

  constructor(
    private readonly table: TermTable,
    /** Content beyond this many characters is not indexed: it bounds the time one note blocks. */
    private readonly maxContentChars: number,
  ) {
    // One sink for content and fields keeps the scanner's call site monomorphic (and inlined).
    this.sink = {
      span: (text, start, end, hash, folded) => this.take(table.internSpan(text, start, end, hash, folded)),
      word: (term) => this.take(table.intern(term)),
    };
  }

  analyze(doc: IndexDocument): Analysis {
    const steps = this.steps(doc, Infinity);
    for (;;) {
      const r = steps.next();
      if (r.done === true) return r.value;
    }
  }

  /**
   * Analyses in steps, pausing after each `chunkChars` of content, so that a long note can be
   * spread over several time slices. Starting another analysis abandons this one.
   */
  *steps(doc: IndexDocument, chunkChars: number): Generator<void, Analysis> {
    const ticket = ++this.ticket;
    this.reset();
    this.markText(doc.title, FIELD_TITLE);
    for (const a of doc.aliases) this.markText(a, FIELD_ALIAS);
    for (const h of doc.headings) this.markText(h, FIELD_HEADING);
    for (const t of doc.tags) this.markText(t, FIELD_TAG);
    const slash = doc.path.lastIndexOf('/');
    if (slash > 0) this.markText(doc.path.slice(0, slash), FIELD_FOLDER);
    const end = Math.min(doc.content.length, this.maxContentChars);
    for (let pos = 0; pos < end; ) {
      const cut = chunkEnd(doc.content, pos, end, chunkChars);
      this.field = 0;
      scanTerms(pos === 0 && cut === doc.content.length ? doc.content : doc.content.slice(pos, cut), this.sink);
      pos = cut;
      if (pos < end) {
        yield;
        if (ticket !== this.ticket) throw new Error(`analysis of ${doc.path} was abandoned for another document`);
      }
    }
    const n = this.touchedCount;
    const tf = new Uint32Array(n);
    const fields = new Uint8Array(n);
    const termIds = this.touched.slice(0, n);
    let contentLength = 0;
    for (let k = 0; k < n; k++) {
      const id = termIds[k] as number;
      tf[k] = this.counts[id] as number;
      fields[k] = this.flags[id] as number;
      contentLength += this.counts[id] as number;
    }
    return { count: n, termIds, tf, fields, contentLength };
  }

  private markText(text: string, field: number): void {
    this.field = field;
    scanTerms(text, this.sink);
  }

  private reset(): void {
    for (let k = 0; k < this.touchedCount; k++) {
      const id = this.touched[k] as number;
      this.counts[id] = 0;
      this.flags[id] = 0;
    }
    this.touchedCount = 0;
  }

  private take(id: number): void {
    if (this.field === 0) this.countContent(id);
    else this.mark(id);
  }

  private countContent(id: number): void {
    if (this.table.isStopword(id)) return;
    if (id >= this.counts.length) this.growScratch(id);
    if (this.counts[id] === 0 && this.flags[id] === 0) this.touch(id);
    this.counts[id] = (this.counts[id] as number) + 1;
  }

  private mark(id: number): void {
    if (id >= this.counts.length) this.growScratch(id);
    if (this.counts[id] === 0 && this.flags[id] === 0) this.touch(id);
    this.flags[id] = (this.flags[id] as number) | this.field;
  }

  private touch(id: number): void {
    if (this.touchedCount === this.touched.length) {
      const grown = new Int32Array(this.touched.length * 2);
      grown.set(this.touched);
      this.touched = grown;
    }
    this.touched[this.touchedCount++] = id;
  }

  private growScratch(id: number): void {
    let cap = this.counts.length;
    while (cap <= id) cap *= 2;
    const counts = new Uint32Array(cap);
    counts.set(this.counts);
    this.counts = counts;
    const flags = new Uint8Array(cap);
    flags.set(this.flags);
    this.flags = flags;
  }
}

/** Where a chunk starting at `pos` ends: at most `size` on, cut after ASCII whitespace or punctuation. */
function chunkEnd(text: string, pos: number, end: number, size: number): number {
  if (end - pos <= size) return end;
  for (let i = pos + size; i > pos + size / 2; i--) {
    const c = text.charCodeAt(i - 1);
    if (c < 128 && FOLD[c] === SEPARATOR) return i;
  }
  return pos + size;
}
