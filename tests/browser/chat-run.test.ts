// The chat view in real Chromium, against the scripted model server over loopback: a Scout → Task
// run streams into the view phase by phase; Stop ends a run mid-stream and keeps what arrived; an
// ask_user question is answered in the view and the run resumes; an edit is accepted from the view
// and its note changes; a remote image in the model's answer is never requested.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();

async function openChat(options: { agents?: { scout: boolean; web: boolean; task: boolean } } = {}): Promise<void> {
  chat.s.pageErrors.length = 0;
  chat.s.server.requests.length = 0;
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', ...options }] as const);
}

const ANSWER = 'The roof costs **about 9,500 EUR**: panels 8,000 and the inverter 1,500, see [[Projects/Budget]]. '.repeat(4);

describe('the chat view in Chromium', () => {
  it('streams a Scout → Task run into the view and accepts its edit from the edits card', async () => {
    await openChat();
    chat.llm.script(
      reply.turn({ toolCalls: [{ name: 'search_keyword', arguments: { query: 'solar' } }] }, { delayMs: 150 }),
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md', 'Projects/Budget.md'], reasoning: 'the project and its budget', confidence: 'done' }),
      reply.turn({ text: ANSWER, toolCalls: [{ name: 'propose_edits', arguments: { summary: ANSWER, edits: [{ file: 'Projects/Budget.md', position: 'end', content: 'Total: 9500 EUR' }] } }] }, { chunkDelayMs: 15 }),
    );
    const page = chat.s.page;
    await page.getByRole('textbox', { name: 'Message' }).fill('How much will the solar roof cost?');
    // Only one of Send and Stop shows at a time (.reeve-hidden over Obsidian's button styles).
    expect(await page.locator('.reeve-chat-stop').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Send' }).click();
    // Scout's phase appears while it runs, then the Task answer streams in (before the run ends).
    await page.locator('[data-phase="scout"].is-running').waitFor();
    await page.locator('.reeve-chat-answer.is-streaming').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop the run' }).waitFor();
    expect(await page.locator('.reeve-chat-send').isVisible()).toBe(false);
    await page.evaluate(() => window.reeve.chatIdle());
    expect(await page.locator('.reeve-chat-phase-title').allInnerTexts()).toEqual(['Scout', 'Task']);
    expect(await page.locator('[data-phase="scout"] .reeve-chat-step').first().textContent()).toMatch(/^searched 'solar' — \d+ notes?$/);
    expect(await page.locator('.reeve-chat-selection li a').allInnerTexts()).toEqual(['Projects/Solar.md', 'Projects/Budget.md']);
    expect(await page.locator('.reeve-chat-answer strong').first().textContent()).toBe('about 9,500 EUR');
    await page.getByRole('button', { name: 'Accept all edits of this message' }).click();
    await page.locator('.reeve-chat-edits li.is-accepted').waitFor();
    const budget = await page.evaluate(() => window.reeve.chatRead('Projects/Budget.md'));
    expect(budget).toContain('Total: 9500 EUR');
    expect(budget).not.toContain('ai-edit');
    expect(await page.evaluate(() => window.reeve.chatSaved())).toEqual([{ title: 'How much will the solar roof cost?', requests: ['How much will the solar roof cost?'], edits: ['Projects/Budget.md:accepted'] }]);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('Stop ends the run mid-stream, keeps what arrived and marks it', async () => {
    await openChat({ agents: { scout: false, web: false, task: true } });
    const full = 'Partial answer that keeps going '.repeat(40);
    chat.llm.script(reply.turn({ text: full, toolCalls: [{ name: 'propose_edits', arguments: { summary: 'never', edits: [] } }] }, { chunkDelayMs: 40 }));
    const page = chat.s.page;
    await page.getByRole('textbox', { name: 'Message' }).fill('Tell me everything');
    await page.keyboard.press('Enter');
    await page.locator('.reeve-chat-answer.is-streaming').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop the run' }).click();
    await page.evaluate(() => window.reeve.chatIdle());
    expect(await page.locator('.reeve-chat-stopped').textContent()).toBe('Stopped. What arrived before is kept.');
    expect(await page.locator('[data-phase="task"] .reeve-chat-phase-status').textContent()).toBe('stopped');
    // What streamed before Stop stays: a start of the reply, however far it got.
    const kept = ((await page.locator('.reeve-chat-answer').textContent()) ?? '').trim();
    expect(kept).not.toBe('');
    expect(full.startsWith(kept)).toBe(true);
    expect(await page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('an ask_user question is answered in the view and the run goes on', async () => {
    await openChat({ agents: { scout: true, web: false, task: false } });
    chat.llm.script(
      reply.toolCall('ask_user', { question: 'Which roof do you mean?' }),
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md'], reasoning: 'the south roof', confidence: 'done' }),
    );
    const page = chat.s.page;
    await page.getByRole('textbox', { name: 'Message' }).fill('the roof');
    await page.keyboard.press('Enter');
    const answer = page.getByRole('textbox', { name: 'Your answer' });
    await answer.waitFor({ timeout: 10_000 });
    expect(await page.locator('.reeve-chat-question-text').textContent()).toBe('Which roof do you mean?');
    await answer.fill('the south roof');
    await answer.press('Enter');
    await page.evaluate(() => window.reeve.chatIdle());
    expect(await page.locator('.reeve-chat-question-answer').textContent()).toBe('You answered: the south roof');
    expect(JSON.stringify(chat.llm.requests.at(-1)?.body.messages)).toContain('the south roof');
    expect(await page.locator('.reeve-chat-selection li a').allInnerTexts()).toEqual(['Projects/Solar.md']);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('a remote image or iframe in the answer is never requested', async () => {
    await openChat({ agents: { scout: false, web: false, task: true } });
    const origin = chat.s.server.origin;
    const leaky = `Here: ![chart](${origin}/leak-md.png?d=secret) <img src="${origin}/leak-html.png"> <iframe src="${origin}/leak-frame.html"></iframe>\n\n![ref][r]\n\n[r]: ${origin}/leak-ref.png`;
    chat.llm.script(reply.turn({ text: leaky, toolCalls: [{ name: 'propose_edits', arguments: { summary: leaky, edits: [] } }] }, { chunkDelayMs: 5 }));
    const page = chat.s.page;
    await page.getByRole('textbox', { name: 'Message' }).fill('show me a chart');
    await page.keyboard.press('Enter');
    await page.evaluate(() => window.reeve.chatIdle());
    await page.waitForTimeout(300);
    expect(await page.locator('.reeve-chat-answer').textContent()).toContain('chart');
    expect(chat.s.server.requests.filter((r) => r.startsWith('/leak'))).toEqual([]);
    expect(chat.s.pageRequests.filter((r) => r.includes('/leak'))).toEqual([]);
    expect(await page.locator('.reeve-chat-answer img, .reeve-chat-answer iframe').count()).toBe(0);
  });
});
