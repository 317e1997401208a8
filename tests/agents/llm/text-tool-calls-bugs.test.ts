// The six ways the text tool-call parser went wrong in the formats Reeve has always claimed
// (Hermes blocks, fenced and bare JSON), found by the local-models audit (issue 28), and calls
// written inside reasoning. Each case failed on the parser before the rewrite.
import { describe, expect, it } from 'vitest';
import { parseTextToolCalls } from '../../../src/agents/llm/text-tool-calls';

const known = new Set(['read_note', 'move_file', 'list_all_tags', 'propose_edits']);

function parse(text: string) {
  let n = 0;
  return parseTextToolCalls(text, known, () => `c${++n}`);
}
const named = (text: string) => parse(text).calls.map((c) => [c.name, JSON.parse(c.arguments) as unknown]);

describe('text tool calls: the bugs of the claimed formats', () => {
  it('1. prose that mentions <tool_call> is not a call, and does not hide a real one', () => {
    const prose = 'I answer in plain text; a <tool_call> tag is only for tools. The note is fine.';
    expect(parse(prose)).toEqual({ calls: [], text: prose });
    const both = 'Writing `<tool_call>` by hand is not needed. {"name": "read_note", "arguments": {"path": "a.md"}}';
    expect(named(both)).toEqual([['read_note', { path: 'a.md' }]]);
    expect(parse(both).text).toBe('Writing `<tool_call>` by hand is not needed.');
  });

  it('2. </tool_call> inside an argument string does not end the block', () => {
    const r = parse('<tool_call>{"name": "propose_edits", "arguments": {"summary": "explain </tool_call> tags", "edits": []}}</tool_call>');
    expect(r.calls.map((c) => [c.name, JSON.parse(c.arguments) as unknown])).toEqual([['propose_edits', { summary: 'explain </tool_call> tags', edits: [] }]]);
    expect(r.text).toBe('');
  });

  it('3. two comma-separated calls, or an array of calls, in one block are both read', () => {
    const pair = named('<tool_call>\n{"name": "read_note", "arguments": {"path": "a"}}, {"name": "read_note", "arguments": {"path": "b"}}\n</tool_call>');
    expect(pair).toEqual([['read_note', { path: 'a' }], ['read_note', { path: 'b' }]]);
    const lines = named('<tool_call>\n{"name": "read_note", "arguments": {"path": "a"}}\n{"name": "list_all_tags", "arguments": {}}\n</tool_call>');
    expect(lines).toEqual([['read_note', { path: 'a' }], ['list_all_tags', {}]]);
    const array = named('<tool_call>[{"name": "read_note", "arguments": {"path": "a"}}, {"name": "move_file", "arguments": {"source": "a", "destination": "b"}}]</tool_call>');
    expect(array).toEqual([['read_note', { path: 'a' }], ['move_file', { source: 'a', destination: 'b' }]]);
  });

  it('4. a fenced call does not hide a second, unfenced call', () => {
    const r = parse('First:\n```json\n{"name": "read_note", "arguments": {"path": "a"}}\n```\nthen {"name": "read_note", "arguments": {"path": "b"}}');
    expect(r.calls.map((c) => JSON.parse(c.arguments) as unknown)).toEqual([{ path: 'a' }, { path: 'b' }]);
    expect(r.text).toBe('First:\n\nthen');
  });

  it('5. a cut-off { earlier in the text does not hide a later call', () => {
    expect(named('The set {a, b is open. {"name": "read_note", "arguments": {"path": "a"}}')).toEqual([['read_note', { path: 'a' }]]);
    expect(named('Use { "x": "unclosed and then {"name": "read_note", "arguments": {"path": "a"}}')).toEqual([['read_note', { path: 'a' }]]);
  });

  it('6. valid JSON that is not a call shape is never run', () => {
    const toolList = 'I can use these tools:\n```json\n[{"name": "read_note", "description": "Reads a note"}, {"name": "list_all_tags", "description": "Lists tags"}]\n```';
    expect(parse(toolList).calls).toEqual([]);
    const advice = 'I recommend {"tool": "list_all_tags", "reason": "to see the tags"} next time.';
    expect(parse(advice).calls).toEqual([]);
    expect(parse('{"name": "read_note"}').calls).toEqual([]);
    expect(parse('{"name": "read_note", "path": "a.md"}').calls).toEqual([]);
    const definition = '{"name": "read_note", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}';
    expect(parse(definition).calls).toEqual([]);
    expect(parse('{"type": "function", "function": {"name": "read_note", "description": "Reads", "parameters": {}}}').calls).toEqual([]);
  });

  it('a call with a key the model added (its reason, an id) is still a call', () => {
    expect(named('{"name": "read_note", "arguments": {"path": "a"}, "reason": "to see it"}')).toEqual([['read_note', { path: 'a' }]]);
  });
});

describe('text tool calls inside reasoning', () => {
  const call = '{"name": "read_note", "arguments": {"path": "a"}}';

  it('a call written in any reasoning block is reasoning, never a call', () => {
    expect(parse(`<think>maybe ${call}</think>The answer.`).calls).toEqual([]);
    expect(parse(`Intro. <think>maybe <tool_call>${call}</tool_call></think> The answer.`).calls).toEqual([]);
    expect(parse(`Intro.\n<thinking>\n\`\`\`json\n${call}\n\`\`\`\n</thinking>\nDone.`).calls).toEqual([]);
    expect(parse(`Answer first. <think>and then ${call} still thinking`).calls).toEqual([]);
    expect(parse(`reasoning with no opening tag ${call}</think>The answer.`).calls).toEqual([]);
  });

  it('a call after the reasoning block is read', () => {
    const r = parse(`<think>should I? ${call}</think>\n<tool_call>${call}</tool_call>`);
    expect(r.calls.map((c) => c.name)).toEqual(['read_note']);
    expect(r.text).toBe(`<think>should I? ${call}</think>`);
  });
});
