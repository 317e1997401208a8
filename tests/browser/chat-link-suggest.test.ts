// `[[` in the chat's message box, in Chromium: the note list opens in the box itself, with Scout on
// and off; picking a note by keyboard (arrows, Enter) or mouse (a click) writes the link into the
// message, keeps the caret there and adds the note to the context as a pill; Escape closes the
// list and keeps the text; and a note named this way is read by the Task even when Scout did not
// pick it. Screenshots of the open list at 360 px, light and dark, and of the pill it adds, go to the temp folder.
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();

async function open(agents: { scout: boolean; web: boolean; task: boolean }, theme: 'light' | 'dark' = 'light'): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 360, height: 700 });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents, theme }] as const);
}

const message = () => chat.s.page.getByRole('textbox', { name: 'Message' });
const list = () => chat.s.page.getByRole('listbox', { name: 'Notes to link' });
const value = () => message().inputValue();
const focusedLabel = () => chat.s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('[[ in the message box', () => {
  it('with Scout on, by keyboard: the list opens in the box, Enter writes the link, and the Task reads the note', async () => {
    await open({ scout: true, web: false, task: true });
    // Scout picks only the project note; the note the user named must be read all the same.
    chat.llm.script(
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md'], reasoning: 'the project', confidence: 'done' }),
      reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'Anna is at SunCo.', edits: [] } }] }),
    );
    await message().focus();
    await chat.s.page.keyboard.type('Who is at [[cont');
    await list().waitFor();
    expect(await focusedLabel()).toBe('Message');
    expect(await list().getByRole('option').first().innerText()).toContain('People/Contacts.md');
    await chat.s.page.keyboard.press('ArrowDown');
    await chat.s.page.keyboard.press('ArrowUp');
    expect(await list().getByRole('option', { selected: true }).innerText()).toContain('People/Contacts.md');
    await chat.s.page.keyboard.press('Enter');
    expect(await value()).toBe('Who is at [[Contacts]]');
    expect(await list().isVisible()).toBe(false);
    const pill = chat.s.page.locator('.reeve-chat-pill.is-manual[data-path="People/Contacts.md"]');
    await pill.waitFor();
    expect(await chat.s.page.locator('.reeve-chat-depth').isVisible()).toBe(false);

    await chat.s.page.keyboard.type('?');
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    expect(await chat.s.page.locator('.reeve-chat-request').innerText()).toBe('Who is at [[Contacts]]?');
    const task = chat.llm.chatRequests().at(-1);
    expect(JSON.stringify(task?.body)).toContain('Anna at SunCo, 0123.');
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('with Scout off, by mouse: a click on a note writes the link and keeps the caret in the message', async () => {
    await open({ scout: false, web: false, task: true });
    await message().click();
    await chat.s.page.keyboard.type('compare with [[bud');
    await list().getByRole('option', { name: /Projects\/Budget\.md/ }).click();
    expect(await value()).toBe('compare with [[Budget]]');
    expect(await focusedLabel()).toBe('Message');
    await chat.s.page.locator('.reeve-chat-pill.is-manual[data-path="Projects/Budget.md"]').waitFor();
    // The caret is after the link: typing goes on from there.
    await chat.s.page.keyboard.type(' and');
    expect(await value()).toBe('compare with [[Budget]] and');
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('Escape closes the list and keeps what was typed; a note that matches nothing says so', async () => {
    await open({ scout: false, web: false, task: true });
    await message().focus();
    await chat.s.page.keyboard.type('see [[zzzq');
    await list().waitFor();
    expect(await list().innerText()).toBe('No note matches');
    await chat.s.page.keyboard.press('Escape');
    expect(await list().isVisible()).toBe(false);
    expect(await value()).toBe('see [[zzzq');
    expect(await chat.s.page.locator('.reeve-chat-pill.is-manual').count()).toBe(0);
    expect(chat.s.pageErrors).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: the open list stays inside a 360 px pane`, async () => {
      await open({ scout: true, web: false, task: true }, theme);
      await message().focus();
      await chat.s.page.keyboard.type('[[');
      await list().waitFor();
      const box = await list().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360 && box.y >= 0).toBe(true);
      await chat.s.page.locator('#chat').screenshot({ path: path.join(os.tmpdir(), `reeve-chat-link-suggest-${theme}.png`) });
      await chat.s.page.keyboard.press('Enter');
      const pill = chat.s.page.locator('.reeve-chat-pill.is-manual');
      await pill.waitFor();
      const pb = await pill.boundingBox();
      expect(pb && pb.x >= 0 && pb.x + pb.width <= 360).toBe(true);
      await chat.s.page.locator('#chat').screenshot({ path: path.join(os.tmpdir(), `reeve-chat-link-pill-${theme}.png`) });
      expect(chat.s.pageErrors).toEqual([]);
    });
  }
});
