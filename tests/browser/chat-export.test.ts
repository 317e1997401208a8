// "Export to note" in Chromium, by mouse and by keyboard: after a message, the header's Export
// button writes the chat as a note in the chat folder (its fenced code without a language, so no
// plugin runs it) and opens it in the main area.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const NOTE = 'Reeve/Chats/What will the roof cost.md';

describe('Export to note', () => {
  for (const by of ['mouse', 'keyboard'] as const) {
    it(`writes the chat as a note and opens it (${by})`, async () => {
      await chat.s.page.setViewportSize({ width: 360, height: 700 });
      chat.s.pageErrors.length = 0;
      await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true } }] as const);
      const button = chat.s.page.getByRole('button', { name: 'Export to note' });
      expect(await button.isDisabled()).toBe(true);
      chat.llm.script(reply.text('About 9,500 EUR.\n\n```dataviewjs\ndv.paragraph("ran")\n```'));
      await chat.s.page.getByRole('textbox', { name: 'Message' }).fill('What will the roof cost?');
      await chat.s.page.keyboard.press('Enter');
      await chat.s.page.evaluate(() => window.reeve.chatIdle());
      if (by === 'mouse') await button.click();
      else {
        await button.focus();
        await chat.s.page.keyboard.press('Enter');
      }
      await chat.s.page.waitForFunction((n) => window.reeve.chatMainLeaf().file === n, NOTE);
      const text = await chat.s.page.evaluate((n) => window.reeve.chatRead(n), NOTE);
      expect(text).toContain('About 9,500 EUR.');
      expect(text).not.toContain('```dataviewjs');
      expect(chat.s.pageErrors).toEqual([]);
    });
  }
});
