// A plain keyword similarity over the files themselves, for `vector_similarity` when no search
// index is at hand (the CLI's `rules match`, tests): the share of the query's words that occur in
// the file's name, tags, frontmatter values or note text. Words are compared in lower case.

import type { FileRecord } from '../vault-vfs/file-record';
import type { SimilarityProvider } from './similarity';

const WORD = /[\p{L}\p{N}]+/gu;

export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 1);
}

function frontmatterText(fm: Record<string, unknown> | null): string {
  if (fm === null) return '';
  return Object.values(fm)
    .flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]))
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .join(' ');
}

export class ContentKeywordSimilarity implements SimilarityProvider {
  readonly kind = 'keyword' as const;
  private readonly records = new Map<string, FileRecord>();
  private readonly words = new Map<string, Promise<Set<string>>>();

  constructor(records: Iterable<FileRecord>) {
    for (const r of records) this.records.set(r.path, r);
  }

  private wordSet(path: string): Promise<Set<string>> {
    let pending = this.words.get(path);
    if (pending === undefined) {
      const record = this.records.get(path);
      pending = (async () => {
        if (record === undefined) return new Set<string>();
        const text = record.readContent ? await record.readContent() : '';
        return new Set(wordsOf([record.name, record.tags.join(' '), frontmatterText(record.frontmatter), text].join(' ')));
      })();
      this.words.set(path, pending);
    }
    return pending;
  }

  async score(query: string, path: string): Promise<number> {
    const terms = [...new Set(wordsOf(query))];
    if (terms.length === 0) return 0;
    const words = await this.wordSet(path);
    return terms.filter((t) => words.has(t)).length / terms.length;
  }
}
