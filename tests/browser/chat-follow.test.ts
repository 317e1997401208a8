// The end of a run in a 360×700 pane, in Chromium: a user who stayed at the bottom sees the edits
// card (Accept all in view) when the long answer and the card arrive together; a user who scrolled
// up to read during the answer stays where they are, and a "Jump to latest" button says there is
// more below; it takes them to the card by click or by Enter, and goes away. Screenshots at 360 px
// in light and dark go to the temp folder.
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();

const ANSWER = Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1}: the panels cost 8,000 EUR, the inverter 1,500 EUR, and the installer quoted 9,000 EUR for the south roof.`).join('\n\n');

async function ask(theme: 'light' | 'dark', chunkDelayMs: number): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 360, height: 700 });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true }, theme }] as const);
  const edits = [{ file: 'Projects/Budget.md', position: 'end', content: 'Total: 9,500 EUR' }];
  chat.llm.script(reply.turn({ text: ANSWER, toolCalls: [{ name: 'propose_edits', arguments: { summary: ANSWER, edits } }] }, { chunkDelayMs }));
  await chat.s.page.getByRole('textbox', { name: 'Message' }).focus();
  await chat.s.page.keyboard.type('What will the roof cost?');
  await chat.s.page.keyboard.press('Enter');
}

/** Whether `name`'s button is wholly inside the visible part of the message list. */
async function inView(name: string): Promise<boolean> {
  const list = await chat.s.page.locator('.reeve-chat-messages').boundingBox();
  const b = await chat.s.page.getByRole('button', { name }).boundingBox();
  return list !== null && b !== null && b.y >= list.y && b.y + b.height <= list.y + list.height;
}

const jump = () => chat.s.page.getByRole('button', { name: 'Jump to latest message' });

describe('the end of a run', () => {
  it('shows the edits card to a user who stayed at the bottom, with no jump button', async () => {
    await ask('light', 0);
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    expect(await inView('Accept all edits of this message')).toBe(true);
    expect(await jump().isVisible()).toBe(false);
    expect(chat.s.pageErrors).toEqual([]);
  });

  for (const [theme, by] of [['light', 'mouse'], ['dark', 'keyboard']] as const) {
    it(`${theme}: leaves a user who scrolled up where they read, and Jump to latest (${by}) takes them to the card`, async () => {
      await ask(theme, 15);
      const list = chat.s.page.locator('.reeve-chat-messages');
      await chat.s.page.locator('.reeve-chat-answer.is-streaming').waitFor({ timeout: 10_000 });
      await chat.s.page.waitForFunction(() => {
        const el = document.querySelector('.reeve-chat-messages');
        return el !== null && el.scrollHeight > el.clientHeight + 200;
      });
      const box = await list.boundingBox();
      await chat.s.page.mouse.move((box?.x ?? 0) + 50, (box?.y ?? 0) + 50);
      await chat.s.page.mouse.wheel(0, -5000);
      await chat.s.page.waitForFunction(() => document.querySelector('.reeve-chat-messages')?.scrollTop === 0);
      await chat.s.page.evaluate(() => window.reeve.chatIdle());
      expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
      expect(await inView('Accept all edits of this message')).toBe(false);
      await jump().waitFor();
      await chat.s.page.locator('#chat').screenshot({ path: path.join(os.tmpdir(), `reeve-chat-jump-${theme}.png`) });
      if (by === 'mouse') await jump().click();
      else {
        await jump().focus();
        await chat.s.page.keyboard.press('Enter');
      }
      await jump().waitFor({ state: 'hidden' });
      expect(await inView('Accept all edits of this message')).toBe(true);
      expect(chat.s.pageErrors).toEqual([]);
    });
  }
});
