// A damaged ai-edit block (its JSON cut short) shows as damaged, with the original text it stands
// in for, and "Restore original text" writes that text back in place of the block and tag line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, settled, startSession, type Session } from './session';

let s: Session;
beforeAll(async () => {
  s = await startSession();
});
afterAll(async () => {
  await s?.close();
});

describe('a damaged ai-edit block', () => {
  it('shows as damaged and restores `before`', async () => {
    const damaged = '```ai-edit\n{"id":"e2","type":"replace","before":"keep me\\nand me","after":"x"\n```\n#ai_edit';
    await s.open({ 'n.md': `top\n${damaged}\nbottom\n` }, 'n.md');
    const widget = s.page.locator('.reeve-edit');
    expect(await widget.getAttribute('class')).toContain('is-damaged');
    expect(await widget.locator('.reeve-pending-title').innerText()).toBe('Damaged edit block');
    expect(await widget.locator('.reeve-pending-reason').innerText()).toMatch(/^This block cannot be read: the JSON is damaged/);
    expect(await widget.locator('pre.reeve-diff-plain').innerText()).toBe('keep me\nand me');
    // No Accept on something that cannot be read: restoring is the only action.
    expect(await widget.getByRole('button').count()).toBe(1);
    await widget.getByRole('button', { name: /^Restore the original text/ }).click();
    await settled(widget);
    expect(await s.read('n.md')).toBe('top\nkeep me\nand me\nbottom\n');
    expect(await message(widget)).toBe('Original text restored and the damaged block removed');
    expect(s.pageErrors).toEqual([]);
  });

  it('of two identical damaged blocks, restores the one whose button was pressed', async () => {
    const damaged = '```ai-edit\n{"id":"e3","type":"replace","before":"same","after":\n```\n#ai_edit';
    await s.open({ 'n.md': `${damaged}\nmiddle\n${damaged}\n` }, 'n.md');
    const second = s.page.locator('.reeve-edit').nth(1);
    await second.getByRole('button', { name: /^Restore the original text/ }).click();
    await settled(second);
    expect(await s.read('n.md')).toBe(`${damaged}\nmiddle\nsame\n`);
  });

  it('says so when the original cannot be recovered, and offers nothing to click', async () => {
    await s.open({ 'n.md': 'top\n```ai-edit\n{"id":"e4","type":"replace","after":"x"}\n```\n#ai_edit\n' }, 'n.md');
    const widget = s.page.locator('.reeve-edit');
    expect(await widget.getAttribute('class')).toContain('is-damaged');
    expect(await widget.locator('.reeve-pending-detail').innerText()).toBe('Its original text cannot be recovered: fix or remove the block by hand.');
    expect(await widget.getByRole('button').count()).toBe(0);
  });
});
