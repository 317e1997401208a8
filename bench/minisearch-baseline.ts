// The MiniSearch baseline as its users configure it: the same fields and boosts as Reeve's
// index, prefix search and fuzzy matching (0.2, MiniSearch's documented example) on for every
// query, results cut to the same top 20 that Reeve returns.
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import type { IndexDocument } from '../src/search/keyword/analyzer';
import { fileDocument, isNotePath, noteDocument } from '../src/search/keyword/index-document';
import {
  EXPANSION_POSTING_BUDGET,
  FUZZY_EXPANSIONS,
  MIN_FUZZY_LENGTH,
  MIN_FUZZY_LENGTH_UNKNOWN,
  MIN_PREFIX_LENGTH,
  PREFIX_EXPANSIONS,
  SHORT_PREFIX_EXPANSIONS,
} from '../src/search/keyword/query-plan';
import type { VaultPort } from '../src/vault-vfs/vault-port';

export const MINISEARCH_OPTIONS: SearchOptions = { boost: { title: 3, aliases: 2.5, headings: 1.5, tags: 1.5 }, prefix: true, fuzzy: 0.2 };
/** Results a query returns, Reeve and baseline alike. */
export const TOP = 20;
/** Reeve's caps, stated beside every query figure (from src/search/keyword/query-plan.ts). */
export const REEVE_CAPS =
  `ours capped: top ${TOP}, prefix from ${MIN_PREFIX_LENGTH} letters (${SHORT_PREFIX_EXPANSIONS} completions at ${MIN_PREFIX_LENGTH}, ${PREFIX_EXPANSIONS} above), ` +
  `typos from ${MIN_FUZZY_LENGTH} letters (${MIN_FUZZY_LENGTH_UNKNOWN} and first letters for words not in the vault; ${FUZZY_EXPANSIONS} near misses), ` +
  `${(EXPANSION_POSTING_BUDGET / 1000).toFixed(0)}k expansion postings a word`;

/** The options of the index (loadJSON takes them again). */
export function newMiniSearchOptions(): Options<IndexDocument> {
  return {
    idField: 'path',
    fields: ['title', 'aliases', 'headings', 'tags', 'content'],
    extractField: (doc, field) => {
      const v = doc[field as keyof IndexDocument];
      return Array.isArray(v) ? v.join(' ') : v;
    },
    searchOptions: MINISEARCH_OPTIONS,
  };
}

export function newMiniSearch(): MiniSearch<IndexDocument> {
  return new MiniSearch<IndexDocument>(newMiniSearchOptions());
}

/** MiniSearch's answer, cut to the top 20 paths. */
export function miniSearchTop(ms: MiniSearch<IndexDocument>, query: string): string[] {
  return ms.search(query).slice(0, TOP).map((r) => r.id as string);
}

export async function readDocument(vault: VaultPort, p: string): Promise<IndexDocument> {
  return isNotePath(p) ? noteDocument(p, await vault.read(p), vault.metadata(p)) : fileDocument(p);
}
