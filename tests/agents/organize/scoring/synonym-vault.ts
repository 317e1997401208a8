// A vault where the test embedder's "synonyms" decide a move. The scripted server embeds a text as
// a hashed bag of words (tests/llm-server/embeddings.ts): two different words hashed to the same
// dimension with the same sign are the same to it, as synonyms are to a real model. The vault:
// Inbox/Garden and Inbox/Kitchen, each with notes on their own words, and a loose note named after
// both folders whose text uses only synonyms of the garden words. By keywords its text shares no
// word with either folder (its name fits both equally: it stays); by the embedder its text is the
// garden notes' text (it goes to Inbox/Garden). A plan's description says which index scored, with
// operations or without (the PDF among the kitchen notes is filed there and stays).
import { embedText } from '../../../llm-server';
import { stem } from '../../../../src/agents/organize/scoring/file-features';

const DIMENSIONS = 64;

const NOUNS = (
  'apple arrow basket beacon blanket bottle bridge bucket butter candle canyon carpet castle cellar chalk cherry chimney cliff cloud copper cotton cradle crystal ' +
  'desert dragon drum eagle ember engine fabric falcon feather fiddle forest fossil fountain galaxy garnet glacier goblet granite harbor harvest helmet honey ' +
  'island ivory jacket jungle kettle ladder lantern lemon lizard magnet marble meadow mirror monkey mountain needle nickel oyster paddle palace parrot pebble ' +
  'pepper pillow pirate planet pocket pottery puzzle quartz rabbit ribbon river rocket saddle salmon sandal scarf shadow shovel silver sparrow spider spoon ' +
  'statue summit tablet temple thunder ticket timber tomato tower trumpet tunnel turtle valley velvet violin wagon walnut whistle willow window winter wizard'
).split(' ');

/** The dimension and sign a word lands on in the test embedder, as one key. */
function classOf(word: string): string {
  const v = embedText(word, DIMENSIONS);
  const i = v.findIndex((x) => x !== 0);
  return `${i}${(v[i] ?? 0) > 0 ? '+' : '-'}`;
}

export interface SynonymVault {
  files: Record<string, string>;
  /** The note only the semantic index places. */
  loose: string;
  /** Pairs [garden word, its synonym]. */
  synonyms: [string, string][];
}

/** Builds the vault, picking words so that no two classes meet except each synonym pair. */
export function synonymVault(pairs = 5, kitchenWords = 5): SynonymVault {
  const byClass = new Map<string, string[]>();
  for (const w of NOUNS) byClass.set(classOf(w), [...(byClass.get(classOf(w)) ?? []), w]);
  // The titles' words are embedded too: their dimensions are kept free of the chosen words.
  const taken = new Set(['garden', 'kitchen', 'rose', 'tulip', 'soup', 'stew'].map((w) => embedText(w, DIMENSIONS).findIndex((x) => x !== 0)));
  const dim = (c: string): number => Number.parseInt(c, 10);
  const synonyms: [string, string][] = [];
  const singles: string[] = [];
  for (const [c, words] of byClass) {
    if (taken.has(dim(c))) continue;
    const [a, b] = words;
    if (a !== undefined && b !== undefined && stem(a) !== stem(b) && synonyms.length < pairs) {
      synonyms.push([a, b]);
      taken.add(dim(c));
    }
  }
  for (const [c, words] of byClass) {
    if (taken.has(dim(c)) || singles.length >= kitchenWords) continue;
    singles.push(words[0] as string);
    taken.add(dim(c));
  }
  if (synonyms.length < pairs || singles.length < kitchenWords) throw new Error('not enough words for the synonym vault');
  const garden = synonyms.map(([g]) => g);
  const text = (words: readonly string[], shift: number): string => [...words.slice(shift), ...words.slice(0, shift)].map((w) => `${w} ${w} ${w}`).join(' ') + '\n';
  const loose = 'Inbox/Garden kitchen.md';
  return {
    files: {
      '.obsidian/plugins/reeve/manifest.json': '{}',
      'Inbox/Garden/Rose.md': text(garden, 0),
      'Inbox/Garden/Tulip.md': text(garden, 2),
      'Inbox/Kitchen/Soup.md': text(singles, 0),
      'Inbox/Kitchen/Stew.md': text(singles, 3),
      [loose]: text(synonyms.map(([, s]) => s), 1),
      // Something a heuristic always moves, so every plan has an operation and its note says what scored.
      'Inbox/Kitchen/scan.pdf': '%PDF-1.4 scan\n',
    },
    loose,
    synonyms,
  };
}
