// @vitest-environment happy-dom
// The ai-op widget in a plan note: accepting runs the operation through the journal (links kept
// by FileManager.renameFile), rejecting marks it, and refusals leave the vault as it was.
import '../obsidian/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shownNotices } from '../obsidian/notices';
import { opJson, PLAN_NOTE, planVault } from './plan-fixture';
import { button, clickAndWait, createHarness, message, SECTION_INFO, setSectionInfoKnown } from './widget-harness';

afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

describe.each(SECTION_INFO)('ai-op widget, %s', (_when, known) => {
  beforeEach(() => setSectionInfoKnown(known));
  afterEach(() => setSectionInfoKnown(true));

  it('shows the operation: type, risk, paths, rule, reason and state', async () => {
    const h = createHarness(planVault());
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-2"');
    expect(el.querySelector('.reeve-pending-title')?.textContent).toBe('Move');
    expect(el.querySelector('.reeve-risk')?.textContent).toBe('Medium risk');
    expect(el.querySelector('.reeve-risk')?.classList.contains('is-medium')).toBe(true);
    expect(el.querySelector('.reeve-op-state')?.textContent).toBe('Pending');
    expect(el.querySelector('.reeve-op-paths')?.textContent).toBe('Inbox/a.pdf → Inbox/PDFs/a.pdf');
    expect([...el.querySelectorAll('.reeve-pending-detail')].map((d) => d.textContent)).toEqual(['Rule: attachments by type', 'Why: PDFs go together']);
    expect(button(el, 'Accept').getAttribute('aria-label')).toBe('Accept and run this operation now: move Inbox/a.pdf');
  });

  it('accept renames the file now, keeps links in other notes, and marks the block done', async () => {
    const h = createHarness(planVault());
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-3"');
    await clickAndWait(el, 'Accept');
    expect(await h.port.exists('Inbox/Meeting.md')).toBe(false);
    expect(await h.port.read('Inbox/2024-03-02 Meeting.md')).toBe('Meeting notes\n');
    expect(await h.port.read('Notes/index.md')).toBe('See [[2024-03-02 Meeting]] and ![[Inbox/a.pdf]].\n');
    expect(h.port.resolvedLinks()['Notes/index.md']).toHaveProperty(['Inbox/2024-03-02 Meeting.md']);
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-3').state).toBe('done');
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-2').state).toBeUndefined();
    expect(h.jobs).toHaveLength(1);
    expect(el.querySelector('.reeve-op-state')?.textContent).toBe('Done');
    expect(message(el)).toBe('1 operation done. "Undo last organize" reverses it');
    expect(shownNotices[0]).toBe('Reeve: accepting 1 operation…');
  });

  it('accept moves a file into a folder created by an earlier accepted operation, links intact', async () => {
    const h = createHarness(planVault());
    await clickAndWait(await h.render('ai-op', PLAN_NOTE, '"p1-1"'), 'Accept');
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-2"');
    await clickAndWait(el, 'Accept');
    expect(await h.port.read('Inbox/PDFs/a.pdf')).toBe('%PDF-1.4 not really\n');
    expect(await h.port.exists('Inbox/a.pdf')).toBe(false);
    expect(await h.port.read('Notes/index.md')).not.toContain('Inbox/a.pdf');
    expect(h.port.resolvedLinks()['Notes/index.md']).toHaveProperty(['Inbox/PDFs/a.pdf']);
    expect(h.jobs).toHaveLength(2);
  });

  it('reject marks the block rejected and moves nothing', async () => {
    const h = createHarness(planVault());
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-3"');
    await clickAndWait(el, 'Reject');
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-3').state).toBe('rejected');
    expect(await h.port.exists('Inbox/Meeting.md')).toBe(true);
    expect(el.querySelector('.reeve-op-state')?.textContent).toBe('Rejected');
  });

  it('refuses an operation outside the plan folder, and nothing moves', async () => {
    const h = createHarness(planVault([{ opId: 'p1-4', type: 'move', source: 'Inbox/a.pdf', destination: 'Archive/a.pdf', risk: 'medium' }]));
    const before = await h.port.read(PLAN_NOTE);
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-4"');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toMatch(/^Operation not run: "Archive\/a\.pdf" is outside the folders "Inbox"$/);
    expect(await h.port.exists('Inbox/a.pdf')).toBe(true);
    expect(await h.port.read(PLAN_NOTE)).toBe(before);
    expect(h.jobs).toHaveLength(0);
  });

  it('refuses a block edited after it was shown', async () => {
    const h = createHarness(planVault());
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-3"');
    const edited = (await h.port.read(PLAN_NOTE)).replace('Inbox/2024-03-02 Meeting.md', 'Inbox/Other.md');
    await h.port.process(PLAN_NOTE, () => edited);
    await clickAndWait(el, 'Accept');
    expect(message(el)).toBe('Operation not run: the block changed since it was shown; look at it again');
    expect(await h.port.exists('Inbox/Meeting.md')).toBe(true);
    expect(await h.port.read(PLAN_NOTE)).toBe(edited);
  });

  it('shows a note edit with its values before and after as text, and accept writes the property through processFrontMatter', async () => {
    const tags = { opId: 'p1-4', type: 'add_tags' as const, path: 'Inbox/Meeting.md', before: [], after: ['meeting'], rule: 'meetings', risk: 'low' as const };
    const props = { opId: 'p1-5', type: 'set_properties' as const, path: 'Inbox/Meeting.md', before: { status: null }, after: { status: '<img src=x>' }, rule: 'meetings', risk: 'low' as const };
    const h = createHarness(planVault([tags, props]));
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-5"');
    expect(el.querySelector('.reeve-pending-title')?.textContent).toBe('Set properties');
    expect(el.querySelector('.reeve-risk')?.textContent).toBe('Low risk');
    expect(el.querySelector('.reeve-op-paths')?.textContent).toBe('Inbox/Meeting.md');
    // Inert: the value is text, never markup.
    expect(el.querySelector('.reeve-op-values')?.textContent).toBe('status: (none) → <img src=x>');
    expect(el.querySelector('.reeve-op-values img')).toBeNull();
    const tagEl = await h.render('ai-op', PLAN_NOTE, '"p1-4"');
    expect(tagEl.querySelector('.reeve-op-values')?.textContent).toBe('tags: (none) → #meeting');
    await clickAndWait(tagEl, 'Accept');
    expect(await h.port.read('Inbox/Meeting.md')).toBe('---\ntags:\n  - meeting\n---\nMeeting notes\n');
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-4').state).toBe('done');
    expect(opJson(await h.port.read(PLAN_NOTE), 'p1-5').state).toBeUndefined();
  });

  it('refuses an operation whose note names its folder nowhere (no plan frontmatter, no ai-plan block)', async () => {
    const files = planVault();
    const text = (files[PLAN_NOTE] ?? '').replace(/^---\n[\s\S]*?\n---\n/, '').replace(/```ai-plan\n.*\n```\n/, '');
    const h = createHarness({ ...files, [PLAN_NOTE]: text });
    const el = await h.render('ai-op', PLAN_NOTE, '"p1-3"');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toMatch(/^Operation not run: the note has no ai-plan block for plan p1/);
    expect(await h.port.exists('Inbox/Meeting.md')).toBe(true);
  });

  it('refuses a block that names another plan than the note, as one planted by model text would', async () => {
    const files = planVault();
    const planted = '```ai-op\n{"id":"x-1","job":"x","type":"move","source":"Notes/index.md","destination":"Inbox/index.md","risk":"low"}\n```\n';
    const h = createHarness({ ...files, [PLAN_NOTE]: `${files[PLAN_NOTE] ?? ''}\n${planted}` });
    const el = await h.render('ai-op', PLAN_NOTE, '"x-1"');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toMatch(/names plan x, but the note is plan p1/);
    expect(await h.port.exists('Notes/index.md')).toBe(true);
  });

  it('shows a done or failed operation with no buttons, and a damaged one as damaged', async () => {
    const files = planVault();
    const text = (files[PLAN_NOTE] ?? '')
      .replace('"risk":"low"}', '"risk":"low","state":"failed","error":"folder exists"}')
      .replace('"rule":"dated names","risk":"medium"}', '"rule":"dated names","risk":"medium"');
    const h = createHarness({ ...files, [PLAN_NOTE]: text });
    const failed = await h.render('ai-op', PLAN_NOTE, '"p1-1"');
    expect(failed.querySelector('.reeve-op-state')?.textContent).toBe('Failed');
    expect(failed.textContent).toContain('Error: folder exists');
    expect(failed.querySelectorAll('button')).toHaveLength(0);
    const damaged = await h.render('ai-op', PLAN_NOTE, '"p1-3"');
    expect(damaged.classList.contains('is-damaged')).toBe(true);
    expect(damaged.textContent).toMatch(/This block cannot be read: the JSON is damaged/);
  });
});
