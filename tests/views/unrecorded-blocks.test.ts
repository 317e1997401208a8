// @vitest-environment happy-dom
// Widgets on blocks Reeve has no record of proposing (issue 11, item 9): shown as not proposed
// here, refused on the first Accept, and accepted only through the explicit "Accept anyway".
import '../obsidian/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { shownNotices } from '../obsidian/notices';
import { opJson, PLAN_NOTE, planVault } from './plan-fixture';
import { button, clickAndWait, createHarness, message } from './widget-harness';

afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

const note = `# Title\n${editBlockText({ id: 'e1', type: 'replace', before: 'old', after: 'new' }, '\n')}\ntail\n`;

describe('blocks not proposed here', () => {
  it('an edit block says it was not proposed here and is accepted only with "Accept anyway"', async () => {
    const h = createHarness({ 'n.md': note }, { unrecorded: true });
    const el = await h.render('ai-edit', 'n.md');
    await vi.waitFor(() => expect(el.querySelector('.reeve-pending-unrecorded')?.textContent).toMatch(/^Not proposed here: Reeve has no record of proposing it/));
    expect(() => button(el, 'Accept anyway')).toThrow();
    await clickAndWait(el, 'Accept');
    expect(await h.port.read('n.md')).toBe(note);
    expect(message(el)).toMatch(/^Edit not accepted: not proposed here/);
    expect(button(el, 'Accept anyway').getAttribute('aria-label')).toBe('Accept this block although Reeve did not propose it here');
    await clickAndWait(el, 'Accept anyway');
    expect(await h.port.read('n.md')).toBe('# Title\nnew\ntail\n');
    expect(message(el)).toBe('Edit accepted: the new text is in the note');
  });

  it('a recorded edit block carries no warning', async () => {
    const h = createHarness({ 'n.md': note });
    const el = await h.render('ai-edit', 'n.md');
    await new Promise((r) => setTimeout(r, 50));
    expect(el.querySelector('.reeve-pending-unrecorded')).toBeNull();
  });

  it('an operation of a plan Reeve did not write runs only with "Accept anyway"', async () => {
    const h = createHarness(planVault(), { unrecorded: true });
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-3"');
    await vi.waitFor(() => expect(el.querySelector('.reeve-pending-unrecorded')?.textContent).toMatch(/^Not proposed here: plan p1 has no such operation/));
    await clickAndWait(el, 'Accept');
    expect(await h.port.exists('Inbox/Meeting.md')).toBe(true);
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-3').state).toBeUndefined();
    await clickAndWait(el, 'Accept anyway');
    expect(await h.port.exists('Inbox/2024-03-02 Meeting.md')).toBe(true);
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-3').state).toBe('done');
  });
});
