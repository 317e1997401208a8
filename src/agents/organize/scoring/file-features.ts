// What the FileVyasa scores know about one file: the words of its name, the words of its content
// (a keyword bag: log term frequency, common words dropped, the 40 strongest kept, tags counted
// twice), and its kind (note, Images, PDFs, …). Content is read once per file, on demand, and
// only for notes; past `maxContentReads` notes the content signal is left out (and said so) so a
// 100,000-note vault is not read whole to plan a move, and an unread note is never moved by a
// score (its score would rest on its name alone). With the semantic index (content-source.ts) a
// note's content is its vector instead, taken from the index: no text is read, no budget spent.
import { wordsOf } from '../../../dsl/content-similarity';
import type { FileRecord } from '../../../vault-vfs/file-record';
import { STOPWORDS } from '../../../search/keyword/stopwords';
import { fileKind } from '../heuristics/attachment-type';
import { nameTokens } from '../heuristics/cohesion';
import { type Bag, bagOf } from './bags';
import type { NoteVectors } from './content-source';

export interface FileFeatures {
  path: string;
  /** Words of the file name (plural `s` dropped, numbers left out). */
  name: Bag;
  /** Keyword bag of the note's text and tags (or its semantic vector); empty for attachments and unread notes. */
  content: Bag;
  /** Whether `content` was read (a note within the read budget). */
  hasContent: boolean;
  /** A note whose text was not read (the budget was spent): its scores are incomplete. */
  unread: boolean;
  kind: string;
}

const TOP_TERMS = 40;
const MAX_CHARS = 3000;
export const DEFAULT_MAX_CONTENT_READS = 2000;
const READ_AHEAD = 16;

/** `recipes` -> `recipe`, `stories` -> `story`: enough to match a folder's plural to a name. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words of a name that say what it is about, stemmed; numbers say nothing about a topic. */
export function nameWords(name: string): string[] {
  return [...nameTokens(name)].filter((t) => !/^\p{N}+$/u.test(t)).map(stem);
}

/** The keyword bag of a text: log term frequency of its words, the strongest `TOP_TERMS` kept. */
export function contentBag(text: string, tags: readonly string[] = []): Map<string, number> {
  const counts = bagOf(wordsOf(text.slice(0, MAX_CHARS)).filter((w) => w.length >= 3 && !STOPWORDS.has(w) && !/^\p{N}+$/u.test(w)).map(stem));
  for (const t of tags) for (const w of wordsOf(t)) if (w.length >= 3) counts.set(stem(w), (counts.get(stem(w)) ?? 0) + 2);
  const weighted = [...counts].map(([w, n]) => [w, 1 + Math.log(n)] as const).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return new Map(weighted.slice(0, TOP_TERMS));
}

/** Reads and caches features; content reads are bounded (see the file comment). */
export class FeatureSource {
  private readonly cache = new Map<string, Promise<FileFeatures>>();
  private reads = 0;
  /** Notes whose content was not read because the budget was spent. */
  skipped = 0;

  constructor(
    private readonly maxContentReads = DEFAULT_MAX_CONTENT_READS,
    /** The notes' semantic vectors, when the content signal comes from the semantic index. */
    private readonly vectors: NoteVectors | null = null,
  ) {}

  /**
   * The file's features, fixed by the first call for it. `readLimit` lowers the budget for this
   * call (the plan's metrics read fewer notes than the scores may); `key` is the file's original
   * path when the record is where a planned move puts it.
   */
  of(record: FileRecord, readLimit = Infinity, key = record.path): Promise<FileFeatures> {
    let cached = this.cache.get(key);
    if (cached === undefined) {
      cached = this.read(record, Math.min(readLimit, this.maxContentReads), key);
      this.cache.set(key, cached);
    }
    return cached;
  }

  /**
   * Features of many files, `READ_AHEAD` reads in flight at a time (one at a time, a large folder
   * waited on each read in turn; all at once, it would hold every text in memory). The budget goes
   * in the order given: each call counts its read before its first await.
   */
  async ofAll(records: readonly FileRecord[], readLimit = Infinity, keyOf: (record: FileRecord) => string = (r) => r.path): Promise<FileFeatures[]> {
    const out: FileFeatures[] = [];
    for (let i = 0; i < records.length; i += READ_AHEAD) out.push(...(await Promise.all(records.slice(i, i + READ_AHEAD).map((r) => this.of(r, readLimit, keyOf(r))))));
    return out;
  }

  private async read(record: FileRecord, limit: number, key: string): Promise<FileFeatures> {
    const base = { path: record.path, name: bagOf(nameWords(record.name)), kind: fileKind(record.ext) };
    if (record.ext !== 'md' || !record.readContent) return { ...base, content: new Map(), hasContent: false, unread: false };
    if (this.vectors !== null) {
      // The index is held to every note in scope (content-source.ts); one it lacks anyway is not moved by a score.
      const vector = this.vectors.bagOf(key);
      return vector === null ? { ...base, content: new Map(), hasContent: false, unread: true } : { ...base, content: vector, hasContent: true, unread: false };
    }
    if (this.reads >= limit) {
      this.skipped++;
      return { ...base, content: new Map(), hasContent: false, unread: true };
    }
    this.reads++;
    const text = await record.readContent().catch(() => '');
    return { ...base, content: contentBag(text, record.tags), hasContent: true, unread: false };
  }
}
