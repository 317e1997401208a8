// "Ask about the selection" in Chromium (issue 27): the command brings the selected line to the
// chat as a pill and focuses the message box; the message goes with the selection quoted and its
// note in the context, and the Task agent's edit of that line lands as a pending block in the note
// (by keyboard). By mouse, × takes the selection off before sending, and the message goes alone.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT, sentText } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const SOLAR = 'Projects/Solar.md';

async function selectLine3(): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 420, height: 900 });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Recipes/Bread.md', agents: { scout: false, web: false, task: true } }] as const);
  await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Projects/Solar.md', 2, 0, { line: 2, ch: 33 }));
  await chat.s.page.evaluate(() => window.reeve.chatAskAboutSelection());
}

const pill = () => chat.s.page.locator('.reeve-chat-pill.is-selection');

describe('ask about the selection', () => {
  it('keyboard: the pill, the message box focused, the selection quoted, and the edit of it pending in the note', async () => {
    await selectLine3();
    expect(await pill().innerText()).toContain('Selection: Projects/Solar, line 3');
    expect(await chat.s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    chat.llm.script(reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'Made it precise.', edits: [{ file: SOLAR, position: 'replace:3', content: 'We plan 12 panels (5 kWp) on the south roof.' }] } }] }));
    await chat.s.page.keyboard.type('Make this more precise');
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    const sent = sentText(chat.llm.requests.at(-1));
    expect(sent).toContain('Make this more precise\n\nThe selected text, in "Projects/Solar.md" (line 3):\n> We plan panels on the south roof.');
    expect(await pill().count()).toBe(0);
    const note = (await chat.s.page.evaluate(() => window.reeve.chatEditor()?.text)) ?? '';
    expect(note.split('\n')[2]).toBe('```ai-edit');
    expect(JSON.parse(note.split('\n')[3] ?? '')).toMatchObject({ type: 'replace', before: 'We plan panels on the south roof.', after: 'We plan 12 panels (5 kWp) on the south roof.' });
    await chat.s.page.locator('.reeve-chat-edits li.is-proposed').waitFor();
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('mouse: × takes the selection off, and the message goes without it', async () => {
    await selectLine3();
    await chat.s.page.getByRole('button', { name: 'Remove the selection from the context' }).click();
    expect(await pill().count()).toBe(0);
    chat.llm.script(reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'ok', edits: [] } }] }));
    await chat.s.page.getByRole('textbox', { name: 'Message' }).fill('What is this note about?');
    await chat.s.page.getByRole('button', { name: 'Send' }).click();
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    expect(sentText(chat.llm.requests.at(-1))).not.toContain('The selected text');
    expect(chat.s.pageErrors).toEqual([]);
  });
});
