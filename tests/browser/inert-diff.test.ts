// The diff is inert text. An ai-edit proposing an image, raw HTML, a link and an iframe, all
// pointing at the test's own loopback server, makes no request there, and the widget holds no
// element that could load or navigate. A control image added outside the widget is seen by both
// counters, so a widget that did render Markdown or HTML would be caught.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { startSession, type Session } from './session';
import { PAGE_ASSETS } from './test-page';

let s: Session;
beforeAll(async () => {
  s = await startSession();
});
afterAll(async () => {
  await s?.close();
});

const outsideRequests = (): string[] => s.server.requests.filter((p) => !PAGE_ASSETS.includes(p));

describe('the ai-edit diff is inert', () => {
  it('loads nothing from the proposal and renders no img, a or iframe', async () => {
    const o = s.server.origin;
    const after = [
      `![x](${o}/pixel.png)`,
      `<img src="${o}/raw.png"> and <iframe src="${o}/frame.html"></iframe>`,
      `[a link](${o}/link.html) <a href="${o}/anchor.html">anchor</a>`,
      `<video poster="${o}/poster.png"></video><object data="${o}/object.png"></object>`,
    ].join('\n');
    const note = `before\n${editBlockText({ id: 'e1', type: 'replace', before: 'plain text', after }, '\n')}\nafter\n`;
    await s.open({ 'n.md': note }, 'n.md');
    const widget = s.page.locator('.reeve-edit');
    // Let anything that would load have its chance (no pending network, a few frames).
    await s.page.waitForLoadState('networkidle');
    await s.page.waitForTimeout(200);
    expect(outsideRequests()).toEqual([]);
    expect(s.pageRequests.filter((u) => u.startsWith(o) && !PAGE_ASSETS.includes(new URL(u).pathname))).toEqual([]);
    expect(await widget.locator('img, a, iframe, video, object, embed, picture, source, link, script').count()).toBe(0);
    // The proposal is shown, as the text it is.
    expect(await widget.locator('.reeve-diff-line.is-added .reeve-diff-text').allTextContents()).toEqual(after.split('\n'));
    // Nothing in the widget can be followed by keyboard either: its only focusable parts are buttons.
    const focusable = await widget.locator('a[href], [tabindex], iframe, input, textarea, select, button').evaluateAll((els) => els.map((e) => e.tagName));
    expect(focusable).toEqual(['BUTTON', 'BUTTON']);
    expect(s.pageErrors).toEqual([]);
  });

  it('the request counters do see an image that loads (control)', async () => {
    await s.open({ 'n.md': 'nothing pending\n' }, 'n.md');
    await s.page.evaluate((src) => {
      document.body.createEl('img', { attr: { src } });
    }, `${s.server.origin}/control.png`);
    await s.page.waitForLoadState('networkidle');
    await expect.poll(outsideRequests).toEqual(['/control.png']);
    expect(s.pageRequests).toContain(`${s.server.origin}/control.png`);
  });
});
