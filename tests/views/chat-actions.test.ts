// @vitest-environment happy-dom
// What the chat view does around a run, on the test runtime with the plugin's own host: a
// connection that does not stream is shown as such while each model reply is awaited (and not
// while the user answers a question); Copy on Scout's selection copies the selected notes'
// contents; a proposed edit opens its note at its block (the witness workspace keeps the eState
// the leaf was given); the scope line says what the settings allow and opens them, or says where
// they are when Obsidian's settings window cannot be reached; and the first message makes the
// workspace save the view's state, so a restart right after it finds the chat.
import '../obsidian/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { ChatView } from '../../src/views/chat/chat-view';
import { shownNotices } from '../obsidian/notices';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
  h = null;
});

function open(h: ChatHarness): HTMLElement {
  return h.view.contentEl;
}

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Samples the view every few milliseconds while `run` goes on: [steps shown, waiting shown, question open]. */
async function sample(root: HTMLElement, run: Promise<void>): Promise<[number, boolean, boolean][]> {
  const seen: [number, boolean, boolean][] = [];
  let done = false;
  void run.then(() => (done = true));
  while (!done) {
    const question = root.querySelector('.reeve-chat-question:not(.is-answered)') !== null;
    seen.push([root.querySelectorAll('.reeve-chat-step').length, root.querySelector('.reeve-chat-waiting') !== null, question]);
    await new Promise((r) => setTimeout(r, 5));
  }
  await run;
  return seen;
}

const SCOUT_THEN_TASK = (delayMs: number) => [
  reply.turn({ toolCalls: [{ name: 'search_keyword', arguments: { query: 'solar' } }] }, { delayMs }),
  reply.turn({ toolCalls: [{ name: 'update_selection', arguments: { selectedPaths: ['Projects/Solar.md', 'Projects/Budget.md'], reasoning: 'the project and its budget', confidence: 'done' } }] }, { delayMs }),
  reply.turn({ toolCalls: [{ name: 'propose_edits', arguments: { summary: 'About 9,500 EUR.', edits: [] } }] }, { delayMs }),
];

describe('a connection that does not stream', () => {
  it('is shown while each reply is awaited, again after a tool result, never once the run ends', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: false }), agents: { scout: true }, streams: false });
    llm.server.script(...SCOUT_THEN_TASK(120));
    const root = open(h);
    const seen = await sample(root, h.view.send('how much will the solar roof cost?'));
    // Waiting before the first reply, and again once the search's result went back to the model.
    expect(seen.some(([steps, waiting]) => steps === 0 && waiting)).toBe(true);
    expect(seen.some(([steps, waiting]) => steps === 1 && waiting)).toBe(true);
    expect(root.querySelector('.reeve-chat-waiting')).toBeNull();
    expect(root.querySelector('[data-phase="task"] .reeve-chat-phase-status')?.textContent).toBe('done');
  });

  it('is not shown while the user is asked a question', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: false }), agents: { scout: true, task: false }, streams: false });
    llm.server.script(
      reply.turn({ toolCalls: [{ name: 'ask_user', arguments: { question: 'Which roof?' } }] }, { delayMs: 60 }),
      reply.turn({ toolCalls: [{ name: 'update_selection', arguments: { selectedPaths: ['Projects/Solar.md'], reasoning: 'south', confidence: 'done' } }] }, { delayMs: 60 }),
    );
    const root = open(h);
    const run = h.view.send('the roof');
    await waitFor(() => root.querySelector('.reeve-chat-question-input') !== null);
    expect(root.querySelector('.reeve-chat-waiting')).toBeNull();
    const input = root.querySelector<HTMLTextAreaElement>('.reeve-chat-question-input')!;
    input.value = 'the south roof';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await waitFor(() => root.querySelector('.reeve-chat-waiting') !== null);
    await run;
    expect(root.querySelector('.reeve-chat-waiting')).toBeNull();
    // The question is told once, in words, and answered in the section of the agent that asked.
    expect([...root.querySelectorAll('[data-phase="scout"] .reeve-chat-step')].map((e) => e.textContent)).toEqual(['asked you: Which roof?', 'you answered: the south roof']);
    expect(root.querySelector('[data-phase="scout"] .reeve-chat-question .reeve-chat-question-answer')?.textContent).toBe('You answered: the south roof');
  });

  it('a streaming connection never shows it', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), agents: { scout: true } });
    llm.server.script(...SCOUT_THEN_TASK(40));
    const seen = await sample(open(h), h.view.send('how much will the solar roof cost?'));
    expect(seen.some(([, waiting]) => waiting)).toBe(false);
  });
});

