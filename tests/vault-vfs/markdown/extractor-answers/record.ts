// Records the extractor's answers (one digest per note) for extractor-answers.test.ts:
// `npx tsx tests/vault-vfs/markdown/extractor-answers/record.ts`. Run it only when a change of the
// extractor's answers is meant (and reviewed in its own tests), or when a note set itself changed;
// a speed-up must pass the test with the answers as recorded.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseMarkdown } from '../../../../src/vault-vfs/markdown/parse-markdown';
import { helpVaultPresent } from '../../../helpers/help-vault';
import { answerDigest, inputsDigest, NOTE_SETS, noteSet } from './note-sets';

const recorded: Record<string, { inputs: string; answers: string[] }> = {};
for (const set of NOTE_SETS) {
  if (set === 'help' && !helpVaultPresent) throw new Error('the Obsidian Help vault is needed to record its answers (set REEVE_HELP_VAULT)');
  const notes = noteSet(set);
  recorded[set] = { inputs: inputsDigest(notes), answers: notes.map(([, text]) => answerDigest(parseMarkdown(text))) };
  console.log(`${set}: ${notes.length} notes`);
}
writeFileSync(path.join(import.meta.dirname, 'recorded.json'), JSON.stringify(recorded) + '\n');
