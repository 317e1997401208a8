// History you can search (issue 27), in Chromium: two saved chats; the search box over History
// finds the chats holding every word (titles and messages), newest first, with the words found
// marked; a click, or Tab and Enter, opens the chat found.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();

async function twoChats(): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 420, height: 900 });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true } }] as const);
  const say = (t: string) => reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: t, edits: [] } }] });
  chat.llm.script(say('The solar roof costs about 9,500 EUR.'), say('Flour, water and salt; bake it under a hot roof of foil.'));
  for (const q of ['How much is the solar roof?', 'What goes into bread?']) {
    await chat.s.page.getByRole('textbox', { name: 'Message' }).fill(q);
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    await chat.s.page.waitForTimeout(5); // the second chat is saved later: it is the newer one
    await chat.s.page.getByRole('button', { name: 'New chat' }).click();
  }
  await chat.s.page.getByRole('button', { name: 'History' }).click();
}

const search = () => chat.s.page.getByRole('searchbox', { name: 'Search saved chats' });
const found = () => chat.s.page.getByRole('list', { name: 'Chats found' });

describe('history search', () => {
  it('mouse: every word must be found, newest first, the words marked; a click opens the chat', async () => {
    await twoChats();
    await search().click();
    await chat.s.page.keyboard.type('roof');
    await found().waitFor();
    expect(await found().locator('.reeve-chat-history-open').allInnerTexts()).toEqual(['What goes into bread?', 'How much is the solar roof?']);
    expect(await found().locator('li').first().locator('.reeve-chat-history-snippet').allInnerTexts()).toEqual(['Answer: …water and salt; bake it under a hot roof of foil.']);
    expect(await found().locator('mark').allInnerTexts()).toEqual(['roof', 'roof', 'roof', 'roof']);
    await search().fill('SOLAR cost');
    await found().locator('li').nth(0).waitFor();
    await chat.s.page.waitForFunction(() => document.querySelectorAll('[aria-label="Chats found"] li').length === 1);
    expect(await found().locator('mark').allInnerTexts()).toEqual(['solar', 'solar', 'solar', 'costs']);
    await found().getByRole('button', { name: 'Open chat: How much is the solar roof?' }).click();
    await chat.s.page.locator('.reeve-chat-request', { hasText: 'How much is the solar roof?' }).waitFor();
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('keyboard: type in the search box, Tab to the chat found, Enter opens it; no match says so', async () => {
    await twoChats();
    await search().focus();
    await chat.s.page.keyboard.type('kitchen');
    await chat.s.page.getByText('No saved chat has all of: kitchen').waitFor();
    await chat.s.page.keyboard.press('Control+a');
    await chat.s.page.keyboard.type('flour');
    await found().waitFor();
    await chat.s.page.keyboard.press('Tab');
    expect(await chat.s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open chat: What goes into bread?');
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.locator('.reeve-chat-request', { hasText: 'What goes into bread?' }).waitFor();
    expect(chat.s.pageErrors).toEqual([]);
  });
});
