// Safe repair of a call's JSON: what it fixes, what it refuses, and that the parser repairs only
// inside a span that is unmistakably a call.
import { describe, expect, it } from 'vitest';
import { parseTextToolCalls } from '../../../src/agents/llm/text-tool-calls';
import { repairJson } from '../../../src/agents/llm/tool-call-formats/repair-json';

const mid = { atEnd: false };
const end = { atEnd: true };

describe('repairJson', () => {
  it('fixes trailing commas, single quotes, unquoted keys, raw newlines and tabs, Python literals', () => {
    expect(repairJson('{"a": [1, 2,], "b": {"c": 1,},}', mid)).toBe('{"a": [1, 2], "b": {"c": 1}}');
    expect(JSON.parse(repairJson("{'a': 'it\\'s \"x\"'}", mid) ?? '')).toEqual({ a: 'it\'s "x"' });
    expect(JSON.parse(repairJson('{path: "a.md", max_depth: 2}', mid) ?? '')).toEqual({ path: 'a.md', max_depth: 2 });
    expect(JSON.parse(repairJson('{"text": "one\ntwo\tthree"}', mid) ?? '')).toEqual({ text: 'one\ntwo\tthree' });
    expect(JSON.parse(repairJson('{"a": True, "b": None, "c": False}', mid) ?? '')).toEqual({ a: true, b: null, c: false });
  });

  it('adds missing closing brackets only at the very end of the reply', () => {
    expect(repairJson('{"a": {"b": [1, 2', end)).toBe('{"a": {"b": [1, 2]}}');
    expect(repairJson('{"a": {"b": 1', mid)).toBeUndefined();
  });

  it('refuses what it cannot fix without guessing', () => {
    expect(repairJson('{"a": b c}', mid)).toBeUndefined();
    expect(repairJson('{"a": [1}', mid)).toBeUndefined();
    expect(repairJson('{"a": "unterminated', end)).toBeUndefined();
    expect(repairJson('{"a": "\\q"}', mid)).toBeUndefined();
  });
});

describe('repair happens only inside a call span', () => {
  const known = new Set(['search']);
  const parse = (text: string) => {
    let n = 0;
    return parseTextToolCalls(text, known, () => `c${++n}`);
  };

  it('repairs a call inside markers, or a reply that is only a call', () => {
    expect(parse("<tool_call>{'name': 'search', 'arguments': {'q': 'a',},}</tool_call>").calls.map((c) => c.arguments)).toEqual(['{"q":"a"}']);
    expect(parse("{'name': 'search', 'arguments': {'q': 'a'}}").calls.map((c) => c.arguments)).toEqual(['{"q":"a"}']);
    expect(parse('{"name": "search", "arguments": {"q": "a"').calls.map((c) => c.arguments)).toEqual(['{"q":"a"}']);
  });

  it('takes nothing from repairable text inside prose', () => {
    expect(parse("I would write {'name': 'search', 'arguments': {'q': 'a'}} here.").calls).toEqual([]);
    expect(parse('Like {name: "search", arguments: {q: "a"}} in JavaScript.').calls).toEqual([]);
    expect(parse('{"name": "search", "arguments": {"q": "a"} and then more prose').calls).toEqual([]);
  });

  it('a Hermes block with a missing brace before its closing tag is a nameless call, never run', () => {
    const r = parse('<tool_call>{"name": "search", "arguments": {"q": "a"}</tool_call> ok');
    expect(r.calls).toEqual([{ id: 'c1', name: '', arguments: '{"name": "search", "arguments": {"q": "a"}' }]);
    expect(r.text).toBe('ok');
  });

  it('stray characters before a closing tag stay inside the block', () => {
    const r = parse('<tool_call>{"name": "search", "arguments": {"q": "a"}} ]</tool_call>\nDone.');
    expect(r.calls.map((c) => c.name)).toEqual(['search']);
    expect(r.text).toBe('Done.');
  });
});
