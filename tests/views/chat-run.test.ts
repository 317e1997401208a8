// @vitest-environment happy-dom
// The chat view on the test runtime, driven like a user: a Scout → Task run against the scripted
// model server shows each phase's steps in words, the selection with reasons, the edits card;
// Accept all goes through the ledger and the journal (the note changes, the history says so);
// the message is saved and a reopened chat shows it again.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../llm-server';
import { listFinishedJobs, undoJob } from '../../src/edits/journal/recover-jobs';

import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

function texts(root: HTMLElement, selector: string): string[] {
  return [...root.querySelectorAll(selector)].map((e) => e.textContent ?? '');
}

function button(root: HTMLElement, name: string): HTMLButtonElement {
  const b = [...root.querySelectorAll('button')].find((x) => x.textContent === name);
  if (!b) throw new Error(`no button ${name}`);
  return b;
}

describe('a Scout → Task run in the chat view', () => {
  it('shows the phases in words, the selection with reasons, the answer and the edits; Accept all changes the note', async () => {
    const client = chatClient(llm.server, { kind: 'openai', streaming: true });
    h = await openChat(SOLAR_VAULT, { client, agents: { scout: true } });
    llm.server.script(
      reply.toolCall('search_keyword', { query: 'solar' }),
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md', 'Projects/Budget.md'], reasoning: 'project and budget', confidence: 'done' }),
      reply.toolCall('propose_edits', { summary: 'About **9,500 EUR**.', edits: [{ file: 'Projects/Budget.md', position: 'end', content: 'Total: 9500 EUR' }] }),
    );
    await h.view.send('how much will the solar roof cost?');
    const root = h.view.contentEl;
    expect(texts(root, '.reeve-chat-phase-title')).toEqual(['Scout', 'Task']);
    const steps = texts(root, '[data-phase="scout"] .reeve-chat-step');
    expect(steps[0]).toMatch(/^searched 'solar' — \d+ notes?$/);
    expect(texts(root, '.reeve-chat-selection li a')).toEqual(['Projects/Solar.md', 'Projects/Budget.md']);
    expect(texts(root, '.reeve-chat-phase-status')).toEqual(['done', 'done']);
    // Steps fold when their phase ends.
    expect([...root.querySelectorAll('details.reeve-chat-steps')].every((d) => !(d as HTMLDetailsElement).open)).toBe(true);
    expect(texts(root, '.reeve-chat-phase-usage').every((t) => / in · \d.* out · \$/.test(t))).toBe(true);
    expect(root.querySelector('.reeve-chat-edits-title')?.textContent).toBe('Proposed 1 edit');
    expect(await h.port.read('Projects/Budget.md')).toContain('```ai-edit');

    button(root, 'Accept all').click();
    await waitFor(() => root.querySelector('.reeve-chat-edits li.is-accepted') !== null);
    const budget = await h.port.read('Projects/Budget.md');
    expect(budget).not.toContain('ai-edit');
    expect(budget).toContain('Total: 9500 EUR');
    expect(root.querySelector('.reeve-chat-edits li')?.textContent).toContain('accepted');
    // Saved after the message, with the run's events and the history the next turn reads.
    const chat = (await h.saved())[0];
    expect(chat?.title).toBe('how much will the solar roof cost?');
    expect(chat?.messages[0]?.turn.edits.map((e) => e.state)).toEqual(['accepted']);
    expect(chat?.messages[0]?.turn.answer).toBe('About **9,500 EUR**.');
    expect(chat?.messages[0]?.events.some((e) => e.type === 'selection_updated')).toBe(true);
    expect(root.querySelector('.reeve-chat-total')?.textContent).toMatch(/^Chat: .* in · .* out · \$/);
  });

  it('Reject all across three notes is one journaled job: one undo puts all three back as they were', async () => {
    const client = chatClient(llm.server, { kind: 'openai', streaming: false });
    h = await openChat(SOLAR_VAULT, { client, active: 'Projects/Solar.md' });
    const notes = ['Projects/Solar.md', 'Projects/Budget.md', 'Projects/Installers.md'];
    llm.server.script(reply.toolCall('propose_edits', { summary: 'Noted.', edits: notes.map((file) => ({ file, position: 'end', content: 'checked' })) }));
    await h.view.send('mark them checked');
    const root = h.view.contentEl;
    expect(root.querySelector('.reeve-chat-edits-title')?.textContent).toBe('Proposed 3 edits');
    const port = h.port;
    const proposed = await Promise.all(notes.map((n) => port.read(n)));
    const jobsBefore = (await listFinishedJobs(h.port)).length;
    button(root, 'Reject all').click();
    await waitFor(() => root.querySelectorAll('.reeve-chat-edits li.is-rejected').length === 3);
    for (const n of notes) expect(await port.read(n)).toBe(SOLAR_VAULT[n]);
    expect((await listFinishedJobs(port)).length).toBe(jobsBefore + 1);
    await undoJob(port);
    expect(await Promise.all(notes.map((n) => port.read(n)))).toEqual(proposed);
  });

  it('a reopened chat shows its messages again, and the next message carries the history', async () => {
    const client = chatClient(llm.server, { kind: 'openai', streaming: false });
    h = await openChat(SOLAR_VAULT, { client });
    llm.server.script(reply.toolCall('propose_edits', { summary: 'First answer.', edits: [] }));
    await h.view.send('first question');
    const id = h.view.chat.id;
    h.view.startNew();
    expect(h.view.contentEl.querySelectorAll('.reeve-chat-message').length).toBe(0);
    expect(await h.view.openChat(id)).toBe(true);
    expect(texts(h.view.contentEl, '.reeve-chat-request')).toEqual(['first question']);
    expect(h.view.contentEl.querySelector('.reeve-chat-answer')?.textContent).toContain('First answer.');
    llm.server.script(reply.toolCall('propose_edits', { summary: 'Second.', edits: [] }));
    await h.view.send('second question');
    const sent = JSON.stringify(llm.server.requests.at(-1)?.body.messages ?? []);
    expect(sent).toContain('first question');
    expect(sent).toContain('First answer.');
    expect((await h.saved())[0]?.messages.map((m) => m.turn.request)).toEqual(['first question', 'second question']);
  });

  it('a run that cannot start says why in the message, and it is kept', async () => {
    h = await openChat(SOLAR_VAULT, { client: null });
    await h.view.send('anything');
    expect(h.view.contentEl.querySelector('.reeve-chat-error')?.textContent).toBe('Error: The Task agent needs a model: no provider is configured (Reeve is offline).');
    expect((await h.saved())[0]?.messages.length).toBe(1);
  });

  it('the current note behind a wall is named in the message, and nothing of it is sent', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), active: 'Private/Secrets.md' });
    h.settings.excludedFolders = ['Private'];
    llm.server.script(reply.toolCall('propose_edits', { summary: 'Read it.', edits: [] }));
    await h.view.send('summarize this note');
    expect(h.view.contentEl.querySelector('.reeve-chat-error')?.textContent).toBe('Error: the current note "Private/Secrets.md" is in the excluded folder "Private", which no agent reads; nothing of it was sent');
    expect(llm.server.requests).toEqual([]);
  });
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
