import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/agents/llm/chat-types';
import { compactInitialContext, estimateTokens, fitContext } from '../../../src/agents/loop/context-budget';

const opening: ChatMessage[] = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'task' },
];

function exchange(i: number, results = 1, size = 10): ChatMessage[] {
  const calls = Array.from({ length: results }, (_, k) => ({ id: `c${i}-${k}`, name: 'read', arguments: '{}' }));
  return [{ role: 'assistant', content: `turn ${i}`, toolCalls: calls }, ...calls.map((c): ChatMessage => ({ role: 'tool', toolCallId: c.id, name: 'read', content: 'x'.repeat(size) }))];
}

describe('fitContext', () => {
  it('sends everything when it fits', () => {
    const messages = [...opening, ...exchange(1), ...exchange(2)];
    expect(fitContext(messages, { keepLastMessages: 10, maxInputTokens: 10_000 })).toEqual({ messages, omitted: 0 });
  });

  it('keeps the opening and whole latest exchanges, with a note', () => {
    const messages = [...opening, ...exchange(1), ...exchange(2, 2), ...exchange(3)];
    const { messages: sent, omitted } = fitContext(messages, { keepLastMessages: 5, maxInputTokens: 10_000 });
    expect(omitted).toBe(2);
    expect(sent.map((m) => m.content.slice(0, 6))).toEqual(['sys', 'task\n\n', 'turn 2', 'xxxxxx', 'xxxxxx', 'turn 3', 'xxxxxx']);
    expect(sent[1]?.content).toContain('[2 earlier messages of this conversation were left out');
    expect(messages[1]?.content).toBe('task');
  });

  it('respects the token budget, but always sends the latest exchange', () => {
    const messages = [...opening, ...exchange(1, 1, 400), ...exchange(2, 1, 4000)];
    const { messages: sent, omitted } = fitContext(messages, { keepLastMessages: 50, maxInputTokens: 200 });
    expect(omitted).toBe(2);
    expect(sent.at(-2)?.content).toBe('turn 2');
  });

  it('never separates a tool result from its call, and keeps the order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 300 })), { maxLength: 12 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 20, max: 2000 }), (shape, keep, budget) => {
        const messages = [...opening, ...shape.flatMap(([n, size], i) => exchange(i, n, size))];
        const { messages: sent, omitted } = fitContext(messages, { keepLastMessages: keep, maxInputTokens: budget });
        expect(sent.slice(0, 1)).toEqual(opening.slice(0, 1));
        expect(sent.length).toBe(messages.length - omitted);
        const seen = new Set<string>();
        for (const m of sent) {
          if (m.role === 'assistant') for (const c of m.toolCalls ?? []) seen.add(c.id);
          if (m.role === 'tool') expect(seen.has(m.toolCallId)).toBe(true);
        }
        if (omitted > 0) expect(sent[2]?.role).toBe('assistant');
        // The kept tail is a suffix of the conversation.
        const tail = sent.slice(2);
        expect(messages.slice(messages.length - tail.length)).toEqual(tail);
      }),
    );
  });
});

describe('compactInitialContext', () => {
  it('replaces messages that carry a summary and reports the saving', () => {
    const big = { role: 'user' as const, content: 'tree '.repeat(1000), summary: 'A tree of 1000 nodes.' };
    const { messages, replaced, savedTokens } = compactInitialContext([opening[0] as ChatMessage, big]);
    expect(messages[1]).toEqual({ role: 'user', content: 'A tree of 1000 nodes.' });
    expect(replaced).toBe(1);
    expect(savedTokens).toBe(estimateTokens([big]) - estimateTokens([messages[1] as ChatMessage]));
    expect(compactInitialContext(opening).replaced).toBe(0);
  });
});
