// The message actions in Chromium (issue 27), by mouse and by keyboard: Copy puts the answer's
// Markdown on the clipboard; Insert into note puts it at the cursor as a pending `ai-edit` block
// (the note changes only when the user accepts it); Retry runs the same request in the message's
// own context (its note, not the one open now) and, for an earlier message, first says how many
// later messages it replaces; Edit runs an edited request and replaces the messages after it.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT, sentText } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const ANSWER = 'The roof costs **about 9,500 EUR**.\n\n- panels: 8,000\n- inverter: 1,500';

async function openChat(): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 420, height: 900 });
  await chat.s.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: chat.s.server.origin });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true } }] as const);
}

function answers(...texts: string[]): void {
  chat.llm.script(...texts.map((t) => reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: t, edits: [] } }] })));
}

async function send(text: string): Promise<void> {
  await chat.s.page.getByRole('textbox', { name: 'Message' }).fill(text);
  await chat.s.page.keyboard.press('Enter');
  await chat.s.page.evaluate(() => window.reeve.chatIdle());
}

const message = (i: number) => chat.s.page.locator('.reeve-chat-message').nth(i);
const action = (i: number, name: string) => message(i).getByRole('group', { name: 'Message actions' }).getByRole('button', { name, exact: true });
const saved = () => chat.s.page.evaluate(() => window.reeve.chatSaved());

describe('message actions', () => {
  it('mouse: Copy puts the Markdown on the clipboard; Insert into note puts a pending block at the cursor, accepted from the card', async () => {
    await openChat();
    answers(ANSWER);
    await send('How much?');
    await action(0, 'Copy').click();
    expect(await chat.s.page.evaluate(() => navigator.clipboard.readText())).toBe(ANSWER);

    await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Projects/Solar.md', 2, 0));
    const before = await chat.s.page.evaluate(() => window.reeve.chatRead('Projects/Solar.md'));
    await action(0, 'Insert into note').click();
    await chat.s.page.locator('.reeve-chat-edits li.is-proposed').waitFor();
    const text = await chat.s.page.evaluate(() => window.reeve.chatEditor()?.text ?? '');
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(before.split('\n').slice(0, 2));
    expect(lines[2]).toBe('```ai-edit');
    expect(JSON.parse(lines[3] ?? '')).toMatchObject({ type: 'add', before: '', after: ANSWER });
    // Never directly: the answer's text is not in the note until accepted.
    expect(text).not.toContain('about 9,500 EUR**.\n');
    await chat.s.page.getByRole('button', { name: 'Accept all edits of this message' }).click();
    await chat.s.page.locator('.reeve-chat-edits li.is-accepted').waitFor();
    const accepted = await chat.s.page.evaluate(() => window.reeve.chatEditor()?.text ?? '');
    expect(accepted).toBe([...before.split('\n').slice(0, 2), ...ANSWER.split('\n'), ...before.split('\n').slice(2)].join('\n'));
    expect((await saved()).at(-1)?.edits).toEqual(['Projects/Solar.md:accepted']);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('keyboard: Enter on Copy and on Insert into note', async () => {
    await openChat();
    answers(ANSWER);
    await send('How much?');
    await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Projects/Budget.md', 0, 0));
    await action(0, 'Copy').focus();
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.waitForFunction((a) => navigator.clipboard.readText().then((t) => t === a), ANSWER);
    await chat.s.page.keyboard.press('Tab'); // Retry
    await chat.s.page.keyboard.press('Tab'); // Edit
    await chat.s.page.keyboard.press('Tab');
    expect(await chat.s.page.evaluate(() => document.activeElement?.textContent)).toBe('Insert into note');
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.locator('.reeve-chat-edits li.is-proposed').waitFor();
    expect((await chat.s.page.evaluate(() => window.reeve.chatEditor()?.text ?? '')).split('\n')[0]).toBe('```ai-edit');
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('mouse: Retry on an earlier message says how many it replaces, then runs it in its own note', async () => {
    await openChat();
    answers('first answer', 'second answer', 'first again');
    await send('Summarize this note');
    await send('And the budget?');
    // The user moved on to another note: the retried message still runs in the one it was sent from.
    await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Recipes/Bread.md', 0, 0));
    await action(0, 'Retry').click();
    expect(await message(0).getByRole('button', { name: 'Retry: replaces 1 later' }).count()).toBe(1);
    expect(chat.llm.requests.length).toBe(2);
    await message(0).getByRole('button', { name: 'Retry: replaces 1 later' }).click();
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    const sent = sentText(chat.llm.requests.at(-1));
    expect(sent).toContain('The user is in the note "Projects/Solar.md"');
    expect(sent).toContain('Summarize this note');
    expect(sent).not.toContain('And the budget?');
    expect(await chat.s.page.locator('.reeve-chat-message').count()).toBe(1);
    expect(await chat.s.page.locator('.reeve-chat-answer').innerText()).toBe('first again');
    expect((await saved()).at(-1)?.requests).toEqual(['Summarize this note']);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('keyboard: Edit opens the request, says what it replaces, Escape puts it back, Enter runs the edited one', async () => {
    await openChat();
    answers('first answer', 'second answer', 'edited answer');
    await send('Summarize this note');
    await send('And the budget?');
    await action(0, 'Edit').focus();
    await chat.s.page.keyboard.press('Enter');
    const box = chat.s.page.getByRole('textbox', { name: 'Edit message' });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await box.inputValue()).toBe('Summarize this note');
    expect(await chat.s.page.locator('.reeve-chat-replace-warning').innerText()).toBe('The message after it is replaced.');
    await chat.s.page.keyboard.press('Escape');
    expect(await box.count()).toBe(0);
    expect(await chat.s.page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.keyboard.press('Control+a');
    await chat.s.page.keyboard.type('Summarize this note in one line');
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    expect(await chat.s.page.locator('.reeve-chat-request').allInnerTexts()).toEqual(['Summarize this note in one line']);
    expect(await chat.s.page.locator('.reeve-chat-answer').innerText()).toBe('edited answer');
    expect((await saved()).at(-1)?.requests).toEqual(['Summarize this note in one line']);
    expect(chat.s.pageErrors).toEqual([]);
  });
});
