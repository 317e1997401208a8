// The latest exchange in the room the opening leaves: whatever the model sent and the tools
// answered, the bounded exchange fits (as the loop counts tokens), small pieces stay whole, cut
// results say so, and cut arguments stay JSON.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ToolResultMessage } from '../../../src/agents/llm/chat-types';
import { estimateTokens } from '../../../src/agents/loop/context-budget';
import { boundExchange, cutArguments, fairShares } from '../../../src/agents/loop/exchange-budget';

function exchange(text: number, args: number[], results: number[]): { assistant: AssistantMessage; results: ToolResultMessage[] } {
  const calls = args.map((n, i) => ({ id: `c${i}`, name: 'fetch_note', arguments: JSON.stringify({ path: 'p'.repeat(n) }) }));
  return {
    assistant: { role: 'assistant', content: 't'.repeat(text), toolCalls: calls },
    results: results.map((n, i) => ({ role: 'tool', toolCallId: `c${i}`, name: 'fetch_note', content: `line\n`.repeat(Math.ceil(n / 5)) })),
  };
}

describe('boundExchange', () => {
  it('fits the room, keeps what fits whole, and says where it cut (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 2_000, max: 30_000 }), (text, sizes, room) => {
        const ex = exchange(text, sizes, sizes.map((s) => s * 2));
        const bounded = boundExchange(ex, room, () => 'Call it again.');
        expect(estimateTokens([bounded.assistant, ...bounded.results])).toBeLessThanOrEqual(room);
        for (const c of bounded.assistant.toolCalls ?? []) expect(() => JSON.parse(c.arguments) as unknown).not.toThrow();
        for (const [i, r] of bounded.results.entries()) {
          const whole = ex.results[i]?.content ?? '';
          if (r.content !== whole) expect(r.content).toMatch(/\[Cut to fit the model's context window: [\d,]+ of [\d,]+ characters shown\. Call it again\.\]$/);
        }
        if (estimateTokens([ex.assistant, ...ex.results]) <= room) expect(bounded.cut).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('shares fairly: what needs less than a share keeps it all', () => {
    expect(fairShares([10, 1000, 1000], 610)).toEqual([10, 300, 300]);
  });

  it('cuts arguments inside their JSON, or gives {} when that cannot be', () => {
    expect(JSON.parse(cutArguments(JSON.stringify({ query: 'x'.repeat(10_000), limit: 3 }), 200))).toEqual({ query: `${'x'.repeat(100)}…`, limit: 3 });
    expect(cutArguments(`{"query": "${'x'.repeat(500)}`, 100)).toBe('{}');
  });
});
