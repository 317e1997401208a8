// The done-when of the LLM layer: every provider runs a multi-step tool loop against the scripted
// server, streaming and not, natively and (for local models) with text tool calls.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agents/loop/agent-events';
import { runAgentLoop } from '../../../src/agents/loop/agent-loop';
import { reply, startScriptedLlmServer, type RecordedRequest, type ScriptedLlmServer } from '../../llm-server';
import { clientFor, type ClientSetup } from '../llm/client-fixtures';
import { notesTools } from './notes-tools';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const MATRIX: (ClientSetup & { label: string })[] = [
  { label: 'openai streaming', kind: 'openai', streaming: true },
  { label: 'openai whole', kind: 'openai', streaming: false },
  { label: 'anthropic streaming', kind: 'anthropic', streaming: true },
  { label: 'anthropic whole', kind: 'anthropic', streaming: false },
  { label: 'compatible native', kind: 'openai-compatible', streaming: true },
  { label: 'compatible hermes streaming', kind: 'openai-compatible', streaming: true, toolFormat: 'hermes' },
  { label: 'compatible hermes whole', kind: 'openai-compatible', streaming: false, toolFormat: 'hermes' },
  { label: 'compatible json', kind: 'openai-compatible', streaming: true, toolFormat: 'json' },
];

const hermes = (name: string, args: unknown): string => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
const fenced = (name: string, args: unknown): string => `I will call a tool.\n\`\`\`json\n${JSON.stringify({ name, arguments: args })}\n\`\`\``;

function scriptRun(setup: ClientSetup): void {
  const answer = { summary: 'Two notes; one is about Reeve.', paths: ['Projects/reeve.md'], confidence: 'high' };
  if (setup.toolFormat === 'hermes') {
    server.script(
      reply.text(hermes('list_notes', {})),
      reply.text(`Reading both.\n${hermes('read_note', { path: 'Projects/reeve.md' })}\n${hermes('read_note', { path: 'Nowhere.md' })}`),
      reply.text(hermes('submit_answer', { summary: 'x', paths: 'Projects/reeve.md', confidence: 'very' })),
      reply.text(hermes('submit_answer', answer), { usage: { input: 500, output: 40, cached: 100 } }),
    );
  } else if (setup.toolFormat === 'json') {
    server.script(
      reply.text(JSON.stringify({ name: 'list_notes', arguments: {} })),
      reply.text(`[${JSON.stringify({ name: 'read_note', arguments: { path: 'Projects/reeve.md' } })}, ${JSON.stringify({ name: 'read_note', arguments: { path: 'Nowhere.md' } })}]`),
      reply.text(fenced('submit_answer', { summary: 'x', paths: 'Projects/reeve.md', confidence: 'very' })),
      reply.text(JSON.stringify({ name: 'submit_answer', arguments: answer }), { usage: { input: 500, output: 40, cached: 100 } }),
    );
  } else {
    server.script(
      reply.toolCall('list_notes', {}),
      reply.toolCalls({ name: 'read_note', arguments: { path: 'Projects/reeve.md' } }, { name: 'read_note', arguments: { path: 'Nowhere.md' } }),
      reply.toolCall('submit_answer', { summary: 'x', paths: 'Projects/reeve.md', confidence: 'very' }),
      reply.turn({ toolCalls: [{ name: 'submit_answer', arguments: answer }], usage: { input: 500, output: 40, cached: 100 } }),
    );
  }
}

/** The tool results the model received in a request, whatever the wire format. */
function toolResultsIn(request: RecordedRequest | undefined): string[] {
  const messages = (request?.body.messages ?? []) as { role: string; content: unknown }[];
  const out: string[] = [];
  for (const m of messages) {
    if (m.role === 'tool' && typeof m.content === 'string') out.push(m.content);
    if (Array.isArray(m.content)) for (const b of m.content as { type: string; content?: string }[]) if (b.type === 'tool_result' && b.content) out.push(b.content);
    if (m.role === 'user' && typeof m.content === 'string' && (m.content.includes('<tool_response') || m.content.includes('Result of tool'))) out.push(m.content);
  }
  return out;
}

describe.each(MATRIX)('$label', (setup) => {
  it('runs list -> read (one fails) -> invalid answer -> valid answer', async () => {
    scriptRun(setup);
    const calls: string[] = [];
    const events: AgentEvent[] = [];
    const result = await runAgentLoop({
      client: clientFor(server, setup),
      tools: notesTools(calls),
      messages: [{ role: 'system', content: 'You manage notes.' }, { role: 'user', content: 'Which notes are about Reeve?' }],
      onEvent: (e) => events.push(e),
    });
    expect(result.error).toBeUndefined();
    expect(result.stop).toBe('terminal_tool');
    expect(result.iterations).toBe(4);
    expect(result.terminal?.execution).toMatchObject({ status: 'ok', data: { paths: ['Projects/reeve.md'], confidence: 'high' } });
    expect(calls).toEqual(['list_notes', 'read_note Projects/reeve.md', 'read_note Nowhere.md', 'submit_answer']);
    expect(events.flatMap((e) => (e.type === 'tool_result' ? [e.status] : []))).toEqual(['ok', 'ok', 'failed', 'invalid', 'ok']);

    const requests = server.chatRequests();
    expect(requests).toHaveLength(4);
    expect(toolResultsIn(requests[1]).join('\n')).toContain('Inbox/groceries.md');
    const third = toolResultsIn(requests[2]).join('\n');
    expect(third).toContain('An Obsidian plugin.');
    expect(third).toContain('no note at Nowhere.md');
    const fourth = toolResultsIn(requests[3]).join('\n');
    expect(fourth).toContain('was not executed');
    expect(fourth).toMatch(/paths: Invalid type: Expected Array/);
    expect(fourth).toContain('confidence: Invalid type: Expected ("low" | "high") but received "very"');
    expect(fourth).toContain('"required"');

    if (setup.toolFormat === undefined || setup.toolFormat === 'native') {
      expect(requests.every((r) => Array.isArray(r.body.tools) && r.body.tools.length === 3)).toBe(true);
    } else {
      expect(requests.every((r) => r.body.tools === undefined)).toBe(true);
      expect(JSON.stringify(requests[0]?.body.messages)).toContain('<tools>');
    }
    // Usage is summed over the calls and priced from the profile (2 / 8 / 0.5 USD per million).
    const last = requests.length - 1;
    const expectedInput = requests.slice(0, last).reduce((n, r) => n + r.approxTokens, 0) + 500;
    expect(result.usage.inputTokens).toBe(expectedInput);
    expect(result.usage.cachedInputTokens).toBe(100);
    const expectedCost = ((expectedInput - 100) * 2 + 100 * 0.5 + result.usage.outputTokens * 8) / 1e6;
    expect(result.costUsd).toBeCloseTo(expectedCost, 12);
    expect(events.at(-1)).toMatchObject({ type: 'finished', stop: 'terminal_tool', iterations: 4 });
  });
});
