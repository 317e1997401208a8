// A journal larger than the longest string V8 can hold (2^29 - 24 characters, about 512 MB) still
// reads back, so its job can be undone or recovered. A 1,000-move job at 10k notes wrote a 566 MB
// journal (each intent record keeps the text of every note the move may rewrite), and reading it
// as one string failed with ERR_STRING_TOO_LONG: undo could not even start. Journals now hold each
// note text once (journal-texts.ts), but one written before that, or a job of huge notes, can
// still be this large: the journal here is in the earlier format (texts inline in the intents),
// written on real files and read through the real store.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRecords, type JournalRecord } from '../../src/edits/journal/journal-records';
import { JournalStore } from '../../src/edits/journal/journal-store';
import { NodeStateStore } from '../../src/vault-vfs/node/node-state-store';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const LONGEST_STRING = 2 ** 29 - 24;

describe('a journal larger than a string', () => {
  it('loads, every record intact', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'reeve-big-journal-'));
    dirs.push(dir);
    const state = new NodeStateStore(dir);
    const store = new JournalStore(state);
    const job = 'j000000000big001';
    // Records as the earlier version appended them (the store itself now writes texts once).
    const append = async (records: JournalRecord[]): Promise<void> => state.append(`journal/${job}.jsonl`, await encodeRecords(records));
    const ops = Array.from({ length: 600 }, (_, i) => ({ type: 'move' as const, source: `Inbox/n${i}.md`, destination: `Sorted/n${i}.md` }));
    await append([{ t: 'begin', job, at: 1, description: 'a big organize', ops } as unknown as JournalRecord, { t: 'run', dir: 'forward', why: 'execute', at: 2 }]);
    // Notes with a non-ASCII letter: byte and character offsets differ, as in real vaults.
    const text = `# Café\n${'a line of a note that links to [[n1]] and [[n2]]\n'.repeat(18_500)}`;
    for (let step = 0; step < 600; step++) {
      const before = { type: 'move', kind: 'file', hash: null, notes: [{ path: `Notes/linking-${step}.md`, text }], createdParents: [] };
      await append([{ t: 'intent', step, before } as unknown as JournalRecord, { t: 'done', step, after: { type: 'move', changed: [] } }]);
    }
    const file = path.join(dir, 'journal', `${job}.jsonl`);
    expect((await stat(file)).size).toBeGreaterThan(LONGEST_STRING);
    const loaded = await store.load(job, 'active');
    expect(loaded.ok && loaded.records.length).toBe(2 + 2 * 600);
    const last = loaded.ok ? loaded.records[loaded.records.length - 2] : null;
    expect(last).toMatchObject({ t: 'intent', step: 599, before: { notes: [{ path: 'Notes/linking-599.md', text }] } });
    expect(loaded.ok && loaded.tornTail).toBe(false);
  }, 300_000);
});
