// A look at the widgets as a user would see them: a plan note with an edit proposal below it,
// rendered in the light and dark themes and saved to the temp folder (not to the repository) for a
// person to inspect. The test checks only that the widgets lay out: visible, inside the note's
// column, buttons on screen, nothing overflowing its widget.
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { PLAN_NOTE, planVault } from '../views/plan-fixture';
import { startSession, type Session } from './session';

const edit = editBlockText({ id: 'e1', type: 'replace', before: 'Meeting moved to Tuesday.\nBring the slides.', after: 'Meeting moved to Thursday.\nBring the slides.\nSee ![chart](chart.png) and <img src="x.png">.' }, '\n');

let s: Session;
beforeAll(async () => {
  s = await startSession();
});
afterAll(async () => {
  await s?.close();
});

describe('screenshot', () => {
  for (const theme of ['theme-light', 'theme-dark']) {
    it(`${theme}: plan and edit widgets lay out inside the note`, async () => {
      const files = planVault();
      files[PLAN_NOTE] = `${files[PLAN_NOTE] ?? ''}\n## Proposed edit\n\n${edit}\n`;
      await s.open(files, PLAN_NOTE);
      await s.page.evaluate((t) => {
        document.body.className = t;
      }, theme);
      await s.page.locator('.reeve-plan-summary').filter({ hasText: '3 operations: 3 pending.' }).waitFor();
      const column = await s.page.locator('#note').boundingBox();
      if (!column) throw new Error('note not rendered');
      for (const widget of await s.page.locator('.reeve-pending').all()) {
        const box = await widget.boundingBox();
        expect(box && box.height > 20 && box.x >= column.x && box.x + box.width <= column.x + column.width + 0.5).toBe(true);
        // Nothing spills out of a widget sideways (long paths wrap).
        expect(await widget.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        for (const b of await widget.locator('button').all()) expect(((await b.boundingBox())?.height ?? 0) > 10).toBe(true);
      }
      const file = path.join(os.tmpdir(), `reeve-widgets-${theme}.png`);
      await s.page.screenshot({ path: file, fullPage: true });
    });
  }
});