describe("Copy on Scout's selection", () => {
  it("puts the selected notes' contents on the clipboard, each under its path, and says so", async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), agents: { scout: true } });
    llm.server.script(...SCOUT_THEN_TASK(0));
    await h.view.send('how much will the solar roof cost?');
    await navigator.clipboard.writeText('');
    open(h).querySelector<HTMLButtonElement>('.reeve-chat-selection .reeve-chat-copy')?.click();
    await waitFor(() => shownNotices.length > 0);
    const expected = ['Projects/Solar.md', 'Projects/Budget.md'].map((p) => `# ${p}\n\n${SOLAR_VAULT[p] ?? ''}`).join('\n\n');
    expect(await navigator.clipboard.readText()).toBe(expected);
    expect(shownNotices).toEqual(['Reeve: copied 2 notes.']);
  });

  it('says why when the clipboard refuses, and throws nothing', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), agents: { scout: true } });
    llm.server.script(...SCOUT_THEN_TASK(0));
    await h.view.send('how much will the solar roof cost?');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    open(h).querySelector<HTMLButtonElement>('.reeve-chat-copy')?.click();
    await waitFor(() => shownNotices.length > 0);
    expect(shownNotices).toEqual(['Reeve: the notes could not be copied: Write permission denied.']);
  });
});

/** The 0-based line of the `ai-edit` fence whose JSON holds `id`, read from the note's text by hand. */
function fenceLine(text: string, id: string): number {
  const lines = text.split('\n');
  return lines.findIndex((l, i) => l.startsWith('```ai-edit') && (lines[i + 1] ?? '').includes(`"id":"${id}"`));
}

describe('a proposed edit in the edits card', () => {
  it('opens its note in the main area at its block; a decided one at the top; a deleted note is named', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), active: 'Projects/Budget.md', task: { scope: 'current' } });
    const edits = [
      { file: 'Projects/Budget.md', position: 'start', content: 'Status: draft' },
      { file: 'Projects/Budget.md', position: 'end', content: 'Total: 9500 EUR' },
    ];
    llm.server.script(reply.toolCall('propose_edits', { summary: 'Two edits.', edits }));
    await h.view.send('total it up');
    const proposed = h.view.chat.messages[0]?.turn.edits ?? [];
    expect(proposed.map((e) => e.state)).toEqual(['proposed', 'proposed']);
    const text = await h.port.read('Projects/Budget.md');
    expect(new Set(proposed.map((e) => fenceLine(text, e.id))).size).toBe(2);
    const links = [...open(h).querySelectorAll<HTMLAnchorElement>('.reeve-chat-edits li a')];
    for (const [i, e] of proposed.entries()) {
      links[i]?.click();
      await waitFor(() => h!.app.workspace.getLeaf(false).getEphemeralState().line === fenceLine(text, e.id));
      const leaf = h.app.workspace.getLeaf(false);
      expect(leaf).not.toBe(h.view.leaf);
      expect(leaf.getViewState()).toMatchObject({ type: 'markdown', state: { file: 'Projects/Budget.md' } });
      expect(fenceLine(text, e.id)).toBeGreaterThanOrEqual(0);
    }
    // Accepted: the block is gone, so the note opens at its top.
    open(h).querySelector<HTMLButtonElement>('.reeve-chat-edits-actions .mod-cta')?.click();
    await waitFor(() => open(h!).querySelector('.reeve-chat-edits li.is-accepted') !== null);
    open(h).querySelector<HTMLAnchorElement>('.reeve-chat-edits li a')?.click();
    await waitFor(() => Object.keys(h!.app.workspace.getLeaf(false).getEphemeralState()).length === 0);
    const file = h.app.vault.getFileByPath('Projects/Budget.md');
    if (file) await h.app.fileManager.trashFile(file);
    open(h).querySelector<HTMLAnchorElement>('.reeve-chat-edits li a')?.click();
    await waitFor(() => shownNotices.length > 0);
    expect(shownNotices).toEqual(['Reeve: Projects/Budget.md is no longer in the vault.']);
  });
});

