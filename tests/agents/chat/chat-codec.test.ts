// The chat file format: every chat survives a round trip; whatever else is in a file (any JSON,
// a chat with a field taken out or of the wrong kind) is refused with a reason, never a throw;
// compaction keeps the streamed text whole; and a note's text tells accepted from rejected.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeChat, encodeChat } from '../../../src/agents/chat/chat-codec';
import type { Chat, ChatMessageRecord } from '../../../src/agents/chat/chat-types';
import { compactEvents, TOOL_CONTENT_KEPT } from '../../../src/agents/chat/compact-events';
import { inferDecision } from '../../../src/agents/chat/edit-states';
import { PHASE_NAMES, type PipelineEvent } from '../../../src/agents/pipeline/pipeline-events';

const phase = fc.constantFrom(...PHASE_NAMES);
const usage = fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat(), cachedInputTokens: fc.nat() });
const phaseUsage = fc.record({ usage, costUsd: fc.double({ min: 0, max: 10, noNaN: true }) });

const event: fc.Arbitrary<PipelineEvent> = fc.oneof(
  fc.record({ type: fc.constant('text_delta' as const), phase, text: fc.string() }),
  fc.record({ type: fc.constant('reasoning_delta' as const), phase, text: fc.string() }),
  fc.record({ type: fc.constant('tool_call' as const), phase, callId: fc.string(), name: fc.string(), arguments: fc.json(), summary: fc.string() }),
  fc.record({ type: fc.constant('tool_result' as const), phase, callId: fc.string(), name: fc.string(), status: fc.constantFrom('ok' as const, 'failed' as const), summary: fc.string(), content: fc.string({ maxLength: 50 }) }),
  fc.record({ type: fc.constant('phase_finished' as const), phase, stopped: fc.boolean(), usage, costUsd: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ type: fc.constant('web_page' as const), url: fc.webUrl(), tokens: fc.nat(), status: fc.constantFrom('read' as const, 'refused' as const) }),
  fc.record({ type: fc.constant('edits_proposed' as const), edits: fc.array(fc.record({ id: fc.string(), file: fc.string(), type: fc.constantFrom('add' as const, 'replace' as const, 'delete' as const) })) }),
  fc.record({ type: fc.constant('error' as const), phase: fc.option(phase, { nil: null }), message: fc.string() }),
  fc.record({ type: fc.constant('run_finished' as const), stopped: fc.boolean(), error: fc.option(fc.string(), { nil: null }) }),
);

const edit = fc.oneof(
  fc.record({ id: fc.string({ minLength: 1 }), file: fc.string(), type: fc.constantFrom('add' as const, 'replace' as const, 'delete' as const), state: fc.constantFrom('proposed' as const, 'accepted' as const, 'rejected' as const) }),
  fc.record({ id: fc.constant(''), file: fc.string(), type: fc.constant('edit' as const), state: fc.constant('refused' as const), reason: fc.string() }),
);

const message: fc.Arbitrary<ChatMessageRecord> = fc
  .record({
    id: fc.string(),
    request: fc.string(),
    agents: fc.record({ scout: fc.boolean(), web: fc.boolean(), task: fc.boolean() }),
    currentNote: fc.option(fc.string(), { nil: null }),
    manual: fc.array(fc.string(), { maxLength: 3 }),
    depth: fc.integer({ min: 0, max: 3 }),
    sameFolder: fc.boolean(),
    answer: fc.string(),
    edits: fc.array(edit, { maxLength: 3 }),
    at: fc.constant('2026-11-24T07:00:00.000Z'),
    stoppedTurn: fc.boolean(),
    events: fc.array(event, { maxLength: 8 }),
    proposals: fc.array(fc.record({ id: fc.string(), file: fc.string(), before: fc.string(), after: fc.string() }), { maxLength: 2 }),
    usage: fc.record({ scout: phaseUsage, web: phaseUsage, task: phaseUsage }),
    total: phaseUsage,
    stopped: fc.boolean(),
    error: fc.option(fc.string(), { nil: null }),
    question: fc.option(fc.string(), { nil: null }),
  })
  .map(({ answer, edits, at, stoppedTurn, ...m }) => ({ ...m, turn: { request: m.request, currentNote: m.currentNote, answer, edits, at, ...(stoppedTurn ? { stopped: true } : {}) } }));

const chat: fc.Arbitrary<Chat> = fc.record({ id: fc.stringMatching(/^c[a-z0-9]{4,10}$/), title: fc.string(), createdAt: fc.string(), updatedAt: fc.string(), messages: fc.array(message, { maxLength: 4 }) });

