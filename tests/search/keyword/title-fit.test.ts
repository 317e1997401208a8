// Known-item search on vaults whose titles share words (issue 29): when several notes hold every
// query word in their titles, the note whose title is just those words is the one the user typed
// the title of, and ranks first, however much more the others' text says the words.
import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '../../../src/search/keyword/analyzer';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';

function doc(path: string, content: string): IndexDocument {
  const title = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
  return { path, title, headings: [], tags: [], aliases: [], content };
}

function first(index: KeywordIndex, query: string): string | undefined {
  return index.search(query, { limit: 20 })[0]?.path;
}

describe('title fit', () => {
  const index = new KeywordIndex();
  index.add(doc('Notizen/Küche Gespräch Straße.md', 'Küche Gespräch Küche Gespräch Küche Gespräch und mehr.'));
  index.add(doc('Notizen/Küche Gespräch.md', 'Ein kurzer Text.'));
  index.add(doc('Notizen/Gespräch Küche Urlaub Führung.md', 'Gespräch Küche Gespräch Küche.'));
  index.add(doc('笔记/东京旅行计划 project.md', '东京旅行 计划 东京旅行 计划 project'));
  index.add(doc('笔记/东京旅行计划.md', '短い'));
  index.add(doc('Dev/route53 setup guide.md', 'route53 setup route53 setup'));
  index.add(doc('Dev/route53 setup.md', 'records'));
  index.add(doc('Carnets/Réunion de l’équipe.md', 'réunion équipe'));
  index.add(doc('Carnets/Réunion équipe hebdomadaire.md', 'réunion équipe réunion équipe hebdomadaire'));

  it('ranks the note whose title is exactly the query first, accents and case aside', () => {
    expect(first(index, 'Küche Gespräch')).toBe('Notizen/Küche Gespräch.md');
    expect(first(index, 'kuche gesprach')).toBe('Notizen/Küche Gespräch.md');
    expect(first(index, '东京旅行计划')).toBe('笔记/东京旅行计划.md');
    expect(first(index, 'route53 setup')).toBe('Dev/route53 setup.md');
  });

  it('does so with a typo in the query, and with stopwords in the title', () => {
    expect(first(index, 'Kücbe Gespräch')).toBe('Notizen/Küche Gespräch.md');
    expect(first(index, 'rote53 setup')).toBe('Dev/route53 setup.md');
    expect(first(index, 'Réunion de l’équipe')).toBe('Carnets/Réunion de l’équipe.md');
  });

  it('leaves coverage and title hits first: a title with every query word beats one with some', () => {
    expect(first(index, 'Küche Gespräch Straße')).toBe('Notizen/Küche Gespräch Straße.md');
    expect(first(index, 'Gespräch Urlaub')).toBe('Notizen/Gespräch Küche Urlaub Führung.md');
  });
});
