// The models in the composer (issue 27), in Chromium: the planning model picked by mouse runs the
// next message's Task agent (the scripted server sees the model by name) and the settings keep
// their own; by keyboard, a model of another provider given a key is picked, for Task and Scout
// alike, each phase on its own pick.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();

async function open(agents: { scout: boolean; web: boolean; task: boolean }, anthropicKey = ''): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 420, height: 900 });
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents }] as const);
  // The fixture keeps the OpenAI key under this secret's name; Anthropic is offered once it has one.
  await chat.s.page.evaluate((k) => window.reeve.chatSettings({ anthropicKey: k }), anthropicKey);
}

const answer = () => reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'ok', edits: [] } }] });
const models = () => chat.llm.requests.map((r) => (r.body as { model?: string }).model);
const planning = () => chat.s.page.getByRole('combobox', { name: 'Planning model' });

async function send(text: string): Promise<void> {
  await chat.s.page.getByRole('textbox', { name: 'Message' }).fill(text);
  await chat.s.page.keyboard.press('Enter');
  await chat.s.page.evaluate(() => window.reeve.chatIdle());
}

describe('models in the composer', () => {
  it('mouse: the planning model picked runs the next message; the settings keep theirs', async () => {
    await open({ scout: false, web: false, task: true });
    await planning().click();
    expect(await planning().locator('option').allInnerTexts()).toEqual(['gpt-4.1-mini', 'gpt-4.1']);
    expect(await planning().inputValue()).toBe('openai:plan');
    chat.llm.script(answer(), answer());
    await send('first, on the settings model');
    await planning().selectOption({ label: 'gpt-4.1-mini' });
    await send('second, on the cheap model');
    expect(models().slice(-2)).toEqual(['gpt-4.1', 'gpt-4.1-mini']);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('keyboard: a model of another provider for Task, the settings one for Scout', async () => {
    await open({ scout: true, web: false, task: true }, 'openai-key');
    await planning().focus();
    for (let i = 0; i < 6 && (await planning().inputValue()) !== 'anthropic:plan'; i++) await chat.s.page.keyboard.press('ArrowDown');
    expect(await planning().inputValue()).toBe('anthropic:plan');
    expect(await planning().locator('option:checked').innerText()).toBe('claude-sonnet-4-5 (Anthropic)');
    chat.llm.script(reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md'], reasoning: 'the project', confidence: 'done' }), answer());
    await chat.s.page.getByRole('textbox', { name: 'Message' }).focus();
    await chat.s.page.keyboard.type('What next?');
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    expect(models().slice(-2)).toEqual(['gpt-4.1-mini', 'claude-sonnet-4-5']);
    expect(chat.s.pageErrors).toEqual([]);
  });
});