describe('chat codec', () => {
  it('reads back every chat it writes (property)', () => {
    fc.assert(
      fc.property(chat, (c) => {
        expect(decodeChat(encodeChat(c))).toEqual({ ok: true, chat: c });
      }),
    );
  });

  it('refuses any JSON that is not a chat with a reason, never a throw (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = decodeChat(JSON.stringify(v));
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.reason.length).toBeGreaterThan(10);
      }),
    );
  });

  it('refuses a chat with a required field taken out, or any field of the wrong kind, naming where (property)', () => {
    /** Every path to a field of a chat file. */
    const paths = (v: unknown, at: (string | number)[] = []): (string | number)[][] =>
      typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, x]) => [[...at, Array.isArray(v) ? Number(k) : k], ...paths(x, [...at, Array.isArray(v) ? Number(k) : k])]) : [];
    fc.assert(
      fc.property(chat.filter((c) => c.messages.length > 0), fc.nat(), fc.boolean(), (c, pick, remove) => {
        const doc = JSON.parse(encodeChat(c)) as Record<string, unknown>;
        // Fields checked: everything but a turn's inner fields and event extras (read elsewhere), and the marker.
        const fields = paths(doc).filter((p) => typeof p[p.length - 1] === 'string' && !['at', 'stopped', 'reason', 'newNote', 'reeve', 'version'].includes(p[p.length - 1] as string) && !p.includes('events') && !p.includes('edits') && !(p.includes('turn') && p.length > 3));
        // A message's own fields other than its turn and events have defaults: removing them is allowed.
        const optional = (p: (string | number)[]): boolean => p.length === 3 && p[0] === 'messages' && !['turn', 'events'].includes(p[2] as string);
        const candidates = remove ? fields.filter((p) => !optional(p)) : fields;
        const target = candidates[pick % candidates.length];
        if (!target) return;
        let node = doc as Record<string | number, unknown>;
        for (const k of target.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
        const key = target[target.length - 1] as string;
        if (remove) delete node[key];
        else node[key] = typeof node[key] === 'number' ? 'not a number' : 12;
        const r = decodeChat(JSON.stringify(doc));
        expect(r.ok, `${target.join('.')} ${remove ? 'removed' : 'changed'}`).toBe(false);
        if (!r.ok) expect(r.reason).toMatch(/should be|is missing|wrong kind|not an event/);
      }),
    );
  });
});

describe('a message written with fewer fields', () => {
  it('opens with defaults: the turn and the events are what a chat must have', () => {
    const doc = { reeve: 'chat', version: 1, id: 'cmin', title: 't', createdAt: 'a', updatedAt: 'b', messages: [{ turn: { request: 'hi', currentNote: 'A.md', answer: 'hello', edits: [], at: 'x' }, events: [{ type: 'text_delta', phase: 'task', text: 'hello' }] }] };
    const r = decodeChat(JSON.stringify(doc));
    expect(r.ok && r.chat.messages[0]).toMatchObject({ request: 'hi', currentNote: 'A.md', agents: { scout: false, web: false, task: true }, proposals: [], stopped: false, error: null, total: { costUsd: 0 } });
    expect(decodeChat(JSON.stringify({ ...doc, messages: [{ turn: doc.messages[0]?.turn }] }))).toEqual({ ok: false, reason: 'messages[0].events should be a list' });
  });
});

describe('compactEvents', () => {
  it('keeps the streamed text of each phase whole and every other event in order (property)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const out = compactEvents(events);
        const text = (es: PipelineEvent[], type: string, p: string): string => es.map((e) => (e.type === type && 'phase' in e && e.phase === p && 'text' in e ? e.text : '')).join('');
        for (const p of PHASE_NAMES) for (const t of ['text_delta', 'reasoning_delta']) expect(text(out, t, p)).toBe(text(events, t, p));
        const others = (es: PipelineEvent[]): string[] => es.filter((e) => e.type !== 'text_delta' && e.type !== 'reasoning_delta').map((e) => JSON.stringify(e));
        expect(others(out)).toEqual(others(events));
        for (let i = 1; i < out.length; i++) {
          const [a, b] = [out[i - 1], out[i]];
          if (a && b && (a.type === 'text_delta' || a.type === 'reasoning_delta') && a.type === b.type) expect('phase' in b && b.phase).not.toBe(a.phase);
        }
      }),
    );
  });

  it('cuts a long tool result and says how much was left out', () => {
    const [e] = compactEvents([{ type: 'tool_result', phase: 'scout', callId: '1', name: 'fetch_note', status: 'ok', summary: 'read', content: 'x'.repeat(TOOL_CONTENT_KEPT + 1234) }]);
    expect(e?.type === 'tool_result' && e.content).toMatch(/^x{2000}\n… \(1,234 more characters not kept in the chat\)$/);
  });
});

describe('inferDecision', () => {
  const p = (before: string, after: string, newNote?: true) => ({ id: 'e1', file: 'a.md', before, after, ...(newNote ? { newNote } : {}) });
  it.each([
    ['a replacement accepted', 'one\nNEW\nthree\n', p('old', 'NEW'), 'accepted'],
    ['a replacement rejected', 'one\nold\nthree\n', p('old', 'NEW'), 'rejected'],
    ['an addition accepted', 'one\nadded line\n', p('', 'added line'), 'accepted'],
    ['an addition rejected', 'one\n', p('', 'added line'), 'rejected'],
    ['a deletion accepted', 'one\nthree\n', p('two', ''), 'accepted'],
    ['a deletion rejected', 'one\ntwo\nthree\n', p('two', ''), 'rejected'],
    ['an extension accepted', 'one two more\n', p('one two', 'one two more'), 'accepted'],
    ['a new note rejected (trashed)', null, p('', 'hello', true), 'rejected'],
    ['a note edited since: neither text', 'something else\n', p('old', 'NEW'), null],
    ['a note gone', null, p('old', 'NEW'), null],
  ])('%s', (_what, text, proposal, expected) => {
    expect(inferDecision(text, proposal)).toBe(expected);
  });
});
