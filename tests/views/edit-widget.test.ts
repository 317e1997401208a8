// @vitest-environment happy-dom
// The ai-edit widget on a real note in the faithful test-runtime vault: the inert diff, accept and
// reject writing the note, refusals (stale block, scope) that write nothing, damaged blocks.
import '../obsidian/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import { shownNotices } from '../obsidian/notices';
import { button, clickAndWait, createHarness, message, SECTION_INFO, setSectionInfoKnown } from './widget-harness';

const block = editBlockText({ id: 'e1', type: 'replace', before: 'old line\nkept line', after: 'new line\nkept line\n![img](http://127.0.0.1:9/pixel.png) <img src="http://127.0.0.1:9/x.png">' }, '\n');
const note = `# Title\nintro\n${block}\ntail\n`;

afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

describe.each(SECTION_INFO)('ai-edit widget, %s', (_when, known) => {
  beforeEach(() => setSectionInfoKnown(known));
  afterEach(() => setSectionInfoKnown(true));

  it('shows the proposal as an inert line and word diff', async () => {
    const h = createHarness({ 'n.md': note });
    const el = await h.render('ai-edit', 'n.md');
    const removed = [...el.querySelectorAll('.reeve-diff-line.is-removed')].map((l) => l.querySelector('.reeve-diff-text')?.textContent);
    const added = [...el.querySelectorAll('.reeve-diff-line.is-added')].map((l) => l.querySelector('.reeve-diff-text')?.textContent);
    expect(removed).toEqual(['old line']);
    expect(added).toEqual(['new line', '![img](http://127.0.0.1:9/pixel.png) <img src="http://127.0.0.1:9/x.png">']);
    expect([...el.querySelectorAll('.reeve-diff-line.is-same')].map((l) => l.textContent)).toEqual([' kept line']);
    expect(el.querySelector('del.reeve-diff-word')?.textContent).toBe('old');
    expect(el.querySelector('ins.reeve-diff-word')?.textContent).toBe('new');
    expect(el.querySelectorAll('img, a, strong, iframe, script')).toHaveLength(0);
    expect(button(el, 'Accept').getAttribute('aria-label')).toMatch(/^Accept this edit/);
    expect(button(el, 'Reject').type).toBe('button');
  });

  it('falls back to a plain before and after when the texts are too different to compare', async () => {
    const before = Array.from({ length: 1500 }, (_, i) => `a${i}`).join('\n');
    const after = Array.from({ length: 1500 }, (_, i) => `b${i}`).join('\n');
    const h = createHarness({ 'n.md': editBlockText({ id: 'big', type: 'replace', before, after }, '\n') + '\n' });
    const el = await h.render('ai-edit', 'n.md');
    const plain = el.querySelectorAll('pre.reeve-diff-plain');
    expect([...plain].map((p) => p.textContent)).toEqual([before, after]);
    expect(el.querySelector('.reeve-diff-note')?.textContent).toMatch(/^Shown as before and after: the texts differ too much/);
  });

  it('accept writes the new text in place of the block and its tag line, through the journal', async () => {
    const h = createHarness({ 'n.md': note });
    const el = await h.render('ai-edit', 'n.md');
    await clickAndWait(el, 'Accept');
    const accepted = '# Title\nintro\nnew line\nkept line\n![img](http://127.0.0.1:9/pixel.png) <img src="http://127.0.0.1:9/x.png">\ntail\n';
    expect(await h.port.read('n.md')).toBe(accepted);
    expect(message(el)).toBe('Edit accepted: the new text is in the note');
    expect(shownNotices).toContain('Reeve: edit accepted: the new text is in the note');
    expect(button(el, 'Accept').disabled && button(el, 'Reject').disabled).toBe(true);
    await undoJob(h.port);
    expect(await h.port.read('n.md')).toBe(note);
  });

  it('reject writes the original text back', async () => {
    const h = createHarness({ 'n.md': note });
    const el = await h.render('ai-edit', 'n.md');
    await clickAndWait(el, 'Reject');
    expect(await h.port.read('n.md')).toBe('# Title\nintro\nold line\nkept line\ntail\n');
    expect(message(el)).toBe('Edit rejected: the original text is back');
  });

  it('refuses a block that changed after it was shown, and writes nothing', async () => {
    const h = createHarness({ 'n.md': note });
    const el = await h.render('ai-edit', 'n.md');
    const edited = note.replace('"after":"new line', '"after":"other line');
    await h.port.process('n.md', () => edited);
    await clickAndWait(el, 'Accept');
    expect(await h.port.read('n.md')).toBe(edited);
    expect(message(el)).toBe('Edit not accepted: the block changed since it was shown; look at it again');
    expect(el.querySelector('.reeve-pending-message')?.classList.contains('is-error')).toBe(true);
    expect(shownNotices).toContain('Reeve: edit not accepted: the block changed since it was shown; look at it again');
    expect(button(el, 'Accept').disabled).toBe(false);
  });

  it('refuses a block that is no longer in the note', async () => {
    const h = createHarness({ 'n.md': note });
    const el = await h.render('ai-edit', 'n.md');
    await h.port.process('n.md', () => 'rewritten by hand\n');
    await clickAndWait(el, 'Reject');
    expect(await h.port.read('n.md')).toBe('rewritten by hand\n');
    expect(message(el)).toBe('Edit not rejected: the block is no longer in the note');
  });

  it('checks the scope again at accept time', async () => {
    const h = createHarness({ 'n.md': note, 'other.md': '' }, { editPolicy: (port) => buildScopePolicy({ configDir: port.configDir, scope: 'current', capabilities: EDIT_CAPABILITIES, currentNote: 'other.md' }) });
    const el = await h.render('ai-edit', 'n.md');
    await clickAndWait(el, 'Accept');
    expect(await h.port.read('n.md')).toBe(note);
    expect(message(el)).toMatch(/^Edit not accepted: .*n\.md.*only the current note \(other\.md\)/);
  });

  it('shows a damaged block as damaged and restores its original text', async () => {
    const damaged = '```ai-edit\n{"id":"e2","type":"replace","before":"keep me\\nand me","after":"x"\n```\n#ai_edit';
    const h = createHarness({ 'n.md': `top\n${damaged}\nbottom` });
    const el = await h.render('ai-edit', 'n.md');
    expect(el.classList.contains('is-damaged')).toBe(true);
    expect(el.querySelector('.reeve-pending-reason')?.textContent).toMatch(/^This block cannot be read: the JSON is damaged/);
    expect(el.querySelector('pre')?.textContent).toBe('keep me\nand me');
    expect(el.querySelectorAll('button')).toHaveLength(1);
    await clickAndWait(el, 'Restore original text');
    expect(await h.port.read('n.md')).toBe('top\nkeep me\nand me\nbottom');
  });

  it('restores the damaged block it was rendered from when identical ones exist, or refuses without its line', async () => {
    const damaged = '```ai-edit\n{"id":"e3","type":"replace","before":"same","after":\n```\n#ai_edit';
    const note = `${damaged}\nmiddle\n${damaged}\n`;
    const h = createHarness({ 'n.md': note });
    const el = await h.render('ai-edit', 'n.md', 1);
    await clickAndWait(el, 'Restore original text');
    if (known) {
      expect(await h.port.read('n.md')).toBe(`${damaged}\nmiddle\nsame\n`);
    } else {
      // Which of two identical blocks was clicked is unknowable without the line: nothing is guessed.
      expect(message(el)).toBe('Nothing restored: 2 identical damaged blocks are in the note; fix them by hand');
      expect(await h.port.read('n.md')).toBe(note);
    }
  });

  it('offers no restore when the original text cannot be recovered', async () => {
    const h = createHarness({ 'n.md': '```ai-edit\n{"id":"e4","type":"replace","after":"x"}\n```\n#ai_edit\n' });
    const el = await h.render('ai-edit', 'n.md');
    expect(el.querySelectorAll('button')).toHaveLength(0);
    expect(el.textContent).toContain('"before" is missing or not text');
    expect(el.textContent).toContain('Its original text cannot be recovered: fix or remove the block by hand.');
  });
});
