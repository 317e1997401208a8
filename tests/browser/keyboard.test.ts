// Keyboard use: the widgets' actions are real <button>s, reached with Tab in reading order,
// activated with Enter or Space, and shown with a focus ring when reached by keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { PLAN_NOTE, planVault } from '../views/plan-fixture';
import { settled, startSession, type Session } from './session';

const note = `text\n${editBlockText({ id: 'e1', type: 'replace', before: 'old', after: 'new' }, '\n')}\nend\n`;

let s: Session;
beforeAll(async () => {
  s = await startSession();
});
afterAll(async () => {
  await s?.close();
});

/** What has focus: tag, text and whether it shows a focus ring. */
function focused(): Promise<{ tag: string; text: string; type: string; ring: string }> {
  return s.page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return { tag: el.tagName, text: el.textContent ?? '', type: el.getAttribute('type') ?? '', ring: getComputedStyle(el).boxShadow };
  });
}

describe('keyboard', () => {
  it('Tab reaches Accept then Reject, with a focus ring; Enter accepts', async () => {
    await s.open({ 'n.md': note }, 'n.md');
    await s.page.keyboard.press('Tab');
    const accept = await focused();
    expect(accept).toMatchObject({ tag: 'BUTTON', text: 'Accept', type: 'button' });
    // styles.css's :focus-visible ring, in the theme's --background-modifier-border-focus (#bdbdbd).
    expect(accept.ring).toContain('rgb(189, 189, 189) 0px 0px 0px 2px');
    await s.page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'BUTTON', text: 'Reject' });
    await s.page.keyboard.press('Shift+Tab');
    expect((await focused()).text).toBe('Accept');
    await s.page.keyboard.press('Enter');
    await settled(s.page.locator('.reeve-edit'));
    expect(await s.read('n.md')).toBe('text\nnew\nend\n');
  });

  it('Space on Reject rejects', async () => {
    await s.open({ 'n.md': note }, 'n.md');
    await s.page.keyboard.press('Tab');
    await s.page.keyboard.press('Tab');
    expect((await focused()).text).toBe('Reject');
    await s.page.keyboard.press('Space');
    await settled(s.page.locator('.reeve-edit'));
    expect(await s.read('n.md')).toBe('text\nold\nend\n');
  });

  it('in a plan note, Tab goes through Accept all, Reject all, then each operation in order', async () => {
    await s.open(planVault(), PLAN_NOTE);
    // Accept all / Reject all are enabled once the plan has been counted.
    await s.page.locator('.reeve-plan-summary').filter({ hasText: '3 operations: 3 pending.' }).waitFor();
    const order: string[] = [];
    for (let i = 0; i < 8; i++) {
      await s.page.keyboard.press('Tab');
      order.push((await focused()).text);
    }
    expect(order).toEqual(['Accept all', 'Reject all', 'Accept', 'Reject', 'Accept', 'Reject', 'Accept', 'Reject']);
    // Focus is on the last operation's Reject (the plan lists the move last), and Space rejects it.
    const move = s.page.locator('.reeve-op').filter({ hasText: 'Inbox/a.pdf' });
    expect(await move.locator('button:focus').getAttribute('aria-label')).toBe('Reject this operation: move Inbox/a.pdf');
    await s.page.keyboard.press('Space');
    await settled(move);
    expect(await move.locator('.reeve-op-state').innerText()).toBe('Rejected');
  });
});
