import { describe, expect, it } from 'vitest';
import { parseTextToolCalls } from '../../../src/agents/llm/text-tool-calls';
import { balancedEnd } from '../../../src/agents/llm/tool-call-formats/json-scan';
import { toTextToolRequest, renderToolCalls } from '../../../src/agents/llm/text-tool-prompt';

const known = new Set(['read_note', 'move_file']);

function parse(text: string) {
  let n = 0;
  return parseTextToolCalls(text, known, () => `c${++n}`);
}

describe('parseTextToolCalls', () => {
  it('reads Hermes blocks, several per reply, and keeps the prose', () => {
    const r = parse('Let me look.\n<tool_call>\n{"name": "read_note", "arguments": {"path": "a.md"}}\n</tool_call>\n<tool_call>{"name":"move_file","arguments":{"source":"a.md","destination":"B/a.md"}}</tool_call>');
    expect(r.calls).toEqual([
      { id: 'c1', name: 'read_note', arguments: '{"path":"a.md"}' },
      { id: 'c2', name: 'move_file', arguments: '{"source":"a.md","destination":"B/a.md"}' },
    ]);
    expect(r.text).toBe('Let me look.');
  });

  it('reads a Hermes block the model forgot to close, and one wrapped in a fence', () => {
    expect(parse('<tool_call>{"name": "read_note", "arguments": {"path": "x"}}').calls[0]?.name).toBe('read_note');
    expect(parse('<tool_call>\n```json\n{"name": "read_note", "arguments": {"path": "x"}}\n```\n</tool_call>').calls[0]?.arguments).toBe('{"path":"x"}');
  });

  it('turns a broken Hermes block into a nameless call, so the model is told', () => {
    const r = parse('<tool_call>{"name": "read_note", "arguments": {"path": </tool_call>');
    expect(r.calls).toEqual([{ id: 'c1', name: '', arguments: '{"name": "read_note", "arguments": {"path":' }]);
  });

  it('keeps unknown tool names in Hermes blocks (the runner answers them)', () => {
    expect(parse('<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>').calls[0]?.name).toBe('rm_rf');
  });

  it('reads fenced JSON calls and arrays of calls, with alternative key names', () => {
    const r = parse('Moving.\n```json\n[{"tool": "move_file", "parameters": {"source": "a"}}, {"function": {"name": "read_note", "arguments": "{\\"path\\":\\"b\\"}"}}]\n```');
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['move_file', '{"source":"a"}'],
      ['read_note', '{"path":"b"}'],
    ]);
    expect(r.text).toBe('Moving.');
  });

  it('reads a bare JSON call inside prose', () => {
    const r = parse('I will read it: {"name": "read_note", "arguments": {"path": "notes/{weird}.md"}} ok');
    expect(r.calls.map((c) => c.arguments)).toEqual(['{"path":"notes/{weird}.md"}']);
    expect(r.text).toBe('I will read it:  ok');
  });

  it('leaves JSON that is not a call to a known tool alone (a JSON final answer)', () => {
    const answer = '```json\n{"summary": "done", "edits": []}\n```';
    expect(parse(answer)).toEqual({ calls: [], text: answer });
    expect(parse('{"name": "unknown_tool", "arguments": {}}').calls).toEqual([]);
    expect(parse('Plain answer with {braces} and no JSON.').calls).toEqual([]);
  });

  it('finds where a JSON value ends, ignoring brackets inside strings', () => {
    const text = 'a {"x": "}"} b {"y": [{"z": 1}]} {unclosed';
    expect(text.slice(2, balancedEnd(text, 2))).toBe('{"x": "}"}');
    expect(text.slice(15, balancedEnd(text, 15))).toBe('{"y": [{"z": 1}]}');
    expect(balancedEnd(text, 33)).toBe(-1);
    expect(balancedEnd("{'a': '}'}", 0, 'lenient')).toBe(10);
    expect(balancedEnd('{"a": ]}', 0)).toBe(-1);
  });
});

describe('text tool prompts', () => {
  const tools = [{ name: 'read_note', description: 'Reads a note', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];

  it('describes the tools in the system prompt and rewrites history as text', () => {
    const request = toTextToolRequest(
      {
        tools,
        messages: [
          { role: 'system', content: 'Be careful.' },
          { role: 'user', content: 'Read a.md' },
          { role: 'assistant', content: 'Sure.', toolCalls: [{ id: 'c1', name: 'read_note', arguments: '{"path":"a.md"}' }] },
          { role: 'tool', toolCallId: 'c1', name: 'read_note', content: 'hello' },
        ],
      },
      'hermes',
    );
    expect(request.tools).toBeUndefined();
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(request.messages[0]?.content).toMatch(/^Be careful\.\n\nYou can call these tools[\s\S]*<tools>\n\{"name":"read_note"/);
    expect(request.messages[2]?.content).toBe('Sure.\n<tool_call>\n{"name": "read_note", "arguments": {"path":"a.md"}}\n</tool_call>');
    expect(request.messages[3]?.content).toBe('<tool_response name="read_note">\nhello\n</tool_response>');
  });

  it('round-trips: what it renders, the parser reads back', () => {
    const calls = [{ id: 'x', name: 'read_note', arguments: '{"path":"a.md"}' }, { id: 'y', name: 'move_file', arguments: '{"source":"a"}' }];
    for (const format of ['hermes', 'json'] as const) {
      expect(parse(renderToolCalls(calls, format)).calls.map((c) => [c.name, c.arguments])).toEqual(calls.map((c) => [c.name, c.arguments]));
    }
  });

  it('adds a system message when there is none, and leaves tool-less requests alone', () => {
    const withTools = toTextToolRequest({ tools, messages: [{ role: 'user', content: 'x' }] }, 'json');
    expect(withTools.messages[0]?.role).toBe('system');
    expect(withTools.messages[0]?.content).toContain('reply with only a JSON object');
    const plain = { messages: [{ role: 'user' as const, content: 'x' }] };
    expect(toTextToolRequest(plain, 'json')).toBe(plain);
  });
});
