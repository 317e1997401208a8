// @vitest-environment happy-dom
// The runtime's Markdown view and editor behave as Obsidian's docs and CodeMirror's say, on their
// own (no Reeve code): a transaction's changes refer to the document before it and map the
// selection, one transaction is one undo step, typing is saved 2 s later, and a change of the file
// underneath loads it again (what was not saved is gone, the cursor goes to the start).
import './dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, type MarkdownView } from 'obsidian-test-mocks/obsidian';
import { makeVaultFaithful } from './faithful-vault';
import { installFaithfulWorkspace } from './faithful-workspace';
import { AUTOSAVE_MS } from './markdown-view';

installFaithfulWorkspace();

async function opened(text: string): Promise<{ app: App; view: MarkdownView }> {
  const app = App.createConfigured__({ files: { 'n.md': text } });
  makeVaultFaithful(app);
  const leaf = app.workspace.getLeaf(false);
  await leaf.openFile(app.vault.getFileByPath('n.md')!);
  return { app, view: leaf.view as unknown as MarkdownView };
}

const disk = (app: App): Promise<string> => app.vault.read(app.vault.getFileByPath('n.md')!);

afterEach(() => vi.useRealTimers());

describe('the runtime editor', () => {
  it('applies all changes of a transaction to the start document and maps the cursor through them', async () => {
    const { view } = await opened('abc\ndef\n');
    const ed = view.editor;
    ed.setCursor({ line: 1, ch: 1 });
    ed.transaction({ changes: [{ from: { line: 0, ch: 0 }, text: 'X' }, { from: { line: 0, ch: 1 }, to: { line: 0, ch: 2 }, text: 'YY' }] });
    expect(ed.getValue()).toBe('XaYYc\ndef\n');
    expect(ed.getCursor()).toEqual({ line: 1, ch: 1 });
    ed.transaction({ changes: [{ from: { line: 1, ch: 1 }, text: '+' }] });
    expect(ed.getCursor()).toEqual({ line: 1, ch: 1 });
    ed.undo();
    expect(ed.getValue()).toBe('XaYYc\ndef\n');
    ed.undo();
    expect(ed.getValue()).toBe('abc\ndef\n');
  });

  it('moves the cursor to the end of what replaceSelection typed', async () => {
    const { view } = await opened('abc');
    view.editor.setSelection({ line: 0, ch: 1 }, { line: 0, ch: 2 });
    view.editor.replaceSelection('xyz');
    expect(view.editor.getValue()).toBe('axyzc');
    expect(view.editor.getCursor()).toEqual({ line: 0, ch: 4 });
  });
});

describe('the runtime editor\'s folds', () => {
  const text = '# A\na1\n## A2\na2\n# B\nb1\nb2\n';
  const folds = (view: MarkdownView): { from: number; to: number }[] => (view.editor as unknown as { foldedLines__(): { from: number; to: number }[] }).foldedLines__();

  it('folds a heading to the end of its section, and toggles back', async () => {
    const { view } = await opened(text);
    view.editor.setCursor({ line: 0, ch: 0 });
    view.editor.exec('toggleFold');
    expect(folds(view)).toEqual([{ from: 0, to: 3 }]);
    view.editor.exec('toggleFold');
    expect(folds(view)).toEqual([]);
    view.editor.exec('foldAll');
    expect(folds(view)).toEqual([{ from: 0, to: 3 }, { from: 2, to: 3 }, { from: 4, to: 6 }]);
  });

  it('maps folds through a transaction, drops one whose text is gone, and unfolds where a set selection lands', async () => {
    const { view } = await opened(text);
    view.editor.exec('foldAll');
    view.editor.transaction({ changes: [{ from: { line: 0, ch: 0 }, text: 'new line\n' }] });
    expect(folds(view)).toEqual([{ from: 1, to: 4 }, { from: 3, to: 4 }, { from: 5, to: 7 }]);
    view.editor.transaction({ changes: [{ from: { line: 3, ch: 4 }, to: { line: 4, ch: 2 }, text: '' }] });
    expect(folds(view)).toEqual([{ from: 1, to: 3 }, { from: 4, to: 6 }]);
    view.editor.setCursor({ line: 5, ch: 1 });
    expect(folds(view)).toEqual([{ from: 1, to: 3 }]);
  });

  it('loses every fold when the file changes underneath and the view loads it again', async () => {
    const { app, view } = await opened(text);
    view.editor.exec('foldAll');
    await app.vault.process(app.vault.getFileByPath('n.md')!, (t) => t + 'from outside\n');
    await vi.waitFor(() => expect(view.editor.getValue()).toBe(text + 'from outside\n'));
    expect(folds(view)).toEqual([]);
  });
});

describe('the runtime Markdown view', () => {
  it('saves typing 2 s after the last change', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app, view } = await opened('one\n');
    view.editor.setCursor({ line: 1, ch: 0 });
    view.editor.replaceSelection('two\n');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 1);
    expect(await disk(app)).toBe('one\n');
    await vi.advanceTimersByTimeAsync(1);
    expect(await disk(app)).toBe('one\ntwo\n');
  });

  it('loads the file again when it changes underneath, dropping what was not saved', async () => {
    const { app, view } = await opened('one\n');
    view.editor.setCursor({ line: 1, ch: 0 });
    view.editor.replaceSelection('unsaved');
    await app.vault.process(app.vault.getFileByPath('n.md')!, (t) => t + 'from outside\n');
    await vi.waitFor(() => expect(view.editor.getValue()).toBe('one\nfrom outside\n'));
    expect(view.editor.getCursor()).toEqual({ line: 0, ch: 0 });
  });

  it('does not load its own save again', async () => {
    const { app, view } = await opened('one\n');
    view.editor.setCursor({ line: 1, ch: 0 });
    view.editor.replaceSelection('two');
    await view.save();
    view.editor.replaceSelection('!');
    await new Promise((r) => setTimeout(r, 10));
    expect(view.editor.getValue()).toBe('one\ntwo!');
    expect(await disk(app)).toBe('one\ntwo');
  });
});
