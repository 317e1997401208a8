// The chat-render benchmark's page side: a chat of N messages (each a finished Scout → Task run
// with steps, a selection and a Markdown answer) opened in the real ChatView, against the same
// messages drawn as plain text; then text streamed into a new message and the list scrolled end
// to end, with the longest gap between animation frames as the measure of jank.
import type { ChatMessageRecord, ChatRecord } from '../../../src/views/chat/chat-record';
import { MessageView } from '../../../src/views/chat/message-view';
import { openedChat } from './chat-page';

const ZERO = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };

function message(i: number): ChatMessageRecord {
  const answer = `Answer ${i}: the roof costs **about ${9000 + i} EUR**; see [[Projects/Budget]].\n\n- panels 8,000 EUR\n- inverter 1,500 EUR\n\n${'More detail about the plan and the quotes. '.repeat(6)}`;
  const usage = { inputTokens: 1200, outputTokens: 150, cachedInputTokens: 0 };
  return {
    id: `m${i}`,
    request: `Question ${i}: how much will the solar roof cost?`,
    agents: { scout: true, web: false, task: true },
    currentNote: 'Projects/Solar.md',
    manual: [],
    depth: 1,
    sameFolder: false,
    turn: { request: `Question ${i}: how much will the solar roof cost?`, currentNote: 'Projects/Solar.md', answer, edits: [], at: new Date(0).toISOString() },
    events: [
      { type: 'run_started', phases: ['scout', 'task'] },
      { type: 'phase_started', phase: 'scout' },
      { type: 'tool_call', phase: 'scout', callId: `c${i}`, name: 'search_keyword', arguments: '{"query":"solar"}', summary: "searched 'solar'" },
      { type: 'tool_result', phase: 'scout', callId: `c${i}`, name: 'search_keyword', status: 'ok', summary: '4 notes', content: '' },
      { type: 'selection_updated', selected: [{ path: 'Projects/Solar.md', why: [{ kind: 'title', detail: 'solar' }], score: 0.6, tokens: 27 }, { path: 'Projects/Budget.md', why: [{ kind: 'link', detail: '1 link' }], score: 0.2, tokens: 18 }], reasoning: 'project and budget', confidence: 'done' },
      { type: 'phase_finished', phase: 'scout', stopped: false, usage, costUsd: 0.003 },
      { type: 'phase_started', phase: 'task' },
      { type: 'text_delta', phase: 'task', text: answer },
      { type: 'usage', phase: 'task', usage, costUsd: 0.003, totalUsage: usage, totalCostUsd: 0.006 },
      { type: 'phase_finished', phase: 'task', stopped: false, usage, costUsd: 0.003 },
      { type: 'run_finished', stopped: false, error: null },
    ],
    proposals: [],
    usage: { scout: { usage, costUsd: 0.003 }, web: { usage: ZERO, costUsd: 0 }, task: { usage, costUsd: 0.003 } },
    total: { usage, costUsd: 0.006 },
    stopped: false,
    error: null,
    question: null,
  };
}

const frame = (): Promise<number> => new Promise((r) => requestAnimationFrame(r));

/** Runs `tick` once per frame for `frames` frames; the longest frame-to-frame gap in ms. */
async function longestFrame(frames: number, tick: (i: number) => void | Promise<void>): Promise<number> {
  let last = await frame();
  let longest = 0;
  for (let i = 0; i < frames; i++) {
    await tick(i);
    const now = await frame();
    longest = Math.max(longest, now - last);
    last = now;
  }
  return longest;
}

export interface ChatBenchResult {
  openMs: number;
  streamLongestFrameMs: number;
  scrollLongestFrameMs: number;
  drawnMessages: number;
}

export async function benchChat(n: number, mode: 'view' | 'plain'): Promise<ChatBenchResult> {
  const { view, fixture } = openedChat();
  const chat: ChatRecord = { id: `cbench${n}${mode}`, title: 'Bench', createdAt: new Date(0).toISOString(), updatedAt: new Date(0).toISOString(), messages: Array.from({ length: n }, (_, i) => message(i)) };
  const list = view.list.el;
  const delta = 'streamed words of the answer, a few at a time; ';
  if (mode === 'view') {
    await fixture.host.store.save(chat);
    const t0 = performance.now();
    await view.openChat(chat.id);
    await frame();
    await frame();
    const openMs = performance.now() - t0;
    const live = new MessageView(view.list.append(), message(n), view.renderCtx(), { openNote: () => undefined, copyNotes: () => Promise.resolve(), openEdit: () => undefined, decideEdits: () => Promise.resolve(new Map<string, string>()) }, true);
    live.apply({ type: 'phase_started', phase: 'task' });
    const streamLongestFrameMs = await longestFrame(90, () => {
      live.apply({ type: 'text_delta', phase: 'task', text: delta });
      view.list.follow();
    });
    const scrollLongestFrameMs = await longestFrame(60, () => {
      list.scrollTop = Math.max(0, list.scrollTop - list.scrollHeight / 50);
    });
    return { openMs, streamLongestFrameMs, scrollLongestFrameMs, drawnMessages: list.querySelectorAll('.reeve-chat-message').length };
  }
  // Plain text: the same messages, request and answer as text, all drawn at once.
  list.empty();
  const t0 = performance.now();
  for (const m of chat.messages) {
    const el = list.createDiv();
    el.createDiv({ text: m.request });
    el.createDiv({ text: m.turn.answer });
  }
  list.scrollTop = list.scrollHeight;
  await frame();
  await frame();
  const openMs = performance.now() - t0;
  const liveEl = list.createDiv();
  const streamLongestFrameMs = await longestFrame(90, () => {
    liveEl.appendText(delta);
    list.scrollTop = list.scrollHeight;
  });
  const scrollLongestFrameMs = await longestFrame(60, () => {
    list.scrollTop = Math.max(0, list.scrollTop - list.scrollHeight / 50);
  });
  return { openMs, streamLongestFrameMs, scrollLongestFrameMs, drawnMessages: n };
}
