// Saved prompts in Chromium (issue 27): `/` in the message box lists the prompt notes of the folder
// the settings name, with a note that cannot be used listed with why; picking one (a click, or
// arrows and Enter) runs it with `{{selection}}` and `{{note}}` filled, its agents and its scope.
// A prompt folder behind a wall is said so, and nothing in it is listed.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT, sentText } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const VAULT = {
  ...SOLAR_VAULT,
  'Prompts/Summarize.md': '---\nname: Summarize the selection\nagents: [task]\nscope: current\n---\nSummarize this: {{selection}} (from {{note}})\n',
  'Prompts/Plain.md': 'List the open tasks.\n',
  'Prompts/Broken.md': '---\nscope: everywhere\n---\nNever listed.\n',
  'Private/Prompts/Secret.md': 'A prompt behind a wall.\n',
};

async function open(promptFolder: string, excludedFolders: string[] = []): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 420, height: 900 });
  // The chat's own toggles have Scout on: a prompt's `agents` replaces them for its message.
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: true, web: false, task: true } }] as const);
  await chat.s.page.evaluate(([f, x]) => window.reeve.chatSettings({ promptFolder: f, excludedFolders: x }), [promptFolder, excludedFolders] as const);
  // "We plan panels on the south roof." selected in the note.
  await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Projects/Solar.md', 2, 0, { line: 2, ch: 33 }));
}

const list = () => chat.s.page.getByRole('listbox', { name: 'Saved prompts' });
const box = () => chat.s.page.getByRole('textbox', { name: 'Message' });

describe('saved prompts', () => {
  it('mouse: / lists the prompts and a broken one with why; a click runs one with the selection, the note, its agents and scope', async () => {
    await open('Prompts');
    chat.llm.script(reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'A short summary.', edits: [] } }] }));
    await box().click();
    await chat.s.page.keyboard.type('/');
    await list().getByRole('option').first().waitFor();
    expect(await list().getByRole('option').allInnerTexts()).toEqual(['Plain\nPrompts/Plain.md', 'Summarize the selection\nPrompts/Summarize.md · agents: task · scope: current']);
    expect(await list().locator('.reeve-chat-prompt-problem').innerText()).toBe('Prompts/Broken.md: scope should be one of current, linked, context');
    await list().getByRole('option', { name: /Summarize the selection/ }).click();
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    expect(await chat.s.page.locator('.reeve-chat-request').innerText()).toBe('Summarize this: We plan panels on the south roof. (from [[Solar]])');
    // Task alone ran (the prompt's agents), with the prompt's scope.
    expect(await chat.s.page.locator('.reeve-chat-phase-title').allInnerTexts()).toEqual(['Task']);
    const sent = sentText(chat.llm.requests.at(-1));
    expect(sent).toContain('You may change only the current note (Projects/Solar.md).');
    expect(await box().inputValue()).toBe('');
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('keyboard: /pla filters, Enter runs the highlighted prompt; Escape closes the list and keeps the text', async () => {
    await open('Prompts');
    chat.llm.script(
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md'], reasoning: 'the project', confidence: 'done' }),
      reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'Tasks: get quotes.', edits: [] } }] }),
    );
    await box().focus();
    await chat.s.page.keyboard.type('/pl');
    await list().getByRole('option').first().waitFor();
    await chat.s.page.keyboard.press('Escape');
    expect(await list().isVisible()).toBe(false);
    expect(await box().inputValue()).toBe('/pl');
    await chat.s.page.keyboard.type('a');
    await list().getByRole('option').first().waitFor();
    expect(await list().getByRole('option').count()).toBe(1);
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.evaluate(() => window.reeve.chatIdle());
    expect(await chat.s.page.locator('.reeve-chat-request').innerText()).toBe('List the open tasks.');
    // No agents in its frontmatter: the chat's toggles (Scout, then Task).
    expect(await chat.s.page.locator('.reeve-chat-phase-title').allInnerTexts()).toEqual(['Scout', 'Task']);
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('a prompt folder behind a wall is said so, and nothing in it is listed', async () => {
    await open('Private/Prompts', ['Private']);
    await box().focus();
    await chat.s.page.keyboard.type('/');
    await list().locator('.suggestion-empty').waitFor();
    expect(await list().innerText()).toMatch(/^The saved prompts folder "Private\/Prompts" is behind a wall/);
    expect(await list().getByRole('option').count()).toBe(0);
    expect(chat.s.pageErrors).toEqual([]);
  });
});
