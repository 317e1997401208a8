// @vitest-environment happy-dom
// The composer and the context pills on the test runtime: the agent toggles persist and Send is
// disabled with every agent off; Enter sends and Shift+Enter does not; with Scout off the pills
// show the current note and the added notes with their tokens, the total against the Task token
// limit, follow the depth and same-folder choices, and name the notes the limit would leave out.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { numberedNote } from '../../src/agents/pipeline/numbered-note';
import { openChat, type ChatHarness } from './chat-harness';

const FILES: Record<string, string> = {
  'Projects/Solar.md': '# Solar\nSee [[Budget]].\n',
  'Projects/Budget.md': '# Budget\nPanels: 8000 EUR\nSee [[Vendors]].\n',
  'Projects/Vendors.md': '# Vendors\nSunCo\n',
  'Projects/Notes.md': '# Notes\nunlinked\n',
  'Big/Archive.md': `# Archive\n${'lorem ipsum dolor sit amet '.repeat(1200)}\n`,
};

let h: ChatHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const tokens = (path: string): number => numberedNote(path, FILES[path] ?? '').tokens;
const kfmt = (n: number): string => (n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

function key(el: HTMLElement, k: string, shift = false): void {
  el.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey: shift, bubbles: true, cancelable: true }));
}

describe('agent toggles', () => {
  it('persist through the host, and Send is disabled when all are off', async () => {
    h = await openChat(FILES, { agents: { scout: false, web: false, task: true } });
    const c = h.view.composer;
    c.input.value = 'hello';
    c.update();
    expect(c.sendButton.disabled).toBe(false);
    c.toggles.get('task')?.click();
    await Promise.resolve();
    await Promise.resolve();
    expect(h.agents).toEqual({ scout: false, web: false, task: false });
    expect(c.toggles.get('task')?.getAttribute('aria-pressed')).toBe('false');
    expect(c.sendButton.disabled).toBe(true);
    key(c.input, 'Enter');
    expect(await h.saved()).toEqual([]);
    c.toggles.get('scout')?.click();
    await Promise.resolve();
    await Promise.resolve();
    expect(h.agents.scout).toBe(true);
    expect(c.sendButton.disabled).toBe(false);
    // Scout on: the pills are hidden (Scout picks the notes).
    expect(h.view.pills.el.hasClass('reeve-hidden')).toBe(true);
  });

  it('Enter sends, Shift+Enter does not', async () => {
    h = await openChat(FILES);
    const c = h.view.composer;
    c.input.value = 'line one';
    key(c.input, 'Enter', true);
    expect(c.input.value).toBe('line one');
    key(c.input, 'Enter');
    expect(c.input.value).toBe('');
    await h.view.current;
    expect((await h.saved())[0]?.messages[0]?.turn.request).toBe('line one');
  });
});

describe('context pills (Scout off)', () => {
  it('show the current note and added notes with their tokens, and the total against the limit', async () => {
    h = await openChat(FILES, { active: 'Projects/Solar.md', task: { tokenLimit: 16_000 } });
    await h.view.host.setContext({ depth: 0, sameFolder: false });
    await h.view.pills.refresh();
    const pills = (): string[] => [...h!.view.pills.el.querySelectorAll('.reeve-chat-pill')].map((p) => p.textContent ?? '');
    expect(pills()).toEqual([`Projects/Solar · ${tokens('Projects/Solar.md')}`]);
    h.view.pills.add('Projects/Vendors.md');
    await h.view.pills.refresh();
    expect(pills()).toEqual([`Projects/Solar · ${tokens('Projects/Solar.md')}`, `Projects/Vendors · ${tokens('Projects/Vendors.md')}×`]);
    const total = tokens('Projects/Solar.md') + tokens('Projects/Vendors.md');
    expect(h.view.pills.el.querySelector('.reeve-chat-context-total')?.textContent).toBe(`Context: ${kfmt(total)} of 16k tokens`);
    // Depth 1 brings in the linked Budget; same folder brings in the rest of Projects.
    await h.view.host.setContext({ depth: 1, sameFolder: false });
    await h.view.pills.refresh();
    expect(pills()[2]).toBe(`+1 linked · ${tokens('Projects/Budget.md')}`);
    await h.view.host.setContext({ depth: 1, sameFolder: true });
    await h.view.pills.refresh();
    expect(pills()[2]).toMatch(/^\+2 linked/);
    // Removing a pill takes the note out.
    (h.view.pills.el.querySelector('.reeve-chat-pill-remove') as HTMLButtonElement).click();
    await h.view.pills.refresh();
    expect(h.view.pills.manual).toEqual([]);
  });

  it('name the notes the token limit leaves out, before sending', async () => {
    h = await openChat(FILES, { active: 'Projects/Solar.md', task: { tokenLimit: 3000 } });
    await h.view.host.setContext({ depth: 0, sameFolder: false });
    h.view.pills.add('Big/Archive.md');
    await h.view.pills.refresh();
    const total = h.view.pills.el.querySelector('.reeve-chat-context-total');
    expect(total?.hasClass('is-over')).toBe(true);
    expect(total?.querySelector('.reeve-chat-context-dropped')?.textContent).toMatch(/^Left out for the limit: Big\/Archive\.md \(\d/);
    expect([...h.view.pills.el.querySelectorAll('.reeve-chat-pill')].map((p) => p.textContent)).toContain('Big/Archive · left out×');
  });

  it('typing [[ in the message opens the note list in the box and keeps the brackets; a pick writes the link and adds the note', async () => {
    h = await openChat(FILES, { active: 'Projects/Solar.md' });
    const c = h.view.composer;
    c.input.value = 'compare with [[vend';
    c.input.selectionStart = c.input.selectionEnd = c.input.value.length;
    c.input.dispatchEvent(new Event('input'));
    expect(c.input.value).toBe('compare with [[vend');
    expect(c.links.isOpen()).toBe(true);
    key(c.input, 'Enter');
    expect(c.input.value).toBe('compare with [[Vendors]]');
    expect(c.links.isOpen()).toBe(false);
    expect(h.view.pills.manual).toEqual(['Projects/Vendors.md']);
  });

  it('[[ and "Add a note…" never offer a note behind a wall (an excluded folder, a hidden folder)', async () => {
    h = await openChat({ ...FILES, 'Private/Vendor contracts.md': '# Secret\n', '.hidden/Vendor list.md': '# Hidden\n' }, { active: 'Projects/Solar.md' });
    h.settings.excludedFolders = ['Private'];
    const c = h.view.composer;
    c.input.value = 'compare with [[vend';
    c.input.selectionStart = c.input.selectionEnd = c.input.value.length;
    c.input.dispatchEvent(new Event('input'));
    const offered = [...h.view.containerEl.querySelectorAll('.reeve-chat-link-suggest .suggestion-item')].map((e) => e.textContent ?? '');
    expect(offered.some((t) => t.includes('Vendors'))).toBe(true);
    expect(offered.filter((t) => /contracts|Vendor list/.test(t))).toEqual([]);
  });
});
