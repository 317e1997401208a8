// Why a note was found: every retrieval hit carries the reasons, so the agents (and the user) can
// tell a title match from a content match, a semantic neighbour or a note reached by a link.
// The shape is a contract: `reeve search --json` prints `why` as `[{"kind","detail"}]`.

import type { TermMatch } from '../keyword/keyword-index';
import { FIELD_CONTENT } from '../keyword/searcher';
import { FIELD_ALIAS, FIELD_FOLDER, FIELD_HEADING, FIELD_TAG, FIELD_TITLE } from '../keyword/segment';

export type WhyKind = 'title' | 'heading' | 'content' | 'semantic' | 'link' | 'tag' | 'folder';

export interface Why {
  kind: WhyKind;
  /** One line a person can read, e.g. `title matches "bread"`. */
  detail: string;
  /** For keyword matches: the query terms that matched (the detail quotes the words they matched). */
  terms?: string[];
  /** For semantic matches: the cosine similarity of the best chunk. */
  score?: number;
  /** For semantic matches: the heading path of the best chunk ("" for the top of the note). */
  heading?: string;
}

export interface RetrievalHit {
  path: string;
  /** In [0, 1]; higher is better. Comparable within one result list only. */
  score: number;
  why: Why[];
}

const KINDS: readonly { kind: WhyKind; bits: number; label: string }[] = [
  { kind: 'title', bits: FIELD_TITLE, label: 'title' },
  { kind: 'title', bits: FIELD_ALIAS, label: 'alias' },
  { kind: 'heading', bits: FIELD_HEADING, label: 'heading' },
  { kind: 'tag', bits: FIELD_TAG, label: 'tag' },
  { kind: 'folder', bits: FIELD_FOLDER, label: 'folder' },
  { kind: 'content', bits: FIELD_CONTENT, label: 'text' },
];

function quoted(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"`).join(', ');
}

/**
 * The keyword index's per-term field matches as reasons: one per field kind, quoting the words of
 * the note that matched (`garden` when the query said `jarden`), with the query terms.
 */
export function keywordWhy(matches: readonly TermMatch[]): Why[] {
  const out: Why[] = [];
  for (const { kind, bits, label } of KINDS) {
    const hit = matches.filter((m) => (m.fields & bits) !== 0);
    if (hit.length === 0) continue;
    const terms = hit.map((m) => m.term);
    out.push({ kind, detail: `${label} matches ${quoted([...new Set(hit.map((m) => m.matched))])}`, terms });
  }
  return out;
}

/** True when the reasons include a match on the note's name or an alias. */
export function isTitleMatch(why: readonly Why[]): boolean {
  return why.some((w) => w.kind === 'title');
}

export function semanticWhy(score: number, heading: string): Why {
  const where = heading === '' ? 'the top of the note' : `"${heading}"`;
  return { kind: 'semantic', detail: `similar in meaning (${score.toFixed(2)}) in ${where}`, score, heading };
}
