// The extractor is made faster without changing a single answer: its answers on fixed note sets
// (extractor-answers/note-sets.ts: the generated benchmark vault, random notes built from nasty
// constructs, the CommonMark spec's examples with their link variants, the Obsidian Help vault)
// were recorded, one digest of every field in order per note (extractor-answers/record.ts), and
// each note must still give its recorded answer. Recorded from the extractor as it was before the
// speed work of 2026-11-28 (checked then against a copy of the older code, field for field).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import { helpVaultPresent, helpVaultSuite } from '../../helpers/help-vault';
import { answerDigest, inputsDigest, type NoteSet, noteSet } from './extractor-answers/note-sets';

const recorded = JSON.parse(readFileSync(path.join(import.meta.dirname, 'extractor-answers', 'recorded.json'), 'utf8')) as Record<NoteSet, { inputs: string; answers: string[] }>;

function expectRecordedAnswers(set: NoteSet): void {
  const notes = noteSet(set);
  const want = recorded[set];
  expect(inputsDigest(notes), `the ${set} notes are not the ones the answers were recorded for (see record.ts)`).toBe(want.inputs);
  notes.forEach(([name, text], i) => {
    const got = answerDigest(parseMarkdown(text));
    if (got !== want.answers[i]) expect({ name, text, answer: parseMarkdown(text) }, `the answer for ${name} changed`).toBeUndefined();
  });
}

describe('the extractor gives its recorded answers', () => {
  it('on the generated benchmark vault', () => expectRecordedAnswers('generated'));
  it('on random notes built from nasty constructs', () => expectRecordedAnswers('random'));
  it("on the CommonMark spec's examples and their link variants", () => expectRecordedAnswers('spec'));
});

describe.skipIf(!helpVaultPresent)(helpVaultSuite('the extractor on the Obsidian Help vault'), () => {
  it('gives its recorded answer on every note', () => expectRecordedAnswers('help'));
});
