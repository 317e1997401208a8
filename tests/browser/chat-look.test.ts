// The chat view as a user sees and drives it in Chromium. Keyboard only: Tab reaches the message
// box, Enter sends, Tab reaches Accept all and Enter accepts (the note changes). Screenshots of a
// finished Scout → Task run, light and dark, at sidebar and mobile widths, written to docs/images
// for the README when REEVE_SCREENSHOTS=1 (the layout is checked on every run).
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();

const ANSWER = 'The roof will cost **about 9,500 EUR**: the panels are 8,000 EUR and the inverter 1,500 EUR (see [[Projects/Budget]]). SunCo quoted 9,000, so ask Helio for a second quote.\n\nI added the total to the budget note.';

function scriptRun(): void {
  chat.llm.script(
    reply.turn({ reasoning: 'The user asks about cost; search the project notes.', toolCalls: [{ name: 'search_keyword', arguments: { query: 'solar roof cost' } }] }),
    reply.toolCall('get_links', { path: 'Projects/Solar.md', direction: 'out' }),
    reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md', 'Projects/Budget.md', 'Projects/Installers.md'], reasoning: 'The project, its budget and the installers’ quotes.', confidence: 'done' }),
    reply.turn({ text: ANSWER, toolCalls: [{ name: 'propose_edits', arguments: { summary: ANSWER, edits: [{ file: 'Projects/Budget.md', position: 'end', content: 'Total: 9,500 EUR' }] } }] }, { chunkDelayMs: 2 }),
  );
}

async function open(o: { theme?: 'light' | 'dark'; mobile?: boolean } = {}): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.evaluate(([files, opts]) => window.reeve.openChat(files, opts), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', ...o }] as const);
}

describe('the chat view, keyboard only', () => {
  it('Tab to the message, Enter to send, Tab to Accept all, Enter to accept', async () => {
    await chat.s.page.setViewportSize({ width: 420, height: 900 });
    await open();
    scriptRun();
    const page = chat.s.page;
    await page.locator('body').focus();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Message')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await page.keyboard.type('How much will the solar roof cost?');
    await page.keyboard.press('Enter');
    await page.evaluate(() => window.reeve.chatIdle());
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Shift+Tab');
      if (await page.evaluate(() => document.activeElement?.textContent === 'Accept all')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept all');
    await page.keyboard.press('Enter');
    await page.locator('.reeve-chat-edits li.is-accepted').waitFor();
    expect(await page.evaluate(() => window.reeve.chatRead('Projects/Budget.md'))).toContain('Total: 9,500 EUR');
    expect(chat.s.pageErrors).toEqual([]);
  });
});

describe('the chat view, as it looks', () => {
  const cases = [
    { name: 'sidebar-light', theme: 'light', width: 420, mobile: false },
    { name: 'sidebar-dark', theme: 'dark', width: 420, mobile: false },
    { name: 'mobile-light', theme: 'light', width: 390, mobile: true },
    { name: 'mobile-dark', theme: 'dark', width: 390, mobile: true },
  ] as const;
  for (const c of cases) {
    it(`${c.name}: a finished run lays out inside the pane`, async () => {
      await chat.s.page.setViewportSize({ width: c.width, height: c.mobile ? 844 : 1000 });
      await open({ theme: c.theme, mobile: c.mobile });
      scriptRun();
      await chat.s.page.getByRole('textbox', { name: 'Message' }).fill('How much will the solar roof cost?');
      await chat.s.page.keyboard.press('Enter');
      await chat.s.page.evaluate(() => window.reeve.chatIdle());
      // Open the folded Scout steps, as a user looking at what Scout did would.
      await chat.s.page.locator('[data-phase="scout"] .reeve-chat-steps > summary').click();
      const pane = chat.s.page.locator('#chat');
      const box = await pane.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(c.width);
      expect(await pane.evaluate((el) => el.querySelector('.reeve-chat-messages')!.scrollWidth <= el.clientWidth)).toBe(true);
      for (const b of await pane.locator('button:visible').all()) {
        const bb = await b.boundingBox();
        expect(bb && bb.x >= 0 && bb.x + bb.width <= c.width + 0.5).toBe(true);
      }
      if (process.env.REEVE_SCREENSHOTS === '1') await pane.screenshot({ path: path.join(import.meta.dirname, '..', '..', 'docs', 'images', `chat-${c.name}.png`) });
      expect(chat.s.pageErrors).toEqual([]);
    });
  }
});

describe('a new chat, as it looks', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: says how the chat works, inside the pane, in the theme's colours`, async () => {
      await chat.s.page.setViewportSize({ width: 420, height: 900 });
      await open({ theme });
      const welcome = chat.s.page.locator('.reeve-chat-welcome');
      await welcome.waitFor();
      const box = await welcome.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 420 && box.height > 40).toBe(true);
      expect(await welcome.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Muted text from Obsidian's variables, not the page's default black.
      const colours = await welcome.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(document.body).getPropertyValue('--text-muted').trim()]);
      expect(colours[1]).not.toBe('');
      await chat.s.page.locator('#chat').screenshot({ path: path.join(os.tmpdir(), `reeve-chat-new-${theme}.png`) });
      expect(chat.s.pageErrors).toEqual([]);
    });
  }
});
