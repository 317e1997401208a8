// Names with decomposed accents (NFD, as macOS and some sync tools write them) are the same
// names as their composed form (issue 11, item 11): listed, read, found by search and matched by
// rules, whichever form the rule or the query is typed in.
import { rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

/** A word with accented letters, spelled composed. */
const accented = fc
  .array(fc.constantFrom('a', 'b', 'r', 's', 'é', 'è', 'ü', 'ñ', 'ç', 'Å', 'ô'), { minLength: 2, maxLength: 8 })
  .map((cs) => cs.join(''))
  .filter((w) => w.normalize('NFD') !== w);

describe('decomposed names', () => {
  it('are listed and read under their composed name, and matched by rules in either form', async () => {
    await fc.assert(
      fc.asyncProperty(accented, accented, async (folder, name) => {
        const v = await makeTempVault({ [`${folder.normalize('NFD')}/${name.normalize('NFD')}.md`]: `body ${name.normalize('NFD')}\n` });
        try {
          const port = await NodeVault.open(v.dir);
          const composed = `${folder}/${name}.md`;
          expect((await port.list()).filter((e) => e.kind === 'file').map((e) => e.path)).toEqual([composed]);
          expect(await port.read(composed)).toBe(`body ${name.normalize('NFD')}\n`);
          for (const form of ['NFC', 'NFD'] as const) {
            const byName = await runReeve(['rules', 'match', v.dir, `file.name == ${JSON.stringify(name.normalize(form))}`, '--json']);
            expect(JSON.parse(byName.stdout)).toEqual([composed]);
            const byContent = await runReeve(['rules', 'match', v.dir, `file.content.contains(${JSON.stringify(name.normalize(form))})`, '--json']);
            expect(byContent.stderr).toBe('');
            expect(JSON.parse(byContent.stdout)).toEqual([composed]);
          }
        } finally {
          await v.cleanup();
        }
      }),
      { numRuns: 15 },
    );
  });

  it('are found by search, by name and by text', async () => {
    const nfd = 'Cafe\u0301';
    vault = await makeTempVault({ [`Notes/${nfd}.md`]: 'un cafe\u0301 noir\n', 'Notes/other.md': 'nothing\n' });
    for (const query of ['café', nfd, 'noir']) {
      const r = await runReeve(['search', vault.dir, query, '--json']);
      expect((JSON.parse(r.stdout) as { path: string }[]).map((h) => h.path)).toContain('Notes/Café.md');
    }
  });

  it('keep their own bytes through organize and undo: a moved name is the same name, byte for byte', async () => {
    const nfd = 'Cafe\u0301';
    vault = await makeTempVault({ [`Inbox/${nfd}.md`]: 'two\n', [`Inbox/x/${nfd} 2.md`]: '[[Café]]\n', 'Inbox/2024-01-02 note.md': '# x\n' });
    const before = await vault.snapshot();
    const rules = path.join(vault.dir, '..', `${path.basename(vault.dir)}-rules.json`);
    try {
      await writeFile(rules, JSON.stringify({ rules: [{ name: 'All', if: 'file.ext == "md"', thenMoveTo: 'D' }] }));
      expect((await runReeve(['organize', vault.dir, '--rules', rules, '--sources', 'rules', '--folder', 'Inbox', '--apply'])).code).toBe(0);
      const moved = [...(await vault.snapshot()).keys()].filter((k) => k.startsWith('Inbox/D/') && !k.endsWith('/'));
      expect(moved.sort()).toEqual([`Inbox/D/2024-01-02 note.md`, `Inbox/D/${nfd} 2.md`, `Inbox/D/${nfd}.md`].sort());
      expect((await runReeve(['undo', vault.dir])).code).toBe(0);
      expect(new Map([...(await vault.snapshot())].filter(([k]) => !k.startsWith('Reeve')))).toEqual(before);
    } finally {
      await rm(rules, { force: true });
    }
  });

  it('in both forms in one folder are two files: a move of the decomposed one moves that one', async () => {
    const [nfc, nfd] = ['Caf\u00e9', 'Cafe\u0301'];
    vault = await makeTempVault({ [`Inbox/${nfc}.md`]: 'composed\n', [`Inbox/${nfd}.md`]: 'decomposed\n' });
    const port = await NodeVault.open(vault.dir);
    expect(await port.read(`Inbox/${nfd}.md`)).toBe('decomposed\n');
    await port.rename(`Inbox/${nfd}.md`, `Done/${nfd}.md`);
    const after = await vault.snapshot();
    expect(after.get(`Inbox/${nfc}.md`)).toBe(Buffer.from('composed\n').toString('base64'));
    expect(after.get(`Done/${nfd}.md`)).toBe(Buffer.from('decomposed\n').toString('base64'));
  });

  it('in both forms in one folder are both organized, each keeping its bytes, and undo gives back both, names included', async () => {
    const [nfc, nfd] = ['Caf\u00e9', 'Cafe\u0301'];
    vault = await makeTempVault({ [`Inbox/${nfc}.md`]: 'composed\n', [`Inbox/${nfd}.md`]: 'decomposed\n', 'Inbox/other.md': '# other\n' });
    const before = await vault.snapshot();
    const rules = `${vault.dir}-rules.json`;
    try {
      // The rule names the decomposed file; names compare in NFC, so it names both, and each moves as itself.
      await writeFile(rules, JSON.stringify({ rules: [{ name: 'Cafe', if: `file.name == ${JSON.stringify(nfd)}`, thenMoveTo: 'D' }] }));
      const plan = await runReeve(['organize', vault.dir, '--rules', rules, '--sources', 'rules', '--folder', 'Inbox', '--dry-run', '--json']);
      const moves = (JSON.parse(plan.stdout) as { operations: { type: string; source?: string; destination?: string }[]; conflicts: unknown[] }).operations.filter((o) => o.type === 'move');
      expect(moves.map((m) => [m.source, m.destination]).sort()).toEqual([[`Inbox/${nfc}.md`, `Inbox/D/${nfc}.md`], [`Inbox/${nfd}.md`, `Inbox/D/${nfd}.md`]].sort());
      const applied = await runReeve(['organize', vault.dir, '--rules', rules, '--sources', 'rules', '--folder', 'Inbox', '--apply']);
      expect(applied.stdout).not.toContain('left out');
      expect(applied.code).toBe(0);
      const after = await vault.snapshot();
      expect(after.get(`Inbox/D/${nfc}.md`)).toBe(Buffer.from('composed\n').toString('base64'));
      expect(after.get(`Inbox/D/${nfd}.md`)).toBe(Buffer.from('decomposed\n').toString('base64'));
      const undo = await runReeve(['undo', vault.dir]);
      expect(undo.stderr).toBe('');
      expect(undo.code).toBe(0);
      expect(new Map([...(await vault.snapshot())].filter(([k]) => !k.startsWith('Reeve')))).toEqual(before);
    } finally {
      await rm(rules, { force: true });
    }
  });
});
