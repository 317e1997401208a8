// Citations that open (issue 27), in Chromium: `[[Budget#Costs]]` in an answer opens the Budget
// note the Task agent read (Projects/Budget.md), at its heading, even though another note of that
// name sits beside the note the chat was opened from; by a click and by Enter on the link.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const VAULT = {
  ...SOLAR_VAULT,
  'Projects/Budget.md': '# Budget\n\n## Costs\nPanels: 8000 EUR\nInverter: 1500 EUR\n\n## Paid\nnothing yet ^paid\n',
  'Archive/Budget.md': '# Old budget\n\n## Costs\nA kitchen, 2019.\n',
  'Archive/Old.md': 'An old note, see [[Budget]].\n',
};

async function ask(answer: string): Promise<void> {
  chat.s.pageErrors.length = 0;
  await chat.s.page.setViewportSize({ width: 420, height: 900 });
  // The chat opens beside Archive/Old.md; the user then goes to the solar note and asks there.
  await chat.s.page.evaluate(([files, o]) => window.reeve.openChat(files, o), [VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Archive/Old.md', agents: { scout: false, web: false, task: true } }] as const);
  await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Projects/Solar.md', 0, 0));
  chat.llm.script(reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: answer, edits: [] } }] }));
  await chat.s.page.getByRole('textbox', { name: 'Message' }).fill('What does the roof cost?');
  await chat.s.page.keyboard.press('Enter');
  await chat.s.page.evaluate(() => window.reeve.chatIdle());
  // The run read the solar note and its links: Projects/Budget.md, not the archived one.
  expect(await chat.s.page.evaluate(() => window.reeve.chatRead('Projects/Budget.md'))).toContain('## Costs');
}

const main = () => chat.s.page.evaluate(() => window.reeve.chatMainLeaf());

describe('citations', () => {
  it('mouse: a click on [[Budget#Costs]] opens the read note at the heading', async () => {
    await ask('The panels are 8,000 EUR ([[Budget#Costs]]).');
    await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Archive/Old.md', 0, 0));
    await chat.s.page.locator('.reeve-chat-answer a.internal-link', { hasText: 'Budget' }).click();
    await chat.s.page.waitForFunction(() => window.reeve.chatMainLeaf().file !== 'Archive/Old.md');
    expect(await main()).toEqual({ file: 'Projects/Budget.md', eState: { subpath: '#Costs' } });
    expect(chat.s.pageErrors).toEqual([]);
  });

  it('keyboard: Enter on [[Budget#^paid]] opens the read note at the block', async () => {
    await ask('Nothing is paid yet: [[Budget#^paid]].');
    await chat.s.page.evaluate(() => window.reeve.chatOpenNote('Archive/Old.md', 0, 0));
    await chat.s.page.locator('.reeve-chat-answer a.internal-link').focus();
    await chat.s.page.keyboard.press('Enter');
    await chat.s.page.waitForFunction(() => window.reeve.chatMainLeaf().file !== 'Archive/Old.md');
    expect(await main()).toEqual({ file: 'Projects/Budget.md', eState: { subpath: '#^paid' } });
    expect(chat.s.pageErrors).toEqual([]);
  });
});
