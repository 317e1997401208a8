// The chat's edits card follows the notes, in Chromium: an edit accepted and another rejected in
// their notes (with the widgets' own code path) show as such and the card's buttons go; an undo
// makes the edit pending again; a renamed note is followed (its link opens the new path, and Accept
// all takes its block there, the ledger following the rename); and every edit Accept all / Reject
// all could not decide (a damaged block) says so in the card, on its own line, with its reason, by
// mouse and by keyboard. Screenshots of a failure at 360 px, light and dark.
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const BUDGET = 'Projects/Budget.md';
const INSTALLERS = 'Projects/Installers.md';

async function runWithTwoEdits(theme: 'light' | 'dark' = 'light'): Promise<{ budget: string; installers: string }> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 360, height: 700 });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true }, theme }] as const);
  const edits = [
    { file: BUDGET, position: 'end', content: 'Total: 9,500 EUR' },
    { file: INSTALLERS, position: 'end', content: '- Helio: quoted 9200' },
  ];
  chat.llm.script(reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'Two edits.', edits } }] }));
  await chat.s.page.getByRole('textbox', { name: 'Message' }).focus();
  await chat.s.page.keyboard.type('Add the totals');
  await chat.s.page.keyboard.press('Enter');
  await chat.s.page.evaluate(() => window.reeve.chatIdle());
  const id = async (p: string): Promise<string> => /"id":"([^"]+)"/.exec(await chat.s.page.evaluate((x) => window.reeve.chatRead(x), p))?.[1] ?? '';
  return { budget: await id(BUDGET), installers: await id(INSTALLERS) };
}

const row = (file: string) => chat.s.page.locator('.reeve-chat-edits li').filter({ has: chat.s.page.getByRole('link', { name: `Open ${file} at the proposed edit` }) });
const meta = (file: string) => row(file).locator('.reeve-chat-edit-meta').innerText();
const acceptAll = () => chat.s.page.getByRole('button', { name: 'Accept all edits of this message' });
const saved = () => chat.s.page.evaluate(() => window.reeve.chatSaved());

describe('the edits card follows the notes', () => {
  it('decisions in the notes, an undo and a rename show in the card; the link follows the rename; Enter on Accept all takes the renamed one', async () => {
    const ids = await runWithTwoEdits();
    expect(ids.budget).not.toBe('');
    expect(await meta(BUDGET)).toBe(' add · pending');

    expect(await chat.s.page.evaluate(([f, i]) => window.reeve.chatDecideInNote(f, i, 'accept'), [BUDGET, ids.budget] as const)).toBe('done');
    expect(await chat.s.page.evaluate(([f, i]) => window.reeve.chatDecideInNote(f, i, 'reject'), [INSTALLERS, ids.installers] as const)).toBe('done');
    await row(BUDGET).and(chat.s.page.locator('.is-accepted')).waitFor();
    await row(INSTALLERS).and(chat.s.page.locator('.is-rejected')).waitFor();
    expect(await meta(INSTALLERS)).toBe(' add · rejected');
    expect(await acceptAll().count()).toBe(0);

    // Undo the rejection: the block is back in its note, so the edit is pending again.
    await chat.s.page.evaluate(() => window.reeve.chatUndo());
    await row(INSTALLERS).and(chat.s.page.locator('.is-proposed')).waitFor();
    await acceptAll().waitFor();

    await chat.s.page.evaluate(() => window.reeve.chatRename('Projects/Installers.md', 'People/Installers.md'));
    await row('People/Installers.md').waitFor();
    await chat.s.page.evaluate(() => window.reeve.chatFollowed());
    expect((await saved()).at(-1)?.edits).toEqual([`${BUDGET}:accepted`, 'People/Installers.md:proposed']);
    await chat.s.page.getByRole('link', { name: 'Open People/Installers.md at the proposed edit' }).click();
    await chat.s.page.waitForFunction(() => window.reeve.chatMainLeaf().file === 'People/Installers.md');

    // The proposal ledger follows the rename (issue 23), so Enter on Accept all takes the block at
    // its new path, and the card says so.
    await acceptAll().focus();
    await chat.s.page.keyboard.press('Enter');
    await row('People/Installers.md').and(chat.s.page.locator('.is-accepted')).waitFor();
    expect(await row('People/Installers.md').locator('.reeve-chat-edit-failure').count()).toBe(0);
    expect(await chat.s.page.evaluate(() => window.reeve.chatRead('People/Installers.md'))).not.toContain('```ai-edit');
    expect(chat.s.pageErrors).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: an edit Accept all (a click) or Reject all (Enter) cannot decide says so in the card, with its reason`, async () => {
      const ids = await runWithTwoEdits(theme);
      // The Installers block's JSON is cut short by hand: it is damaged, so no decision can take it.
      const text = await chat.s.page.evaluate((p) => window.reeve.chatRead(p), INSTALLERS);
      const cut = text.replace(/(\{"id":"[^\n]*)"\}\n```/, '$1\n```');
      expect(cut).not.toBe(text);
      await chat.s.page.evaluate(([p, t]) => window.reeve.chatWrite(p, t), [INSTALLERS, cut] as const);
      await chat.s.page.evaluate(() => window.reeve.chatFollowed());

      await acceptAll().click();
      await row(BUDGET).and(chat.s.page.locator('.is-accepted')).waitFor();
      const failure = row(INSTALLERS).locator('.reeve-chat-edit-failure');
      await failure.waitFor();
      expect(await failure.innerText()).toMatch(/^Not accepted: \S/);
      expect(await chat.s.page.getByRole('alert').innerText()).toBe('1 edit could not be accepted; the reason is under it.');
      const box = await chat.s.page.locator('.reeve-chat-edits').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      await chat.s.page.locator('.reeve-chat-edits').scrollIntoViewIfNeeded();
      await chat.s.page.locator('#chat').screenshot({ path: path.join(os.tmpdir(), `reeve-chat-edit-failure-${theme}.png`) });

      await chat.s.page.getByRole('button', { name: 'Reject all edits of this message' }).focus();
      await chat.s.page.keyboard.press('Enter');
      await row(INSTALLERS).locator('.reeve-chat-edit-failure', { hasText: /^Not rejected: \S/ }).waitFor();
      expect(ids.installers).not.toBe('');
      expect(await chat.s.page.evaluate((p) => window.reeve.chatRead(p), INSTALLERS)).toBe(cut);
      expect(chat.s.pageErrors).toEqual([]);
    });
  }
});
