// The chat-render benchmark's streaming case, page side: a long answer (about 15,000 characters of
// the Markdown models write: headings, paragraphs, tight lists, code, a table, links) streamed
// into a new message of the real ChatView, one delta per animation frame, against the same text
// appended as plain text. The measure is the longest gap between frames from the first delta until
// the last render has landed, and then the frame that finishes the message (the final answer
// shown in place of what streamed).
import { MessageView } from '../../../src/views/chat/message-view';
import type { ChatMessageRecord } from '../../../src/views/chat/chat-record';
import { renderUntrusted } from '../../../src/views/chat/untrusted-markdown';
import { openedChat } from './chat-page';

const ZERO = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };

/** A long answer, built from sections until it reaches `chars` characters. */
export function longAnswer(chars: number): string {
  const parts: string[] = ['Here is the whole plan for the solar roof, section by section, with what each part costs and what is still open.'];
  for (let i = 1; parts.join('\n\n').length < chars; i++) {
    parts.push(`## ${i}. Part ${i} of the plan`);
    parts.push(`The installer's quote for part ${i} is **${8000 + i * 37} EUR**, which matches [[Projects/Budget]] within a few percent; the panels in [[Projects/Solar#Panels|the panel list]] are the ones from the *second* quote, and \`inverter-${i}\` is the model named there. See https://example.org/solar/quotes/${i} for the supplier's page.`);
    parts.push(['- panels: 8,000 EUR, 20 years of warranty', '- inverter: 1,500 EUR, replaced once in the roof\'s life', `- scaffolding: ${400 + i} EUR for two days`, '- permit: none needed under 30 kWp'].join('\n'));
    if (i % 3 === 0) parts.push(['```python', `def yearly_yield(kwp: float, hours: float = ${900 + i}) -> float:`, '    """Expected kWh per year for a roof of kwp kilowatt peak."""', '    return kwp * hours * 0.85', '```'].join('\n'));
    if (i % 4 === 0) parts.push(['| item | cost | note |', '| --- | --- | --- |', `| panels | 8,000 | ${i} quotes |`, '| inverter | 1,500 | hybrid |'].join('\n'));
    parts.push(`${'The payback period depends on how much of the yield is used at home rather than sold. '.repeat(2)}Part ${i} is done when the roof is signed off.`);
  }
  return parts.join('\n\n');
}

const frame = (): Promise<number> => new Promise((r) => requestAnimationFrame(r));

/** Frames after the last delta during which the last render must land (the answer renders at most every 120 ms). */
const SETTLE_FRAMES = 20;

export interface StreamBenchResult {
  /** Longest frame-to-frame gap while the answer streamed (and its last render landed). */
  longestFrameMs: number;
  /** The frame in which the message was finished (the final answer shown). */
  finishMs: number;
  chars: number;
  frames: number;
}

function liveRecord(answer: string): ChatMessageRecord {
  return {
    id: 'mstream',
    request: 'Write the whole plan.',
    agents: { scout: false, web: false, task: true },
    currentNote: 'Projects/Solar.md',
    manual: [],
    depth: 1,
    sameFolder: false,
    turn: { request: 'Write the whole plan.', currentNote: 'Projects/Solar.md', answer, edits: [], at: new Date(0).toISOString() },
    events: [],
    proposals: [],
    usage: { scout: { usage: ZERO, costUsd: 0 }, web: { usage: ZERO, costUsd: 0 }, task: { usage: ZERO, costUsd: 0 } },
    total: { usage: ZERO, costUsd: 0 },
    stopped: false,
    error: null,
    question: null,
  };
}

export async function benchStream(chars: number, deltaChars: number, mode: 'view' | 'plain'): Promise<StreamBenchResult> {
  const { view } = openedChat();
  const answer = longAnswer(chars);
  const deltas: string[] = [];
  for (let at = 0; at < answer.length; at += deltaChars) deltas.push(answer.slice(at, at + deltaChars));
  const list = view.list;
  // In a chat that has shown answers before, the renderer's code is warm: its first call (compiling
  // it) is not what a long answer costs, so one short answer is rendered, out of the page, first.
  await renderUntrusted(view.renderCtx(), longAnswer(1), createDiv());
  let apply: (delta: string) => void;
  let finish: () => Promise<void>;
  if (mode === 'view') {
    const live = new MessageView(list.append(), liveRecord(answer), view.renderCtx(), { openNote: () => undefined, copyNotes: () => Promise.resolve(), openEdit: () => undefined, decideEdits: () => Promise.resolve(new Map<string, string>()) }, true);
    live.apply({ type: 'phase_started', phase: 'task' });
    apply = (delta) => {
      live.apply({ type: 'text_delta', phase: 'task', text: delta });
      list.follow();
    };
    finish = () => live.complete();
  } else {
    const el = list.append().createDiv();
    apply = (delta) => {
      el.appendText(delta);
      list.follow();
    };
    finish = () => Promise.resolve();
  }
  let last = await frame();
  let longest = 0;
  for (let i = 0; i < deltas.length + SETTLE_FRAMES; i++) {
    const delta = deltas[i];
    if (delta !== undefined) apply(delta);
    const now = await frame();
    longest = Math.max(longest, now - last);
    last = now;
  }
  // For a trace of the run: what came before this mark was the stream, what follows is its end.
  performance.mark('reeve-stream-end');
  const t0 = await frame();
  await finish();
  const finishMs = (await frame()) - t0;
  return { longestFrameMs: longest, finishMs, chars: answer.length, frames: deltas.length };
}
