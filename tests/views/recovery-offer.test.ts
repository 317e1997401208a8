// @vitest-environment happy-dom
// When Obsidian starts with an interrupted job in the journal, the user is asked: finish it, roll
// it back, or decide later. The job is interrupted for real (the adapter dies half-way through
// it) on the test runtime's vault, and each answer must leave the vault exactly after the job,
// exactly before it, or untouched.
import '../obsidian/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { executeJob, type JobOperationInput } from '../../src/edits/journal/execute-job';
import { findInterruptedJobs } from '../../src/edits/journal/recover-jobs';
import type { VaultPort } from '../../src/vault-vfs/vault-port';
import { offerRecovery } from '../../src/views/recovery/offer-recovery';
import { FaultVault, SimulatedCrash } from '../edits/helpers/fault-vault';
import { keepModalsOpen } from '../obsidian/modals';
import { shownNotices } from '../obsidian/notices';
import { button, createHarness } from './widget-harness';

const FILES: Record<string, string> = {
  'Inbox/a.md': '# A\nSee [[b]].\n',
  'Inbox/b.md': '# B\nBack to [[a]].\n',
  'Home.md': 'Start at [[a]] and [[Inbox/b|B]].\n',
};

const OPS: JobOperationInput[] = [
  { opId: 'f', type: 'create_folder', path: 'Notes' },
  { opId: 'm1', type: 'move', source: 'Inbox/a.md', destination: 'Notes/a.md' },
  { opId: 'm2', type: 'move', source: 'Inbox/b.md', destination: 'Notes/b.md' },
];

/** Every file's text and every folder, as the user would see the vault. */
async function contents(port: VaultPort): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await port.list()) out[e.path] = e.kind === 'folder' ? '<folder>' : await port.read(e.path);
  return out;
}

const modals = keepModalsOpen();

afterEach(() => {
  shownNotices.length = 0;
});

async function interrupted(crashAt: number): Promise<{ h: ReturnType<typeof createHarness>; before: Record<string, string> }> {
  const h = createHarness(FILES);
  const before = await contents(h.port);
  await expect(executeJob(new FaultVault(h.port, crashAt), { description: 'Organize Inbox', operations: OPS })).rejects.toThrow(SimulatedCrash);
  expect((await findInterruptedJobs(h.port)).interrupted).toHaveLength(1);
  return { h, before };
}

async function afterCleanRun(): Promise<Record<string, string>> {
  const h = createHarness(FILES);
  await executeJob(h.port, { description: 'Organize Inbox', operations: OPS });
  return contents(h.port);
}

async function answer(h: ReturnType<typeof createHarness>, choice: string): Promise<void> {
  await offerRecovery(h.app as never, h.port);
  const modal = modals.opened[0];
  if (!modal) throw new Error('no recovery modal was opened');
  expect(modal.contentEl.textContent).toContain('"Organize Inbox" stopped after');
  button(modal.contentEl, choice).click();
  await vi.waitFor(async () => expect((await findInterruptedJobs(h.port)).interrupted.length === 0 || choice === 'Decide later', shownNotices.join(' / ')).toBe(true));
}

describe('recovery offered when the plugin starts', () => {
  it('offers nothing when the journal holds no interrupted job', async () => {
    const h = createHarness(FILES);
    await offerRecovery(h.app as never, h.port);
    expect(modals.opened).toHaveLength(0);
  });

  // Crash points: inside the first move (after the folder), and inside the second move.
  for (const crashAt of [2, 3]) {
    it(`"Finish the job" after a crash at call ${crashAt} leaves the vault as the whole job would`, async () => {
      const { h } = await interrupted(crashAt);
      await answer(h, 'Finish the job');
      await vi.waitFor(() => expect(shownNotices.some((n) => n.includes('finished 1 interrupted job'))).toBe(true));
      expect(await contents(h.port)).toEqual(await afterCleanRun());
      expect(h.port.resolvedLinks()['Home.md']).toEqual({ 'Notes/a.md': 1, 'Notes/b.md': 1 });
    });

    it(`"Roll back" after a crash at call ${crashAt} puts every file back as before the job`, async () => {
      const { h, before } = await interrupted(crashAt);
      await answer(h, 'Roll back');
      await vi.waitFor(() => expect(shownNotices.some((n) => n.includes('rolled back 1 interrupted job'))).toBe(true));
      expect(await contents(h.port)).toEqual(before);
    });
  }

  it('"Decide later" changes nothing and keeps the job for the next start', async () => {
    const { h } = await interrupted(3);
    const now = await contents(h.port);
    await answer(h, 'Decide later');
    expect(await contents(h.port)).toEqual(now);
    expect((await findInterruptedJobs(h.port)).interrupted).toHaveLength(1);
  });
});
