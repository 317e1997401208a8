// Which passages of the fetched pages are worth the token budget: BM25 relevance to the query
// (the classic search-engine score: term frequency saturating with k1, long passages normalised
// with b, rare terms weighted by inverse document frequency), then kept best first until the
// budget is spent. Tokens are counted with the agent loop's estimate, as everything else is.

import { estimateTokens } from '../../loop/context-budget';

const K1 = 1.2;
const B = 0.75;

const STOPWORDS = new Set(
  'a an and are as at be but by for from has have how i if in into is it its of on or that the their then there these this to was were what when where which who why will with you your'.split(' '),
);

/** Lower-cased words of two or more letters or digits, stopwords left out. */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

/** BM25 score of each text for the query, over the given texts as the collection. */
export function bm25Scores(query: string, texts: readonly string[]): number[] {
  const queryTerms = [...new Set(terms(query))];
  const docs = texts.map(terms);
  const n = docs.length;
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, n);
  const docFreq = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) docFreq.set(t, (docFreq.get(t) ?? 0) + 1);
  return docs.map((d) => {
    const freq = new Map<string, number>();
    for (const t of d) freq.set(t, (freq.get(t) ?? 0) + 1);
    let score = 0;
    for (const q of queryTerms) {
      const f = freq.get(q) ?? 0;
      if (f === 0) continue;
      const df = docFreq.get(q) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / Math.max(1, avgLength)));
    }
    return score;
  });
}

/** Tokens a passage costs in the Task prompt. */
export function passageTokens(text: string): number {
  return estimateTokens([{ role: 'user', content: text }]);
}

export interface Passage {
  /** Which page (index in the list ranked together) and where in it. */
  page: number;
  index: number;
  text: string;
}

export interface KeptPassage extends Passage {
  score: number;
  tokens: number;
}

/**
 * The passages to keep: best score first (earlier pages and positions break ties), each kept if it
 * still fits in `budgetTokens`; returned in page and document order.
 */
export function keepWithinBudget(query: string, passages: readonly Passage[], budgetTokens: number): KeptPassage[] {
  const scores = bm25Scores(query, passages.map((p) => p.text));
  const ranked = passages
    .map((p, i): KeptPassage => ({ ...p, score: scores[i] ?? 0, tokens: passageTokens(p.text) }))
    .sort((a, b) => b.score - a.score || a.page - b.page || a.index - b.index);
  const kept: KeptPassage[] = [];
  let left = budgetTokens;
  for (const p of ranked) {
    if (p.tokens > left) continue;
    kept.push(p);
    left -= p.tokens;
  }
  return kept.sort((a, b) => a.page - b.page || a.index - b.index);
}
