// A rules file that tags and sets properties, through the CLI a user runs: organize writes the
// edits into the plan note with their values, `pending accept` runs the ones chosen (after their
// note's move), `rules match --rules` shows them first, and `undo` gives back every byte.
import { rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
let rulesFile: string | undefined;
afterEach(async () => {
  await tv?.cleanup();
  if (rulesFile) await rm(rulesFile, { force: true });
});

const RULES = { rules: [{ name: 'Meetings', if: 'file.name.startsWith("Meeting")', thenMoveTo: 'Meetings', thenAddTags: ['meeting'], thenRemoveTags: ['inbox'], thenSetProperties: { status: 'filed' } }] };
const notReeve = (snap: Map<string, string>): Map<string, string> => new Map([...snap].filter(([k]) => !k.startsWith('Reeve') && !k.startsWith('.obsidian/plugins')));

describe('reeve organize with a rules file that edits notes', () => {
  it('plans the edits, accepts part of them, runs them after the move, and undo restores the vault', async () => {
    tv = await makeTempVault({ 'Inbox/Meeting 1.md': '---\ntags: [inbox, work]\nstatus: new\n---\nNotes [[Other]]\n', 'Inbox/Other.md': 'see [[Meeting 1]]\n' });
    // Beside the vault, not in it.
    const rules = path.join(tv.dir, '..', `${path.basename(tv.dir)}-rules.json`);
    rulesFile = rules;
    await writeFile(rules, JSON.stringify(RULES));
    const before = notReeve(await tv.snapshot());

    const preview = await runReeve(['rules', 'match', tv.dir, '--rules', rules, '--folder', 'Inbox']);
    expect(preview.stdout).toBe('Inbox/Meeting 1.md  (Meetings) -> Inbox/Meetings/Meeting 1.md; add_tags ["inbox","work"] -> ["inbox","work","meeting"]; remove_tags ["inbox","work"] -> ["work"]; set_properties {"status":"new"} -> {"status":"filed"}\n');

    const planned = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--json']);
    expect(planned.code).toBe(0);
    const plan = JSON.parse(planned.stdout) as { note: string; operations: { opId: string; type: string; path: string | null; before?: unknown; after?: unknown; risk: string }[] };
    expect(plan.operations.map((o) => o.type)).toEqual(['create_folder', 'move', 'add_tags', 'remove_tags', 'set_properties']);
    expect(plan.operations[2]).toMatchObject({ path: 'Inbox/Meeting 1.md', before: ['inbox', 'work'], after: ['inbox', 'work', 'meeting'], risk: 'low' });
    const note = await tv.read(plan.note);
    expect(note).toContain('"type":"set_properties","path":"Inbox/Meeting 1.md","before":{"status":"new"},"after":{"status":"filed"}');

    // The folder, the move and the tag edits; the property stays as it is.
    for (const op of plan.operations.slice(0, 4)) expect((await runReeve(['pending', tv.dir, 'accept', '--id', op.opId])).code).toBe(0);
    expect(await tv.read('Inbox/Meetings/Meeting 1.md')).toBe('---\ntags:\n  - work\n  - meeting\nstatus: new\n---\nNotes [[Other]]\n');

    const undone = await runReeve(['undo', tv.dir]);
    expect(undone.code).toBe(0);
    // Each accept ran as a job of its own: undo them all, newest first.
    for (let i = 0; i < 3; i++) await runReeve(['undo', tv.dir]);
    expect(notReeve(await tv.snapshot())).toEqual(before);
  });
});
