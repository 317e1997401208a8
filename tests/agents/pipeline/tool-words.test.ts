// A tool call in words for the timeline. A call whose arguments are not a JSON object (a model's
// cut or broken reply) is said to be unreadable, never described with blanks ("searched ''").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeToolCall } from '../../../src/agents/pipeline/tool-words';

const TOOLS = ['search_keyword', 'search_semantic', 'fetch_note', 'get_links', 'get_links_recursive', 'list_notes', 'explore_vault', 'web_search', 'select_pages', 'update_selection'];

describe('a tool call in words', () => {
  it('says unreadable arguments are unreadable', () => {
    const notAnObject = fc.oneof(
      fc.string().filter((s) => {
        try {
          const v: unknown = JSON.parse(s);
          return typeof v !== 'object' || v === null || Array.isArray(v);
        } catch {
          return s !== '';
        }
      }),
      fc.constantFrom('{"query": "solar", ', '[1,2]', 'null', '"text"', '{'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...TOOLS), notAnObject, (name, raw) => {
        const words = describeToolCall(name, raw);
        expect(words).toBe(`tried ${name.replace(/_/g, ' ')} with arguments that could not be read`);
      }),
    );
  });

  it('describes readable arguments in words', () => {
    expect(describeToolCall('search_keyword', '{"query":"solar"}')).toBe("searched 'solar'");
    expect(describeToolCall('list_all_tags', '')).toBe('listed the tags');
    expect(describeToolCall('no_such_tool', '{')).toBe('called no_such_tool');
  });

  it("cuts the name of a tool it does not know (the model's text, of any length)", () => {
    expect(describeToolCall(`no_such_tool_${'y'.repeat(100_000)}`, '{}')).toBe(`called no_such_tool_${'y'.repeat(51)}…`);
  });
});
