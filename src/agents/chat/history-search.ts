// Full-text search over saved chats: their titles and their messages (what the user asked and
// what came back). Every word of the query must occur in the chat (case and accents ignored, a
// word matching the start of a longer one); chats come newest first, each with the places the
// words were found, as snippets whose matched words are marked for the view to show.
import type { Chat } from './chat-types';

export interface Snippet {
  where: 'title' | 'request' | 'answer';
  /** The text around the match, in pieces; `hit` marks a matched word. */
  parts: { text: string; hit: boolean }[];
}

export interface ChatHit {
  id: string;
  title: string;
  updatedAt: string;
  snippets: Snippet[];
  /** The words of the query found, as the chat spells them. */
  words: string[];
}

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function queryWords(query: string): string[] {
  return [...new Set(fold(query).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== ''))];
}

/** Where each word starts a word of `text`, as [start, end) ranges in `text`. */
function hitsIn(text: string, words: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  const re = /[\p{L}\p{N}]+/gu;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const w = fold(m[0]);
    // NFD folding keeps one letter per letter here except combining marks, which `fold` drops; the
    // range is the word as written, which is what the view marks.
    if (words.some((q) => w.startsWith(q))) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

const AROUND = 40;

function snippet(where: Snippet['where'], text: string, hits: [number, number][]): Snippet {
  const first = hits[0] ?? [0, 0];
  let from = Math.max(0, first[0] - AROUND);
  // Start at a word, not inside one.
  const space = from > 0 ? text.slice(from, first[0]).search(/\s\S/) : -1;
  if (space >= 0) from += space + 1;
  const to = Math.min(text.length, first[1] + AROUND * 2);
  const parts: Snippet['parts'] = [];
  let at = from;
  if (from > 0) parts.push({ text: '…', hit: false });
  for (const [a, b] of hits) {
    if (a < from || b > to) continue;
    if (a > at) parts.push({ text: text.slice(at, a), hit: false });
    parts.push({ text: text.slice(a, b), hit: true });
    at = b;
  }
  if (at < to) parts.push({ text: text.slice(at, to), hit: false });
  if (to < text.length) parts.push({ text: '…', hit: false });
  return { where, parts: parts.map((p) => ({ ...p, text: p.text.replace(/\s+/g, ' ') })) };
}

export function searchChat(chat: Chat, words: readonly string[]): ChatHit | null {
  if (words.length === 0) return null;
  const fields: [Snippet['where'], string][] = [['title', chat.title], ...chat.messages.flatMap((m): [Snippet['where'], string][] => [['request', m.request], ['answer', m.turn.answer]])];
  const found = new Set<string>();
  const spelled = new Set<string>();
  const snippets: Snippet[] = [];
  for (const [where, text] of fields) {
    const hits = hitsIn(text, words);
    if (hits.length === 0) continue;
    for (const [a, b] of hits) {
      const w = text.slice(a, b);
      spelled.add(w);
      for (const q of words) if (fold(w).startsWith(q)) found.add(q);
    }
    snippets.push(snippet(where, text, hits));
  }
  if (words.some((q) => !found.has(q))) return null;
  return { id: chat.id, title: chat.title, updatedAt: chat.updatedAt, snippets: snippets.slice(0, 3), words: [...spelled] };
}

/** The chats that hold every word of `query`, newest first. */
export function searchChats(chats: readonly Chat[], query: string): ChatHit[] {
  const words = queryWords(query);
  return chats
    .map((c) => searchChat(c, words))
    .filter((h): h is ChatHit => h !== null)
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}
