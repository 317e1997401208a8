// @vitest-environment happy-dom
// A run cut off by Stop, or one whose reply failed, never claims it cost $0: the provider reports
// no usage for such a reply though its prompt was sent, so the phase, the message and the chat
// show what was reported as a floor ("at least"), or say the cost is unknown when nothing was
// reported; a reopened chat says the same. A run that ends well shows its tokens and cost as before.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const text = (sel: string): string => h?.view.contentEl.querySelector(sel)?.textContent ?? '';
const shown = (): string[] => [text('[data-phase="task"] .reeve-chat-phase-usage'), text('.reeve-chat-message-usage'), text('.reeve-chat-total')];

async function reopened(): Promise<string[]> {
  const id = h!.view.chat.id;
  h!.view.startNew();
  expect(await h!.view.openChat(id)).toBe(true);
  return shown();
}

describe('what a run that did not end well spent', () => {
  it('Stop during the only reply: the cost is unknown, not $0, in the phase, the message and the chat', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    llm.server.script(reply.turn({ text: 'Partial answer that keeps going. '.repeat(60), toolCalls: [{ name: 'propose_edits', arguments: { summary: 'never', edits: [] } }] }, { chunkDelayMs: 20 }));
    const run = h.view.send('tell me everything');
    await waitFor(() => text('.reeve-chat-answer').includes('Partial answer'));
    h.view.composer.stopButton.click();
    await run;
    const expected = ['usage not reported · cost unknown', 'This message: usage not reported · cost unknown', 'Chat: usage not reported · cost unknown'];
    expect(shown()).toEqual(expected);
    expect(shown().join(' ')).not.toContain('$0');
    expect(await reopened()).toEqual(expected);
  });

  it('Scout reported, then the Task failed: the reported tokens and cost as a floor', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), agents: { scout: true } });
    llm.server.script(
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Solar.md'], reasoning: 'the project', confidence: 'done' }, { usage: { input: 1200, output: 150 } }),
      reply.error(500, 'The server had an error'),
    );
    await h.view.send('how much will the solar roof cost?');
    expect(text('[data-phase="task"] .reeve-chat-phase-status')).toBe('failed');
    const [task, message, chat] = shown();
    expect(task).toBe('usage not reported · cost unknown');
    expect(message).toMatch(/^This message: 1\.2k in · 150 out reported · at least \$0\.0036$/);
    expect(chat).toBe(message?.replace('This message', 'Chat'));
    expect(await reopened()).toEqual([task, message, chat]);
  });

  it('a run that ends well shows its tokens and cost', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    llm.server.script(reply.text('The roof costs about 9,500 EUR.', { usage: { input: 1000, output: 100 } }));
    await h.view.send('how much?');
    expect(shown()).toEqual(['1.0k in · 100 out · $0.0028', 'This message: 1.0k in · 100 out · $0.0028', 'Chat: 1.0k in · 100 out · $0.0028']);
  });
});
