// Undo turn in Chromium (issue 27): a message whose one edit was accepted in its note and whose
// other is still pending; one click takes both back (the accepted one through the journal, the
// pending one rejected), and both notes are as they were before the message. By keyboard, on a
// note the user edited after accepting: the undo is refused with the undo check's reason, shown
// under the message, and the note is left as it is.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const BUDGET = 'Projects/Budget.md';
const INSTALLERS = 'Projects/Installers.md';

async function runWithTwoEdits(): Promise<{ budget: string; installers: string }> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 420, height: 900 });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true } }] as const);
  const edits = [
    { file: BUDGET, position: 'end', content: 'Total: 9,500 EUR' },
    { file: INSTALLERS, position: 'end', content: '- Helio: quoted 9200' },
  ];
  chat.llm.script(reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'Two edits.', edits } }] }));
  await chat.s.page.getByRole('textbox', { name: 'Message' }).fill('Add the totals');
  await chat.s.page.keyboard.press('Enter');
  await chat.s.page.evaluate(() => window.reeve.chatIdle());
  const id = async (p: string): Promise<string> => /"id":"([^"]+)"/.exec(await chat.s.page.evaluate((x) => window.reeve.chatRead(x), p))?.[1] ?? '';
  return { budget: await id(BUDGET), installers: await id(INSTALLERS) };
}

const read = (p: string) => chat.s.page.evaluate((x) => window.reeve.chatRead(x), p);
const undo = () => chat.s.page.getByRole('group', { name: 'Message actions' }).getByRole('button', { name: 'Undo turn' });
const status = () => chat.s.page.locator('.reeve-chat-undo-result');

describe('undo turn', () => {
  it('mouse: takes back the accepted edit and rejects the pending one; the notes are as before the message', async () => {
    const ids = await runWithTwoEdits();
    expect(await chat.s.page.evaluate(([f, i]) => window.reeve.chatDecideInNote(f, i, 'accept'), [BUDGET, ids.budget] as const)).toBe('done');
    expect(await read(BUDGET)).toContain('Total: 9,500 EUR');
    await undo().click();
    await status().getByText('Took back 1 accepted edit and rejected 1 pending edit.').waitFor();
    expect(await read(BUDGET)).toBe(SOLAR_VAULT[BUDGET]);
    expect(await read(INSTALLERS)).toBe(SOLAR_VAULT[INSTALLERS]);
    await chat.s.page.evaluate(() => window.reeve.chatFollowed());
    expect((await chat.s.page.evaluate(() => window.reeve.chatSaved())).at(-1)?.edits).toEqual([`${BUDGET}:rejected`, `${INSTALLERS}:rejected`]);
    expect(await chat.s.page.locator('.reeve-chat-edits li.is-rejected').count()).toBe(2);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('keyboard: a note edited after accepting is refused with the reason and left as it is', async () => {
    const ids = await runWithTwoEdits();
    expect(await chat.s.page.evaluate(([f, i]) => window.reeve.chatDecideInNote(f, i, 'accept'), [BUDGET, ids.budget] as const)).toBe('done');
    const edited = `${await read(BUDGET)}Paid in May.\n`;
    await chat.s.page.evaluate(([p, t]) => window.reeve.chatWrite(p, t), [BUDGET, edited] as const);
    await undo().focus();
    await chat.s.page.keyboard.press('Enter');
    await status().getByText('Took back 0 accepted edits and rejected 1 pending edit.').waitFor();
    expect(await status().locator('.reeve-chat-edit-failure').innerText()).toMatch(/^Not taken back: Projects\/Budget\.md: cannot undo \S+: Projects\/Budget\.md was edited after the job$/);
    expect(await read(BUDGET)).toBe(edited);
    expect(await read(INSTALLERS)).toBe(SOLAR_VAULT[INSTALLERS]);
    expect(chat.s.pageErrors).toEqual([]);
  });
});
