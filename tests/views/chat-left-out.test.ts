// @vitest-environment happy-dom
// The notes the token limit leaves out, however many: a hub note's links (dozens or hundreds)
// are named by their first few and counted, with all of them a hover or a click away, so the
// list never pushes the messages and the answer out of the pane. Before, the composer listed
// every one on a line that filled the sidebar.
import '../obsidian/dom';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../llm-server';
import { NAMED_AT_MOST, namedAndCounted } from '../../src/views/chat/usage-text';
import { chatClient, openChat, useScriptedServer, type ChatHarness } from './chat-harness';

const llm = useScriptedServer();
let h: ChatHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

function hub(n: number, repeat = 60): Record<string, string> {
  const files: Record<string, string> = { 'Hub.md': Array.from({ length: n }, (_, i) => `[[Topic ${i}]]`).join('\n') };
  for (let i = 0; i < n; i++) files[`Topics/Topic ${i}.md`] = `# Topic ${i}\n${'some words here '.repeat(repeat)}\n`;
  return files;
}

describe('notes left out for the token limit', () => {
  it('a list is named by its first few and counted', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 300 }), (items) => {
        const text = namedAndCounted(items);
        const named = items.slice(0, NAMED_AT_MOST);
        expect(text.startsWith(named.join(', '))).toBe(true);
        expect(text.endsWith(items.length > NAMED_AT_MOST ? ` and ${items.length - NAMED_AT_MOST} more` : named.join(', '))).toBe(true);
      }),
    );
  });

  it('in the composer and in the message, for a hub of 60 notes', async () => {
    h = await openChat(hub(60), { client: chatClient(llm.server, { kind: 'openai', streaming: true }), active: 'Hub.md', task: { tokenLimit: 3000 } });
    await h.view.host.setContext({ depth: 1, sameFolder: false });
    await h.view.pills.refresh();
    const line = h.view.pills.el.querySelector('.reeve-chat-context-dropped');
    const left = (line?.getAttribute('title') ?? '').split('\n');
    expect(left.length).toBeGreaterThan(NAMED_AT_MOST);
    expect(line?.textContent).toBe(`Left out for the limit: ${left.slice(0, NAMED_AT_MOST).join(', ')} and ${left.length - NAMED_AT_MOST} more`);

    llm.server.script(reply.text('The hub links topics.'));
    await h.view.send('what is in the hub?');
    const box = h.view.contentEl.querySelector<HTMLDetailsElement>('details.reeve-chat-dropped');
    expect(box?.open).toBe(false);
    expect(box?.querySelector('summary')?.textContent).toBe(`Over the 3.0k-token limit, ${left.length} notes left out`);
    expect(box?.querySelectorAll('li').length).toBe(left.length);
  });

  it('a few are shown open', async () => {
    h = await openChat(hub(3, 300), { client: chatClient(llm.server, { kind: 'openai', streaming: true }), active: 'Hub.md', task: { tokenLimit: 3000 } });
    await h.view.host.setContext({ depth: 1, sameFolder: false });
    llm.server.script(reply.text('The hub links topics.'));
    await h.view.send('what is in the hub?');
    const box = h.view.contentEl.querySelector<HTMLDetailsElement>('details.reeve-chat-dropped');
    expect(box?.open).toBe(true);
    expect(box?.querySelector('summary')?.textContent).toMatch(/^Over the 3\.0k-token limit, [12] notes? left out$/);
  });
});
