// The metadata cache's encoder is made faster without changing a byte: the record of every note in
// the extractor's fixed note sets (the generated benchmark vault, random notes built from nasty
// constructs, the CommonMark spec's examples, the Obsidian Help vault) was recorded as a digest
// from the encoder as it was before (record-bytes/record.ts), and each note must still give it.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpVaultPresent, helpVaultSuite } from '../../helpers/help-vault';
import { inputsDigest, type NoteSet, noteSet } from '../markdown/extractor-answers/note-sets';
import { recordDigest } from './record-bytes/digest';

const recorded = JSON.parse(readFileSync(path.join(import.meta.dirname, 'record-bytes', 'recorded.json'), 'utf8')) as Record<NoteSet, { inputs: string; records: string[] }>;

function expectRecordedBytes(set: NoteSet): void {
  const notes = noteSet(set);
  const want = recorded[set];
  expect(inputsDigest(notes), `the ${set} notes are not the ones the records were recorded for (see record.ts)`).toBe(want.inputs);
  const changed = notes.filter(([, text], i) => recordDigest(text) !== want.records[i]).map(([name]) => name);
  expect(changed, `the records of these ${set} notes changed`).toEqual([]);
}

describe('the metadata cache writes the recorded bytes for each note', () => {
  it('on the generated benchmark vault', () => expectRecordedBytes('generated'));
  it('on random notes built from nasty constructs', () => expectRecordedBytes('random'));
  it("on the CommonMark spec's examples and their link variants", () => expectRecordedBytes('spec'));
});

describe.skipIf(!helpVaultPresent)(helpVaultSuite('the metadata cache on the Obsidian Help vault'), () => {
  it('writes the recorded bytes for every note', () => expectRecordedBytes('help'));
});
