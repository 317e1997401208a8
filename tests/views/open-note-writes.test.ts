// @vitest-environment happy-dom
// Writes into a note the user is typing in: the note is open in a Markdown view whose editor holds
// text not saved yet (the test runtime saves it 2 s after the last change and loads the file again
// when it changes underneath, as Obsidian does). A proposal landing and an Accept go through the
// editor as one transaction: nothing typed is lost, the cursor stays where the user left it, and
// one undo takes the write back.
import '../obsidian/dom';
import type { MarkdownView } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTaskAnswer } from '../../src/edits/instructions/parse-answer';
import { resolveAnswer } from '../../src/edits/instructions/resolve-answer';
import { editBlockText } from '../../src/edits/pending/block-format';
import { proposeEdits } from '../../src/edits/pending/propose-edits';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import { shownNotices } from '../obsidian/notices';
import { clickAndWait, createHarness, message } from './widget-harness';

const everywhere = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: EDIT_CAPABILITIES });

afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

async function openInEditor(h: ReturnType<typeof createHarness>, path: string): Promise<MarkdownView> {
  const file = h.app.vault.getFileByPath(path);
  if (!file) throw new Error(`no ${path}`);
  const leaf = h.app.workspace.getLeaf(false);
  await leaf.openFile(file);
  return leaf.view as unknown as MarkdownView;
}

async function planFor(h: ReturnType<typeof createHarness>, edits: unknown[]) {
  const parsed = parseTaskAnswer({ summary: '', edits });
  if (!parsed.ok) throw new Error(parsed.error);
  return resolveAnswer(h.port, parsed.answer);
}

describe('writes into a note open in an editor', () => {
  it('a proposal lands in the editor beside unsaved typing, keeps the cursor and undoes in one step', async () => {
    const h = createHarness({ 'n.md': '# Title\nintro\ntail\n' });
    const { editor } = await openInEditor(h, 'n.md');
    editor.setCursor({ line: 1, ch: 5 });
    editor.replaceSelection(' typed');
    const plan = await planFor(h, [{ file: 'n.md', position: 'end', content: 'added by the model' }]);
    const report = await proposeEdits(h.port, plan, everywhere);
    expect(report.refused).toEqual([]);
    const withBlock = editor.getValue();
    expect(withBlock).toMatch(/^# Title\nintro typed\ntail\n```ai-edit\n.*"after":"added by the model".*\n```\n#ai_edit/);
    expect(editor.getCursor()).toEqual({ line: 1, ch: 11 });
    // The view saved the note with the block: the file has both, as does the adapter's answer.
    expect(await h.app.vault.read(h.app.vault.getFileByPath('n.md')!)).toBe(withBlock);
    editor.replaceSelection('!');
    expect(editor.getValue()).toBe(withBlock.replace('intro typed', 'intro typed!'));
    editor.undo();
    editor.undo();
    expect(editor.getValue()).toBe('# Title\nintro typed\ntail\n');
  });

  it('typing after the edits were read refuses the proposal and keeps the typing', async () => {
    const h = createHarness({ 'n.md': 'one\ntwo\n' });
    const view = await openInEditor(h, 'n.md');
    const plan = await planFor(h, [{ file: 'n.md', position: 'end', content: 'three' }]);
    view.editor.setCursor({ line: 2, ch: 0 });
    view.editor.replaceSelection('user typed\n');
    const report = await proposeEdits(h.port, plan, everywhere);
    expect(report.proposed).toEqual([]);
    expect(report.refused[0]?.message).toMatch(/the note changed/);
    expect(view.editor.getValue()).toBe('one\ntwo\nuser typed\n');
    await view.save();
    expect(await h.port.read('n.md')).toBe('one\ntwo\nuser typed\n');
  });

  it('Accept writes through the editor: unsaved typing elsewhere stays, the selection stays, one undo', async () => {
    const block = editBlockText({ id: 'e1', type: 'replace', before: 'old line', after: 'new line' }, '\n');
    const h = createHarness({ 'n.md': `# Title\nintro\n${block}\ntail\n` });
    const view = await openInEditor(h, 'n.md');
    const { editor } = view;
    editor.setCursor({ line: 1, ch: 5 });
    editor.replaceSelection(' typed');
    const last = editor.lastLine();
    editor.setSelection({ line: last - 1, ch: 0 }, { line: last - 1, ch: 4 });
    expect(editor.getSelection()).toBe('tail');
    const el = await h.render('ai-edit', 'n.md');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toBe('Edit accepted: the new text is in the note');
    expect(editor.getValue()).toBe('# Title\nintro typed\nnew line\ntail\n');
    expect(editor.getSelection()).toBe('tail');
    expect(await h.app.vault.read(h.app.vault.getFileByPath('n.md')!)).toBe('# Title\nintro typed\nnew line\ntail\n');
    editor.undo();
    expect(editor.getValue()).toBe(`# Title\nintro typed\n${block}\ntail\n`);
  });

  it('typing while Accept runs refuses it as stale and loses nothing; Accept again then writes', async () => {
    const block = editBlockText({ id: 'e1', type: 'add', before: '', after: 'added line' }, '\n');
    const h = createHarness({ 'n.md': `intro\n${block}\ntail\n` });
    const { editor } = await openInEditor(h, 'n.md');
    // The user types after Accept read the note and before it writes (the journal's own writes lie between).
    const process = h.port.process.bind(h.port);
    let typed = false;
    h.port.process = (p, fn) => {
      if (!typed && p === 'n.md') {
        typed = true;
        editor.setCursor({ line: 0, ch: 5 });
        editor.replaceSelection(' typed meanwhile');
      }
      return process(p, fn);
    };
    const el = await h.render('ai-edit', 'n.md');
    await clickAndWait(el, 'Accept');
    expect(typed).toBe(true);
    expect(message(el)).toMatch(/changed/);
    expect(editor.getValue()).toBe(`intro typed meanwhile\n${block}\ntail\n`);
    const again = await h.render('ai-edit', 'n.md');
    await clickAndWait(again, 'Accept');
    expect(editor.getValue()).toBe('intro typed meanwhile\nadded line\ntail\n');
    expect(editor.getCursor()).toEqual({ line: 0, ch: 21 });
    expect(await h.app.vault.read(h.app.vault.getFileByPath('n.md')!)).toBe('intro typed meanwhile\nadded line\ntail\n');
  });

  it('a proposal and its Accept in an open note keep the user\'s folds', async () => {
    const h = createHarness({ 'n.md': '# Intro\nfirst\n# Folded\nhidden one\nhidden two\n# Last\nend\n' });
    const { editor } = await openInEditor(h, 'n.md');
    const folds = (): { from: number; to: number }[] => (editor as unknown as { foldedLines__(): { from: number; to: number }[] }).foldedLines__();
    editor.setCursor({ line: 2, ch: 0 });
    editor.exec('toggleFold');
    editor.setCursor({ line: 6, ch: 0 });
    expect(folds()).toEqual([{ from: 2, to: 4 }]);
    const plan = await planFor(h, [{ file: 'n.md', position: 'end', content: 'added by the model' }]);
    const report = await proposeEdits(h.port, plan, everywhere);
    expect(report.proposed).toHaveLength(1);
    expect(folds()).toEqual([{ from: 2, to: 4 }]);
    const el = await h.render('ai-edit', 'n.md');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toBe('Edit accepted: the new text is in the note');
    expect(editor.getValue()).toBe('# Intro\nfirst\n# Folded\nhidden one\nhidden two\n# Last\nend\nadded by the model\n');
    expect(folds()).toEqual([{ from: 2, to: 4 }]);
  });
});
