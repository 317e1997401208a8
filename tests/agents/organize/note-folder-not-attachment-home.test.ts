// A folder that holds a note is that note's folder (a trip: a note and its photos), not a place
// for attachments: organize neither files loose images into it as "the attachment folder" nor
// files the folder, note and all, under the attachment folder (the demo's trip folder went to
// Attachments/Images whole). The folder and what is in it stay as they are.
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../../helpers/cli';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

interface Plan {
  operations: { type: string; source?: string; destination?: string; path?: string }[];
}

describe('a subfolder holding a note among mostly images', () => {
  it('is no attachment folder: nothing is filed into it, and it is not filed under one', async () => {
    const files: Record<string, string> = { '.obsidian/app.json': '{}\n', 'Inbox/Trip to Lisbon/notes.md': 'Nice trip.\n', 'Inbox/a.md': '# a\n' };
    for (let i = 1; i <= 6; i++) files[`Inbox/Trip to Lisbon/IMG_00${i}.png`] = `trip ${i}`;
    for (let i = 1; i <= 3; i++) files[`Inbox/photo${i}.png`] = `loose ${i}`;
    vault = await makeTempVault(files);
    const r = await runReeve(['organize', vault.dir, '--folder', 'Inbox', '--dry-run', '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    const touching = plan.operations.filter((op) => [op.source, op.destination, op.path].some((p) => p?.startsWith('Inbox/Trip to Lisbon')));
    expect(touching).toEqual([]);
  });
});