describe('the scope line', () => {
  it("says what the plugin's settings allow, and follows them when the user comes back", async () => {
    h = await openChat(SOLAR_VAULT, {});
    const line = (): string | null => open(h!).querySelector('.reeve-chat-scope')?.textContent ?? null;
    expect(line()).toBe('Edits: the notes in the context · add, delete, create, navigate · Settings');
    h.settings.agents.task.scope = 'current';
    h.settings.agents.task.capabilities = ['add'];
    open(h).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(line()).toBe('Edits: the current note · add · Settings');
  });

  it("opens Reeve's settings tab, or says where the settings are when Obsidian's window cannot be reached", async () => {
    h = await openChat(SOLAR_VAULT, {});
    const scope = open(h).querySelector<HTMLAnchorElement>('.reeve-chat-scope')!;
    const where = "Reeve: to change what the agents may edit, open the settings and find this plugin's tab under community plugins.";
    // The runtime's app has no settings window, like an Obsidian that changed it.
    scope.click();
    expect(shownNotices).toEqual([where]);
    const app = h.app as unknown as { setting: unknown };
    app.setting = { open: vi.fn(), openTabById: vi.fn(() => { throw new Error('no such tab'); }) };
    scope.click();
    expect(shownNotices).toEqual([where, where]);
    const opened: string[] = [];
    app.setting = { open: () => opened.push('open'), openTabById: (id: string) => opened.push(id) };
    scope.click();
    expect(opened).toEqual(['open', 'reeve']);
    expect(shownNotices).toHaveLength(2);
  });
});

describe('a restart right after the first message', () => {
  it('finds the chat: the workspace is asked to save the view state that names it', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    const save = vi.spyOn(h.app.workspace, 'requestSaveLayout');
    expect(h.view.getState().chatId).toBeNull();
    llm.server.script(reply.toolCall('propose_edits', { summary: 'First answer.', edits: [] }));
    await h.view.send('first question');
    expect(save).toHaveBeenCalled();
    const state = h.view.getState();
    expect(state.chatId).toBe(h.view.chat.id);
    // Obsidian starting again: a new view on the same vault, handed the saved state.
    const again = new ChatView(WorkspaceLeaf.create2__(h.app, 'chat2') as never, h.host);
    document.body.appendChild(again.containerEl);
    await again.onOpen();
    await again.setState(state, { history: false });
    expect([...again.contentEl.querySelectorAll('.reeve-chat-request')].map((e) => e.textContent)).toEqual(['first question']);
    await again.onClose();
    again.containerEl.remove();
  });
});

describe('Stop in the middle of the answer', () => {
  it('keeps the text that arrived, in the view and in the saved chat', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    llm.server.script(reply.turn({ text: 'Partial answer that keeps going. '.repeat(60), toolCalls: [{ name: 'propose_edits', arguments: { summary: 'never', edits: [] } }] }, { chunkDelayMs: 20 }));
    const root = open(h);
    const run = h.view.send('tell me everything');
    const shown = (): string => (root.querySelector('.reeve-chat-answer')?.textContent ?? '').trim();
    await waitFor(() => shown().includes('Partial answer'));
    const seen = shown();
    h.view.composer.stopButton.click();
    await run;
    expect(root.querySelector('.reeve-chat-stopped')?.textContent).toBe('Stopped. What arrived before is kept.');
    expect(shown().startsWith(seen)).toBe(true);
    // The provider never said what the cut-off reply cost; the view does not claim $0.
    expect(root.querySelector('[data-phase="task"] .reeve-chat-phase-usage')?.textContent).toBe('usage not reported · cost unknown');
    const id = h.view.chat.id;
    h.view.startNew();
    expect(await h.view.openChat(id)).toBe(true);
    expect(shown().startsWith(seen)).toBe(true);
  });
});
