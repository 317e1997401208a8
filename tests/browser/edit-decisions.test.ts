// Accept and Reject on an ai-edit widget, clicked with the mouse in Chromium: the note read back
// from the in-page vault is exactly the accepted (or original) text, block and tag line gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { message, settled, startSession, type Session } from './session';

const block = editBlockText({ id: 'e1', type: 'replace', before: 'old line\nkept line', after: 'new line\nkept line\nadded line' }, '\n');
const note = `# Title\nintro\n${block}\ntail\n`;

let s: Session;
beforeAll(async () => {
  s = await startSession();
});
afterAll(async () => {
  await s?.close();
});

describe('ai-edit decisions in the browser', () => {
  it('Accept writes `after` in place of the block and its #ai_edit tag line', async () => {
    await s.open({ 'n.md': note }, 'n.md');
    const widget = s.page.locator('.reeve-edit');
    await widget.getByRole('button', { name: /^Accept this edit/ }).click();
    await settled(widget);
    expect(await s.read('n.md')).toBe('# Title\nintro\nnew line\nkept line\nadded line\ntail\n');
    expect(await message(widget)).toBe('Edit accepted: the new text is in the note');
    expect(await widget.getByRole('button', { name: /^Reject this edit/ }).isDisabled()).toBe(true);
    expect(s.pageErrors).toEqual([]);
  });

  it('Reject writes `before` back', async () => {
    await s.open({ 'n.md': note }, 'n.md');
    const widget = s.page.locator('.reeve-edit');
    await widget.getByRole('button', { name: /^Reject this edit/ }).click();
    await settled(widget);
    expect(await s.read('n.md')).toBe('# Title\nintro\nold line\nkept line\ntail\n');
    expect(await message(widget)).toBe('Edit rejected: the original text is back');
    expect(s.pageErrors).toEqual([]);
  });

  it('after a decision the re-rendered note has no widget left', async () => {
    await s.open({ 'n.md': note }, 'n.md');
    await s.page.locator('.reeve-edit').getByRole('button', { name: /^Accept this edit/ }).click();
    await settled(s.page.locator('.reeve-edit'));
    await s.page.evaluate(() => window.reeve.rerender());
    expect(await s.page.locator('.reeve-pending').count()).toBe(0);
    expect(await s.page.locator('#note p').allInnerTexts()).toEqual(['# Title', 'intro', 'new line', 'kept line', 'added line', 'tail']);
  });
});
