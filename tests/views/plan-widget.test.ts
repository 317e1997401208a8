// @vitest-environment happy-dom
// The ai-plan widget: a summary kept current as the plan note changes, Accept all (one journaled
// job, undone as a whole) and Reject all.
import '../obsidian/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { shownNotices } from '../obsidian/notices';
import { opJson, PLAN_NOTE, planVault } from './plan-fixture';
import { button, clickAndWait, createHarness, message, SECTION_INFO, setSectionInfoKnown } from './widget-harness';

afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

const summary = (el: HTMLElement): string => el.querySelector('.reeve-plan-summary')?.textContent ?? '';

describe.each(SECTION_INFO)('ai-plan widget, %s', (_when, known) => {
  beforeEach(() => setSectionInfoKnown(known));
  afterEach(() => setSectionInfoKnown(true));

  it('summarises the operations by state and follows changes to the note', async () => {
    const h = createHarness(planVault());
    const el = await h.render('ai-plan', PLAN_NOTE);
    expect(el.querySelector('.reeve-pending-title')?.textContent).toBe('Organize plan for Inbox');
    await vi.waitFor(() => expect(summary(el)).toBe('3 operations: 3 pending.'));
    expect(button(el, 'Accept all').disabled).toBe(false);
    expect(el.querySelector('.reeve-pending-hint')?.textContent).toContain('"Undo last organize"');
    await clickAndWait(await h.render('ai-op', PLAN_NOTE, '"p1-3"'), 'Reject');
    await vi.waitFor(() => expect(summary(el)).toBe('3 operations: 2 pending, 1 rejected.'));
  });

  it('accept all runs every pending operation as one job, links intact, and undo reverses it', async () => {
    const files = planVault();
    const h = createHarness(files);
    const el = await h.render('ai-plan', PLAN_NOTE);
    await vi.waitFor(() => expect(button(el, 'Accept all').disabled).toBe(false));
    await clickAndWait(el, 'Accept all');
    expect(await h.port.read('Inbox/PDFs/a.pdf')).toBe('%PDF-1.4 not really\n');
    expect(await h.port.read('Inbox/2024-03-02 Meeting.md')).toBe('Meeting notes\n');
    expect(Object.keys(h.port.resolvedLinks()['Notes/index.md'] ?? {}).sort()).toEqual(['Inbox/2024-03-02 Meeting.md', 'Inbox/PDFs/a.pdf']);
    const text = await h.port.read(PLAN_NOTE);
    expect(['p1-1', 'p1-2', 'p1-3'].map((id) => opJson(text, id).state)).toEqual(['done', 'done', 'done']);
    expect(h.jobs).toHaveLength(1);
    expect(message(el)).toBe('3 operations done. "Undo last organize" reverses the run.');
    expect(shownNotices).toEqual(['Reeve: accepting all pending operations…', 'Reeve: 3 operations done. "Undo last organize" reverses the run.']);
    await vi.waitFor(() => expect(summary(el)).toBe('3 operations: 3 done.'));
    expect(button(el, 'Accept all').disabled && button(el, 'Reject all').disabled).toBe(true);

    await undoJob(h.port, h.jobs[0]);
    expect(await h.port.read('Inbox/Meeting.md')).toBe('Meeting notes\n');
    expect(await h.port.read('Inbox/a.pdf')).toBe('%PDF-1.4 not really\n');
    expect(await h.port.read('Notes/index.md')).toBe(files['Notes/index.md']);
    expect(await h.port.exists('Inbox/PDFs')).toBe(false);
  });

  it('accept all runs what the policy allows and reports what it refused', async () => {
    const h = createHarness(planVault([{ opId: 'p1-4', type: 'move', source: 'Inbox/Docs', destination: 'Archive/Docs', risk: 'medium' }]));
    const el = await h.render('ai-plan', PLAN_NOTE);
    await vi.waitFor(() => expect(summary(el)).toBe('4 operations: 4 pending.'));
    await clickAndWait(el, 'Accept all');
    expect(message(el)).toBe('3 operations done, 1 refused ("Archive/Docs" is outside the folders "Inbox"). "Undo last organize" reverses the run.');
    expect(el.querySelector('.reeve-pending-message')?.classList.contains('is-error')).toBe(true);
    expect(await h.port.exists('Inbox/Docs')).toBe(true);
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-4').state).toBeUndefined();
  });

  it('reject all marks every pending operation rejected and moves nothing', async () => {
    const h = createHarness(planVault());
    const el = await h.render('ai-plan', PLAN_NOTE);
    await vi.waitFor(() => expect(button(el, 'Reject all').disabled).toBe(false));
    await clickAndWait(el, 'Reject all');
    const text = await h.port.read(PLAN_NOTE);
    expect(['p1-1', 'p1-2', 'p1-3'].map((id) => opJson(text, id).state)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await h.port.exists('Inbox/a.pdf')).toBe(true);
    expect(message(el)).toBe('3 operations rejected');
    await vi.waitFor(() => expect(summary(el)).toBe('3 operations: 3 rejected.'));
    expect(h.jobs).toHaveLength(0);
  });

  it('shows a damaged plan block as damaged', async () => {
    const h = createHarness({ 'p.md': '```ai-plan\n{"job":"p9","folder":3}\n```\n' });
    const el = await h.render('ai-plan', 'p.md');
    expect(el.classList.contains('is-damaged')).toBe(true);
    expect(el.textContent).toContain('This block cannot be read: "folder" is missing or not text.');
    expect(el.querySelectorAll('button')).toHaveLength(0);
  });
});
