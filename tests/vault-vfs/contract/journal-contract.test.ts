// @vitest-environment happy-dom
// The journal on every adapter: a job's moves, with Obsidian's cache catching up after each write
// and its renameFile leaving captured links alone, end with the same notes as on the Node adapter,
// and undo gives back every byte. Reads right after a step (backlinks of the next one) must see
// the vault as it is.
import '../../obsidian/dom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executeJob } from '../../../src/edits/journal/execute-job';
import { undoJob } from '../../../src/edits/journal/recover-jobs';
import { adapters, type AdapterUnderTest } from './adapters';

type Op = { opId: string; type: 'move' | 'rename'; source: string; destination: string };

/** Every file's text, read past the adapter. */
async function snapshot(a: AdapterUnderTest): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const e of (await a.port.list()).filter((x) => x.kind === 'file').sort((x, y) => (x.path < y.path ? -1 : 1))) out[e.path] = await a.raw(e.path);
  return out;
}

/** Runs the job and its undo on every adapter; returns each adapter's vault after the job. */
async function jobAndUndo(files: Record<string, string>, operations: Op[]): Promise<Record<string, string | null>[]> {
  const after: Record<string, string | null>[] = [];
  for (const [name, make] of adapters) {
    const a = await make(files);
    try {
      const before = await snapshot(a);
      await executeJob(a.port, { description: 'moves', operations });
      after.push(await snapshot(a));
      const report = await undoJob(a.port);
      expect(report.state, name).toBe('reverted');
      expect(await snapshot(a), name).toEqual(before);
    } finally {
      await a.cleanup();
    }
  }
  return after;
}

describe('a journaled job on every adapter', () => {
  it('keeps a link a new name would capture on its target, and undo restores the note', async () => {
    const files = { 'Projects/Foobar.md': 'project\n', 'Notes/X.md': 'see [[Foobar]]\n', 'Inbox/Other.md': 'other\n' };
    const [node, ...others] = await jobAndUndo(files, [{ opId: 'o1', type: 'rename', source: 'Inbox/Other.md', destination: 'Inbox/Foobar.md' }]);
    expect(node?.['Notes/X.md']).toBe('see [[Projects/Foobar]]\n');
    for (const o of others) expect(o).toEqual(node);
  });

  it('moves notes that link to each other one step after another, each step seeing the last one\'s links', async () => {
    const files = {
      'Projects/Alpha.md': '# Alpha\nSee [[Projects/Beta#Plan]].\n',
      'Projects/Beta.md': '# Beta\n## Plan\n[up](../Home.md) [[Projects/Alpha]]\n',
      'Home.md': '[[Projects/Alpha]] [[Projects/Beta]]\n',
    };
    const ops: Op[] = [
      { opId: 'o1', type: 'move', source: 'Projects/Alpha.md', destination: 'A/Alpha.md' },
      { opId: 'o2', type: 'move', source: 'Projects/Beta.md', destination: 'B/Beta.md' },
      { opId: 'o3', type: 'move', source: 'Home.md', destination: 'H/Home.md' },
    ];
    const [node, ...others] = await jobAndUndo(files, ops);
    for (const o of others) expect(o).toEqual(node);
  });

  it('gives the same vault and undoes to the same bytes whatever the names', async () => {
    const name = fc.constantFrom('a', 'b', 'c');
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(fc.constantFrom('P', 'Q'), name), { minLength: 1, maxLength: 3, selector: ([d, n]) => `${d}/${n}` }), name, name, async (held, link, to) => {
        const files: Record<string, string> = { 'Notes/x.md': `[[${link}]] and [m](../P/${link}.md)\n`, 'Z/other.md': `[[${link}]]\n` };
        for (const [d, n] of held) files[`${d}/${n}.md`] = `${d} ${n}\n`;
        const [node, ...others] = await jobAndUndo(files, [{ opId: 'o1', type: 'rename', source: 'Z/other.md', destination: `Z/${to}.md` }]);
        for (const o of others) expect(o).toEqual(node);
      }),
      { numRuns: 12 },
    );
  });
});

describe('names that differ only in case, on every adapter', () => {
  it('moves both of a pair to names that do not collide, and undo puts both back', async () => {
    const files = { 'Inbox/Case.md': 'upper [[case]]\n', 'Inbox/case.md': 'lower\n', 'Notes/n.md': '[[Inbox/Case]] [[Case]]\n' };
    const [node, ...others] = await jobAndUndo(files, [
      { opId: 'o1', type: 'move', source: 'Inbox/Case.md', destination: 'Sorted/Case.md' },
      { opId: 'o2', type: 'move', source: 'Inbox/case.md', destination: 'Sorted/case 1.md' },
    ]);
    expect(Object.keys(node ?? {})).toEqual(['Notes/n.md', 'Sorted/Case.md', 'Sorted/case 1.md']);
    for (const o of others) expect(o).toEqual(node);
  });
});
