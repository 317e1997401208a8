// Names with decomposed accents (NFD, as macOS and some sync tools write them): a vault path is the
// name as the disk gives it (as Obsidian's TFile.path), so a decomposed name is listed, planned,
// moved and put back with its own bytes, and two names of different bytes (`Café` composed and
// decomposed side by side) are two files (issue 25). What a user types is matched in NFC: a rule
// literal, a search query, a link's text, a note named on the command line (issue 11, item 11).
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
  it('are listed and read under their own bytes, and matched by rules in either form', async () => {
    await fc.assert(
      fc.asyncProperty(accented, accented, async (folder, name) => {
        const v = await makeTempVault({ [`${folder.normalize('NFD')}/${name.normalize('NFD')}.md`]: `body ${name.normalize('NFD')}\n` });
        try {
          const port = await NodeVault.open(v.dir);
          const spelled = `${folder.normalize('NFD')}/${name.normalize('NFD')}.md`;
          expect((await port.list()).filter((e) => e.kind === 'file').map((e) => e.path)).toEqual([spelled]);
          expect(await port.read(spelled)).toBe(`body ${name.normalize('NFD')}\n`);
          for (const form of ['NFC', 'NFD'] as const) {
            const byName = await runReeve(['rules', 'match', v.dir, `file.name == ${JSON.stringify(name.normalize(form))}`, '--json']);
            expect(JSON.parse(byName.stdout)).toEqual([spelled]);
            const byContent = await runReeve(['rules', 'match', v.dir, `file.content.contains(${JSON.stringify(name.normalize(form))})`, '--json']);
            expect(byContent.stderr).toBe('');
            expect(JSON.parse(byContent.stdout)).toEqual([spelled]);
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
      expect((JSON.parse(r.stdout) as { path: string }[]).map((h) => h.path)).toContain(`Notes/${nfd}.md`);
    }
  });

  it('keep their own bytes through organize and undo: a moved name is the same name, byte for byte', async () => {
    const nfd = 'Cafe\u0301';
    vault = await makeTempVault({ [`Inbox/${nfd}.md`]: 'two\n', [`Inbox/x/${nfd} 2.md`]: '[[Café]]\n', 'Inbox/2024-01-02 note.md': '# x\n' });
    const before = await vault.snapshot();
    const rules = path.join(vault.dir, '..', `${path.basename(vault.dir)}-rules.json`);
    try {
      await writeFile(rules, JSON.stringify({ rules: [{ name: 'All', if: 'file.ext == "md"', thenMoveTo: 'D' }] }));
      // The plan names the file by its bytes, source and destination.
      const plan = await runReeve(['organize', vault.dir, '--rules', rules, '--sources', 'rules', '--folder', 'Inbox', '--dry-run', '--json']);
      const moves = (JSON.parse(plan.stdout) as { operations: { type: string; source?: string; destination?: string }[] }).operations.filter((o) => o.type === 'move');
      expect(moves.map((m) => [m.source, m.destination])).toContainEqual([`Inbox/${nfd}.md`, `Inbox/D/${nfd}.md`]);
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

  /** Organize `Inbox` by one rule (`if`), then undo: the plan's moves, and the vault before, after and after undo. */
  async function organizeThenUndo(v: TempVault, condition: string): Promise<{ moves: string[][]; before: Map<string, string>; after: Map<string, string>; undone: Map<string, string> }> {
    const before = await v.snapshot();
    const rules = `${v.dir}-rules.json`;
    try {
      await writeFile(rules, JSON.stringify({ rules: [{ name: 'Cafe', if: condition, thenMoveTo: 'D' }] }));
      const plan = await runReeve(['organize', v.dir, '--rules', rules, '--sources', 'rules', '--folder', 'Inbox', '--dry-run', '--json']);
      const ops = (JSON.parse(plan.stdout) as { operations: { type: string; source?: string; destination?: string }[] }).operations;
      const moves = ops.filter((o) => o.type === 'move').map((m) => [m.source ?? '', m.destination ?? '']);
      const applied = await runReeve(['organize', v.dir, '--rules', rules, '--sources', 'rules', '--folder', 'Inbox', '--apply']);
      expect(applied.stdout).not.toContain('left out');
      expect(applied.code).toBe(0);
      const after = await v.snapshot();
      const undo = await runReeve(['undo', v.dir]);
      expect(undo.stderr).toBe('');
      expect(undo.code).toBe(0);
      const undone = new Map([...(await v.snapshot())].filter(([k]) => !k.startsWith('Reeve')));
      return { moves, before, after, undone };
    } finally {
      await rm(rules, { force: true });
    }
  }

  const [nfc, nfd] = ['Caf\u00e9', 'Cafe\u0301'];
  const b64 = (s: string): string => Buffer.from(s).toString('base64');

  it('in both forms in one folder, a rule spelling neither names both: each moves as itself, and undo gives back both, names included', async () => {
    vault = await makeTempVault({ [`Inbox/${nfc}.md`]: 'composed\n', [`Inbox/${nfd}.md`]: 'decomposed\n', 'Inbox/other.md': '# other\n' });
    const r = await organizeThenUndo(vault, 'file.name.startsWith("Caf")');
    expect(r.moves.sort()).toEqual([[`Inbox/${nfc}.md`, `Inbox/D/${nfc}.md`], [`Inbox/${nfd}.md`, `Inbox/D/${nfd}.md`]].sort());
    expect(r.after.get(`Inbox/D/${nfc}.md`)).toBe(b64('composed\n'));
    expect(r.after.get(`Inbox/D/${nfd}.md`)).toBe(b64('decomposed\n'));
    expect(r.undone).toEqual(r.before);
  });

  for (const [which, moving, staying] of [['decomposed', nfd, nfc], ['composed', nfc, nfd]] as const) {
    it(`in both forms in one folder, a rule spelling the ${which} name moves that file only, and undo puts it back byte for byte`, async () => {
      vault = await makeTempVault({ [`Inbox/${nfc}.md`]: 'composed\n', [`Inbox/${nfd}.md`]: 'decomposed\n' });
      const r = await organizeThenUndo(vault, `file.name == ${JSON.stringify(moving)}`);
      expect(r.moves).toEqual([[`Inbox/${moving}.md`, `Inbox/D/${moving}.md`]]);
      // One twin moved, the other stayed: undo must not take the one left for the one that left.
      expect(r.after.get(`Inbox/D/${moving}.md`)).toBe(b64(moving === nfc ? 'composed\n' : 'decomposed\n'));
      expect(r.after.get(`Inbox/${staying}.md`)).toBe(b64(staying === nfc ? 'composed\n' : 'decomposed\n'));
      expect(r.after.has(`Inbox/${moving}.md`)).toBe(false);
      expect(r.undone).toEqual(r.before);
    });
  }

  it('in both forms, rules match lists the one a rule spells, and both for a rule spelling neither', async () => {
    vault = await makeTempVault({ [`Inbox/${nfc}.md`]: 'composed\n', [`Inbox/${nfd}.md`]: 'decomposed\n' });
    const match = async (name: string): Promise<string[]> => JSON.parse((await runReeve(['rules', 'match', vault!.dir, `file.name == ${JSON.stringify(name)}`, '--json'])).stdout) as string[];
    expect(await match(nfd)).toEqual([`Inbox/${nfd}.md`]);
    expect(await match(nfc)).toEqual([`Inbox/${nfc}.md`]);
    const both = JSON.parse((await runReeve(['rules', 'match', vault.dir, 'file.name.startsWith("Caf")', '--json'])).stdout) as string[];
    expect(both.sort()).toEqual([`Inbox/${nfc}.md`, `Inbox/${nfd}.md`].sort());
  });
});
