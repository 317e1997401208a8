// Records the metadata cache's record bytes (one digest per note) for record-bytes.test.ts:
// `REEVE_HELP_VAULT=… npx tsx tests/vault-vfs/node/record-bytes/record.ts`. Run it only when a
// change of the record format is meant (and the format's version raised); a speed-up of the
// encoder must pass the test with the digests as recorded.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { helpVaultPresent } from '../../../helpers/help-vault';
import { inputsDigest, NOTE_SETS, noteSet } from '../../markdown/extractor-answers/note-sets';
import { recordDigest } from './digest';

const recorded: Record<string, { inputs: string; records: string[] }> = {};
for (const set of NOTE_SETS) {
  if (set === 'help' && !helpVaultPresent) throw new Error('the Obsidian Help vault is needed to record its notes (set REEVE_HELP_VAULT)');
  const notes = noteSet(set);
  recorded[set] = { inputs: inputsDigest(notes), records: notes.map(([, text]) => recordDigest(text)) };
  console.log(`${set}: ${notes.length} notes`);
}
writeFileSync(path.join(import.meta.dirname, 'recorded.json'), JSON.stringify(recorded) + '\n');
