// @vitest-environment happy-dom
// A phase that fails says so in its header: whatever went wrong with the model (an HTTP error, a
// broken reply, arguments it never got right, an empty reply), the phase reads "failed", never
// "done", and the message says what went wrong; a reopened chat shows the same.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type ReplyScript } from '../llm-server';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const texts = (root: HTMLElement, selector: string): string[] => [...root.querySelectorAll(selector)].map((e) => e.textContent ?? '');

/** What goes wrong, and whether it can happen to Scout as well as to Task. */
const failures: [string, ReplyScript[], RegExp, boolean][] = [
  ['an HTTP error', [reply.error(400, 'The model `gpt-5` does not exist')], /does not exist/, true],
  ['a broken reply', [reply.malformed(), reply.malformed(), reply.malformed(), reply.malformed()], /malformed/, true],
  ['arguments never right', [0, 1, 2].map(() => reply.toolCall('propose_edits', { summary: 3 })), /no answer in 3 turns/, false],
  ['an empty reply', [reply.text('')], /replied with nothing/, false],
  ['a reply of blanks', [reply.text(' \n\t ')], /replied with nothing/, false],
];

describe('a chat phase that fails', () => {
  for (const [name, script, message, scoutToo] of failures) {
    for (const phase of scoutToo ? (['task', 'scout'] as const) : (['task'] as const)) {
      it(`${phase} after ${name}: its header says failed, the message says why, also when reopened`, async () => {
        h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), agents: { scout: phase === 'scout' } });
        llm.server.script(...script);
        await h.view.send('how much will the solar roof cost?');
        const status = (): string | null | undefined => h?.view.contentEl.querySelector(`[data-phase="${phase}"] .reeve-chat-phase-status`)?.textContent;
        expect(status()).toBe('failed');
        expect(texts(h.view.contentEl, '.reeve-chat-error').join('\n')).toMatch(message);
        const id = h.view.chat.id;
        h.view.startNew();
        expect(await h.view.openChat(id)).toBe(true);
        expect(status()).toBe('failed');
      });
    }
  }

  it('a phase that answers stays done', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }) });
    llm.server.script(reply.text('The roof costs about 9,500 EUR.'));
    await h.view.send('how much?');
    expect(texts(h.view.contentEl, '.reeve-chat-phase-status')).toEqual(['done']);
    expect(texts(h.view.contentEl, '.reeve-chat-error')).toEqual([]);
  });

  it('Scout selecting nothing shows no Copy button', async () => {
    h = await openChat(SOLAR_VAULT, { client: chatClient(llm.server, { kind: 'openai', streaming: true }), agents: { scout: true } });
    llm.server.script(reply.toolCall('update_selection', { selectedPaths: [], reasoning: 'nothing fits', confidence: 'done' }), reply.text('Nothing in the vault is about that.'));
    await h.view.send('what about the moon?');
    expect(h.view.contentEl.querySelector('.reeve-chat-selection')?.textContent).toContain('Selected 0 notes');
    expect(h.view.contentEl.querySelector('.reeve-chat-copy')).toBeNull();
  });
});
