// Long content stays inside a 360 px pane, in Chromium: an answer with a long code line, a long
// address, a long word and a wide table, under a request with a long address, leaves nothing
// past the pane's edge (the message list does not scroll sideways); the code block and the table
// scroll sideways themselves, by the mouse wheel and by the keyboard, in light and dark themes.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();

const URL_ = `https://example.org/solar/quotes/${'south-roof-'.repeat(12)}final.pdf`;
const ANSWER = [
  'The quote is in the supplier\'s page:',
  URL_,
  `A word that never breaks: ${'Photovoltaikanlagen'.repeat(6)}.`,
  ['```python', `total = panels_cost + inverter_cost + scaffolding_cost + permit_cost + ${'installation_cost + '.repeat(8)}0`, '```'].join('\n'),
  ['| item | panels | inverter | scaffolding | permit | installation | total with tax |', '| --- | --- | --- | --- | --- | --- | --- |', '| cost in EUR | 8,000 | 1,500 | 400 | 0 | 2,000 | 11,900 (19% included) |'].join('\n'),
].join('\n\n');

async function ask(theme: 'light' | 'dark'): Promise<void> {
  await chat.s.page.setViewportSize({ width: 360, height: 700 });
  chat.s.pageErrors.length = 0;
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true }, theme }] as const);
  chat.llm.script(reply.text(ANSWER));
  await chat.s.page.getByRole('textbox', { name: 'Message' }).fill(`Is ${URL_} the right quote?`);
  await chat.s.page.keyboard.press('Enter');
  await chat.s.page.evaluate(() => window.reeve.chatIdle());
}

/** What sticks out: the list's and the pane's sideways overflow, and any element of the chat past the pane's right edge that no scroller clips. */
function overflow(): Promise<{ list: number; pane: number; past: string[] }> {
  return chat.s.page.evaluate(() => {
    const pane = document.querySelector('#chat')!;
    const list = document.querySelector('.reeve-chat-messages')!;
    const right = pane.getBoundingClientRect().right;
    const past = [...pane.querySelectorAll('*')]
      .filter((el) => !el.closest('pre, table') && el.getBoundingClientRect().right > right + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { list: list.scrollWidth - list.clientWidth, pane: pane.scrollWidth - pane.clientWidth, past };
  });
}

describe('long content in a 360 px pane', () => {
  for (const [theme, by] of [['light', 'mouse'], ['dark', 'keyboard']] as const) {
    it(`${theme}: nothing goes past the edge; code and tables scroll sideways (${by})`, async () => {
      await ask(theme);
      expect(await chat.s.page.locator('.reeve-chat-answer pre').count()).toBe(1);
      expect(await overflow()).toEqual({ list: 0, pane: 0, past: [] });
      for (const sel of ['.reeve-chat-answer pre', '.reeve-chat-answer table']) {
        const box = chat.s.page.locator(sel);
        await box.scrollIntoViewIfNeeded();
        expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth && el.getBoundingClientRect().right <= document.querySelector('#chat')!.getBoundingClientRect().right)).toBe(true);
        if (by === 'mouse') {
          await box.hover();
          await chat.s.page.mouse.wheel(200, 0);
        } else {
          // Chromium makes a scroller without focusable content focusable from the keyboard.
          await box.focus();
          await chat.s.page.keyboard.press('ArrowRight');
          await chat.s.page.keyboard.press('End');
        }
        await chat.s.page.waitForFunction((s) => (document.querySelector(s)?.scrollLeft ?? 0) > 0, sel);
      }
      expect(chat.s.pageErrors).toEqual([]);
    });
  }
});
