// People ask the chat in questions. The question's words ("how do I", "what does", "where can I")
// must not outrank what it is about: a note with "How to ..." as an alias, or "do" and "what" all
// through its text, used to come above the note about the subject (found trying the CLI on the
// help vault: "how do I embed a pdf" put Attachments above Embed files).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeywordIndex } from '../../../src/search/keyword/keyword-index';

const QUESTIONS = ['how do I', 'how do you', 'what does', 'what is', 'where can I', 'when should I', 'why does', 'how can I', 'what would', 'why did', 'where could I'];
const SUBJECTS: [string, string][] = [
  ['embed', 'pdf'],
  ['sync', 'phone'],
  ['publish', 'site'],
  ['export', 'canvas'],
];
const FILLER = ['how', 'do', 'does', 'what', 'where', 'when', 'why', 'can', 'could', 'should', 'would', 'did', 'notes', 'vault', 'settings'];

describe('question words in a query', () => {
  it('the note about the subject ranks first, whatever question it is asked in and whatever the other notes say', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUESTIONS),
        fc.constantFrom(...SUBJECTS),
        fc.array(fc.record({ alias: fc.constantFrom(...QUESTIONS), words: fc.array(fc.constantFrom(...FILLER), { minLength: 5, maxLength: 40 }) }), { minLength: 3, maxLength: 25 }),
        (question, [verb, thing], others) => {
          const index = new KeywordIndex({ shardCount: 2 });
          index.add({ path: `Help/${verb} files.md`, title: `${verb} files`, headings: [`${verb} a ${thing}`], tags: [], aliases: [], content: `To ${verb} a ${thing}, use the ${verb} command.` });
          others.forEach((o, i) =>
            index.add({ path: `Other/Note ${i}.md`, title: `Note ${i}`, headings: ['Overview'], tags: [], aliases: [`${o.alias} use notes`], content: `${o.words.join(' ')} a ${i % 2 === 0 ? thing : verb}` }),
          );
          const hits = index.search(`${question} ${verb} a ${thing}`, { limit: 10 });
          expect(hits[0]?.path).toBe(`Help/${verb} files.md`);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('a query of question words only still finds the notes that have them in a title or alias', () => {
    const index = new KeywordIndex({ shardCount: 1 });
    index.add({ path: 'How to.md', title: 'How to', headings: [], tags: [], aliases: [], content: 'a list of guides' });
    index.add({ path: 'Other.md', title: 'Other', headings: [], tags: [], aliases: [], content: 'how do what' });
    expect(index.search('how to', { limit: 5 }).map((h) => h.path)).toEqual(['How to.md']);
  });
});
