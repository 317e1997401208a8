// Stop conditions, context budget, turn retries and cancellation of the agent loop, against the
// scripted server through the real OpenAI and Anthropic clients.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agents/loop/agent-events';
import { runAgentLoop, type AgentLoopOptions } from '../../../src/agents/loop/agent-loop';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { clientFor, type ClientSetup } from '../llm/client-fixtures';
import { notesTools } from './notes-tools';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const opening = [{ role: 'system' as const, content: 'You manage notes.' }, { role: 'user' as const, content: 'Tidy up.' }];

async function run(setup: ClientSetup, extra: Partial<AgentLoopOptions> = {}) {
  const events: AgentEvent[] = [];
  const calls: string[] = [];
  const result = await runAgentLoop({ client: clientFor(server, setup), tools: notesTools(calls), messages: opening, onEvent: (e) => events.push(e), ...extra });
  return { result, events, calls };
}

describe.each(['openai', 'anthropic'] as const)('%s', (kind) => {
  it('stops on a final answer', async () => {
    server.script(reply.toolCall('list_notes', {}), reply.text('There are two notes.'));
    const { result } = await run({ kind });
    expect([result.stop, result.finalText, result.iterations]).toEqual(['final_answer', 'There are two notes.', 2]);
  });

  it('reminds the model to finish with a terminal tool when asked to', async () => {
    server.script(reply.text('Done, I think.'), reply.toolCall('submit_answer', { summary: 's', paths: [], confidence: 'low' }));
    const { result } = await run({ kind }, { finalAnswer: 'require_terminal_tool' });
    expect(result.stop).toBe('terminal_tool');
    expect(JSON.stringify(server.chatRequests()[1]?.body.messages)).toContain('Finish by calling one of these tools: submit_answer.');
  });

  it('stops at the iteration limit', async () => {
    server.respondWith(() => reply.toolCall('list_notes', {}));
    const { result, calls } = await run({ kind }, { maxIterations: 3 });
    expect([result.stop, result.iterations]).toEqual(['max_iterations', 3]);
    expect(calls).toEqual(['list_notes', 'list_notes', 'list_notes']);
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('sends the large initial context once, then its summary', async () => {
    const tree = Array.from({ length: 400 }, (_, i) => `Folder${i % 7}/note-${i}.md`).join('\n');
    server.script(reply.toolCall('list_notes', {}), reply.toolCall('list_notes', {}), reply.text('ok'));
    const events: AgentEvent[] = [];
    await runAgentLoop({
      client: clientFor(server, { kind }),
      tools: notesTools(),
      messages: [{ role: 'system', content: 'You manage notes.' }, { role: 'user', content: `Vault tree:\n${tree}`, summary: 'Vault tree: 400 notes in 7 folders (shown in the first turn).' }],
      onEvent: (e) => events.push(e),
    });
    const [first, second, third] = server.chatRequests();
    expect(first?.rawBody).toContain('Folder3/note-3.md');
    for (const later of [second, third]) {
      expect(later?.rawBody).not.toContain('Folder3/note-3.md');
      expect(later?.rawBody).toContain('400 notes in 7 folders');
    }
    expect(second?.approxTokens).toBeLessThan((first?.approxTokens ?? 0) / 4);
    expect(events.filter((e) => e.type === 'context_compacted')).toHaveLength(1);
  });

  it('keeps the opening and the latest whole exchanges when the conversation grows', async () => {
    server.respondWith((request) => reply.toolCall('read_note', { path: `n${request.index}.md` }));
    const { events } = await run({ kind }, { maxIterations: 6, keepLastMessages: 4 });
    const last = server.chatRequests().at(-1);
    const messages = (last?.body.messages ?? []) as { role: string; content: unknown }[];
    const text = JSON.stringify(messages);
    expect(text).toContain('Tidy up.');
    expect(text).toContain('earlier messages of this conversation were left out');
    expect(text).toContain('n4.md');
    expect(text).not.toContain('n0.md');
    expect(events.some((e) => e.type === 'context_trimmed')).toBe(true);
    // Each tool result follows the assistant turn that made the call.
    if (kind === 'openai') {
      const ids = new Set<string>();
      for (const m of messages as { role: string; tool_calls?: { id: string }[]; tool_call_id?: string }[]) {
        for (const c of m.tool_calls ?? []) ids.add(c.id);
        if (m.role === 'tool') expect(ids.has(m.tool_call_id ?? '')).toBe(true);
      }
      expect(messages[2]?.role).toBe('assistant');
    } else {
      const ids = new Set<string>();
      for (const m of messages) {
        for (const b of (Array.isArray(m.content) ? m.content : []) as { type: string; id?: string; tool_use_id?: string }[]) {
          if (b.type === 'tool_use') ids.add(b.id ?? '');
          if (b.type === 'tool_result') expect(ids.has(b.tool_use_id ?? '')).toBe(true);
        }
      }
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    }
  });

  it('asks again after a stream cut inside a tool call, executing nothing from the cut reply', async () => {
    server.script(reply.cutInToolCall('submit_answer', { summary: 'half', paths: [], confidence: 'low' }), reply.text('Nothing to do.'));
    const { result, events, calls } = await run({ kind });
    expect([result.stop, result.finalText]).toEqual(['final_answer', 'Nothing to do.']);
    expect(calls).toEqual([]);
    expect(events.filter((e) => e.type === 'turn_retry')).toHaveLength(1);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('gives up after the turn retries when replies keep hitting the token limit', async () => {
    server.respondWith(() => reply.turn({ toolCalls: [{ name: 'list_notes', arguments: '{' }], finish: 'length', usage: { input: 100, output: 64 } }));
    const { result, calls } = await run({ kind }, { maxTurnRetries: 2 });
    expect(result.stop).toBe('error');
    expect(result.error?.kind).toBe('truncated');
    expect(calls).toEqual([]);
    expect(server.chatRequests()).toHaveLength(3);
    expect(JSON.stringify(server.chatRequests()[1]?.body.messages)).toContain('was cut off at the output token limit');
    // The cut replies were still billed.
    expect(result.usage).toEqual({ inputTokens: 300, outputTokens: 192, cachedInputTokens: 0 });
  });

  it('stops at once when cancelled during a slow reply', async () => {
    server.script(reply.toolCall('list_notes', {}), reply.turn({ text: 'late' }, { delayMs: 5_000 }));
    const controller = new AbortController();
    const { result } = await run({ kind }, {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'iteration_started' && e.iteration === 2) setTimeout(() => controller.abort(), 50);
      },
    });
    expect(result.stop).toBe('error');
    expect(result.error?.kind).toBe('aborted');
    expect(result.iterations).toBe(2);
  });
});

describe('tool set checks', () => {
  it('refuses two tools with one name', async () => {
    const tools = [...notesTools(), ...notesTools()];
    await expect(runAgentLoop({ client: clientFor(server, { kind: 'openai' }), tools, messages: opening })).rejects.toThrow(/Two tools are named "list_notes"/);
  });

  it('answers a call to an unknown tool with the available tools', async () => {
    server.script(reply.toolCall('delete_everything', {}), reply.text('ok'));
    const { events } = await run({ kind: 'openai' });
    const result = events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ status: 'unknown_tool', content: 'There is no tool "delete_everything"; the call was not executed. Available tools: list_notes, read_note, submit_answer.' });
  });
});
