// @vitest-environment happy-dom
// When the plugin starts (after layout ready) and the journal holds an interrupted job, or one it
// cannot read, a notice names the journal file and what to do, and the journal is never deleted:
// its bytes stay on disk, as they were or as a kept copy. Jobs are interrupted for real (the
// adapter dies half-way) on the test runtime's vault, and journals damaged as a disk would.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob, type JobOperationInput } from '../../src/edits/journal/execute-job';
import type { StateStore, VaultPort } from '../../src/vault-vfs/vault-port';
import { offerRecovery } from '../../src/views/recovery/offer-recovery';
import { FaultVault, SimulatedCrash } from '../edits/helpers/fault-vault';
import { keepModalsOpen } from '../obsidian/modals';
import { shownNotices } from '../obsidian/notices';
import { createHarness } from './widget-harness';

const FILES: Record<string, string> = { 'Inbox/a.md': '# A\nSee [[b]].\n', 'Inbox/b.md': '# B\n', 'Home.md': '[[a]]\n' };
const OPS: JobOperationInput[] = [
  { opId: 'm1', type: 'move', source: 'Inbox/a.md', destination: 'Notes/a.md' },
  { opId: 'm2', type: 'move', source: 'Inbox/b.md', destination: 'Notes/b.md' },
];
const FOLDER = '.obsidian/plugins/reeve';
const modals = keepModalsOpen();

afterEach(() => {
  shownNotices.length = 0;
});

/** A harness whose vault holds a job interrupted at the second move; returns the job id. */
async function interrupted(): Promise<{ h: ReturnType<typeof createHarness>; job: string }> {
  const h = createHarness(FILES);
  await expect(executeJob(new FaultVault(h.port, 2), { description: 'Organize Inbox', operations: OPS })).rejects.toThrow(SimulatedCrash);
  const [name] = (await h.port.state.list('journal')).filter((n) => n.endsWith('.jsonl'));
  return { h, job: (name ?? '').replace(/^journal\/|\.jsonl$/g, '') };
}

/** Every file under the journal folder with its text: nothing may disappear. */
async function journalFiles(port: VaultPort): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of ['journal', 'journal/quarantine', 'journal/intents']) for (const n of await port.state.list(f)) out[n] = (await port.state.read(n)) ?? '';
  return out;
}

describe('notices about the journal when the plugin starts', () => {
  it('name an interrupted job\'s journal file and how to recover it, and offer the choice', async () => {
    const { h, job } = await interrupted();
    const before = await journalFiles(h.port);
    await offerRecovery(h.app as never, h.port);
    expect(shownNotices).toHaveLength(1);
    expect(shownNotices[0]).toContain(`job ${job}) was interrupted after 1 of 2 steps; its journal is ${FOLDER}/journal/${job}.jsonl`);
    expect(shownNotices[0]).toContain('"Reeve: Recover an interrupted job"');
    expect(shownNotices[0]).toContain('reeve recover <vault> --resume');
    expect(modals.opened).toHaveLength(1);
    expect(await journalFiles(h.port)).toEqual(before);
  });

  it('name the kept copy of a damaged journal, keep its bytes, and still offer recovery', async () => {
    const { h, job } = await interrupted();
    await h.port.state.write(`journal/${job}.jsonl`, 'not a journal \u0000 at all');
    await offerRecovery(h.app as never, h.port);
    expect(shownNotices).toHaveLength(1);
    const kept = /kept as \.obsidian\/plugins\/reeve\/(journal\/quarantine\/\S+\.jsonl),/.exec(shownNotices[0] ?? '')?.[1];
    expect(kept, shownNotices[0]).toBeDefined();
    expect(await h.port.state.read(kept ?? '')).toBe('not a journal \u0000 at all');
    expect(shownNotices[0]).toContain('its journal was damaged');
    expect(shownNotices[0]).toContain('Recover an interrupted job');
    expect(modals.opened.length).toBeGreaterThan(0);
  });

  it('name a journal nothing can be read from, keep it unchanged, and run nothing', async () => {
    const { h, job } = await interrupted();
    await h.port.state.write(`journal/${job}.jsonl`, '');
    await h.port.state.remove(`journal/intents/${job}.json`);
    const opened = modals.opened.length;
    await offerRecovery(h.app as never, h.port);
    expect(shownNotices).toHaveLength(1);
    const kept = /kept, unchanged, as \.obsidian\/plugins\/reeve\/(journal\/quarantine\/\S+\.jsonl)\./.exec(shownNotices[0] ?? '')?.[1];
    expect(kept, shownNotices[0]).toBeDefined();
    expect(await h.port.state.read(kept ?? '')).toBe('');
    expect(modals.opened.length).toBe(opened);
  });

  it('say so, and change nothing, when the journal cannot be checked at all', async () => {
    const { h } = await interrupted();
    const before = await journalFiles(h.port);
    // The plugin folder cannot be listed (a permission refused by the disk).
    const s = h.port.state;
    const state: StateStore = {
      read: (n) => s.read(n),
      readBinary: (n) => s.readBinary(n),
      write: (n, d) => s.write(n, d),
      append: (n, d) => s.append(n, d),
      remove: (n) => s.remove(n),
      rename: (a, b) => s.rename(a, b),
      list: () => Promise.reject(new Error('EACCES: permission denied')),
    };
    const failing = new Proxy(h.port, { get: (t, k, r): unknown => (k === 'state' ? state : Reflect.get(t, k, r)) });
    await offerRecovery(h.app as never, failing);
    expect(shownNotices).toEqual([expect.stringContaining(`could not check its journal in ${FOLDER}/journal (EACCES: permission denied). Nothing was changed or deleted`)]);
    expect(await journalFiles(h.port)).toEqual(before);
  });

  it('the command says when there is nothing to recover', async () => {
    const h = createHarness(FILES);
    await offerRecovery(h.app as never, h.port, { sayWhenClean: true });
    expect(shownNotices).toEqual(['Reeve: no interrupted job in the journal.']);
  });
});
