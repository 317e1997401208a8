// Organize plan notes in the browser: ai-op Accept runs the operation at once through the journal
// (the file moves in the in-page vault, links in other notes are rewritten) and the widget shows
// the new state; ai-plan Accept all runs every pending operation, Reject all rejects them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opJson, PLAN_NOTE, planVault } from '../views/plan-fixture';
import { message, settled, startSession, type Session } from './session';

let s: Session;
beforeAll(async () => {
  s = await startSession();
});
afterAll(async () => {
  await s?.close();
});

const op = (paths: string) => s.page.locator('.reeve-op').filter({ hasText: paths });
const plan = () => s.page.locator('.reeve-plan');
const states = async (): Promise<unknown[]> => {
  const text = await s.read(PLAN_NOTE);
  return ['p1-1', 'p1-2', 'p1-3'].map((id) => opJson(text, id).state);
};

describe('ai-op widget', () => {
  it('Accept creates the folder, then moves the file with its embed rewritten, and shows Done', async () => {
    await s.open(planVault(), PLAN_NOTE);
    expect(await s.page.locator('.reeve-op').count()).toBe(3);
    const folder = op('Inbox/PDFs').filter({ hasNotText: 'a.pdf' });
    await folder.getByRole('button', { name: /^Accept and run/ }).click();
    await settled(folder);
    expect(await s.exists('Inbox/PDFs')).toBe(true);

    const move = op('Inbox/a.pdf → Inbox/PDFs/a.pdf');
    expect(await move.locator('.reeve-op-state').innerText()).toBe('Pending');
    await move.getByRole('button', { name: 'Accept and run this operation now: move Inbox/a.pdf' }).click();
    await settled(move);
    expect(await s.exists('Inbox/a.pdf')).toBe(false);
    expect(await s.read('Inbox/PDFs/a.pdf')).toBe('%PDF-1.4 not really\n');
    expect(await s.read('Notes/index.md')).toBe('See [[Inbox/Meeting]] and ![[a.pdf]].\n');
    expect(await move.locator('.reeve-op-state').innerText()).toBe('Done');
    expect(await message(move)).toBe('1 operation done. "Undo last organize" reverses it');
    expect(await states()).toEqual(['done', 'done', undefined]);
    // Each accepted operation ran as a journaled job.
    expect(await s.page.evaluate(() => window.reeve.jobs().length)).toBe(2);
    // The plan summary follows the note as it changes.
    await plan().locator('.reeve-plan-summary').filter({ hasText: '3 operations: 1 pending, 2 done.' }).waitFor();
    expect(s.pageErrors).toEqual([]);
  });

  it('Reject marks the operation rejected and leaves the vault alone', async () => {
    await s.open(planVault(), PLAN_NOTE);
    const rename = op('Inbox/Meeting.md');
    await rename.getByRole('button', { name: /^Reject this operation/ }).click();
    await settled(rename);
    expect(await rename.locator('.reeve-op-state').innerText()).toBe('Rejected');
    expect(await states()).toEqual([undefined, undefined, 'rejected']);
    expect(await s.exists('Inbox/Meeting.md')).toBe(true);
  });
});

describe('ai-plan widget', () => {
  it('Accept all runs every pending operation as one job, links kept', async () => {
    await s.open(planVault(), PLAN_NOTE);
    await plan().locator('.reeve-plan-summary').filter({ hasText: '3 operations: 3 pending.' }).waitFor();
    await plan().getByRole('button', { name: /^Accept every pending operation/ }).click();
    await settled(plan());
    expect(await s.read('Inbox/PDFs/a.pdf')).toBe('%PDF-1.4 not really\n');
    expect(await s.exists('Inbox/Meeting.md')).toBe(false);
    expect(await s.read('Inbox/2024-03-02 Meeting.md')).toBe('Meeting notes\n');
    expect(await s.read('Notes/index.md')).toBe('See [[2024-03-02 Meeting]] and ![[a.pdf]].\n');
    expect(await states()).toEqual(['done', 'done', 'done']);
    expect(await s.page.evaluate(() => window.reeve.jobs().length)).toBe(1);
    expect(await message(plan())).toBe('3 operations done. "Undo last organize" reverses the run.');
    await plan().locator('.reeve-plan-summary').filter({ hasText: '3 operations: 3 done.' }).waitFor();
    expect(await plan().getByRole('button', { disabled: false }).count()).toBe(0);
    // Rendered again (as Obsidian does on change), every operation shows Done with nothing to click.
    await s.page.evaluate(() => window.reeve.rerender());
    expect(await s.page.locator('.reeve-op .reeve-op-state').allInnerTexts()).toEqual(['Done', 'Done', 'Done']);
    expect(await s.page.locator('.reeve-op button').count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });

  it('Reject all rejects every pending operation and changes no file', async () => {
    await s.open(planVault(), PLAN_NOTE);
    const index = await s.read('Notes/index.md');
    await plan().locator('.reeve-plan-summary').filter({ hasText: '3 operations: 3 pending.' }).waitFor();
    await plan().getByRole('button', { name: /^Reject every pending operation/ }).click();
    await settled(plan());
    expect(await states()).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await message(plan())).toBe('3 operations rejected');
    expect(await s.exists('Inbox/a.pdf')).toBe(true);
    expect(await s.exists('Inbox/PDFs')).toBe(false);
    expect(await s.read('Notes/index.md')).toBe(index);
    await plan().locator('.reeve-plan-summary').filter({ hasText: '3 operations: 3 rejected.' }).waitFor();
    expect(s.pageErrors).toEqual([]);
  });
});
