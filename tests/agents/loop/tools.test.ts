import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../../../src/agents/tools/tool';

const move = defineTool({
  name: 'move_file',
  description: 'Moves a file',
  input: v.object({
    source: v.pipe(v.string(), v.minLength(1), v.description('vault path')),
    destination: v.string(),
    risk: v.optional(v.picklist(['low', 'medium', 'high']), 'low'),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  run: ({ source, destination, risk }) => ({ content: `moved ${source} -> ${destination}`, data: { risk } }),
});

describe('tools', () => {
  it('give providers a JSON schema without the $schema dialect', () => {
    expect(move.spec).toEqual({
      name: 'move_file',
      description: 'Moves a file',
      parameters: {
        type: 'object',
        properties: {
          source: { type: 'string', minLength: 1, description: 'vault path' },
          destination: { type: 'string' },
          risk: { enum: ['low', 'medium', 'high'], type: 'string', default: 'low' },
          limit: { type: 'integer', minimum: 1 },
        },
        required: ['source', 'destination'],
      },
    });
  });

  it('run with validated arguments, defaults applied', async () => {
    const result = await move.execute('{"source":"a.md","destination":"B/a.md"}', { callId: 'c1' });
    expect(result).toEqual({ status: 'ok', content: 'moved a.md -> B/a.md', data: { risk: 'low' }, args: { source: 'a.md', destination: 'B/a.md', risk: 'low' } });
  });

  it('never run with invalid arguments, and say what was wrong and what is needed', async () => {
    let ran = false;
    const guarded = defineTool({ name: 'g', description: 'd', input: v.object({ n: v.number() }), run: () => ((ran = true), 'x') });
    const cases: [string, string[]][] = [
      ['{"source": "", "risk": "extreme", "limit": 0.5}', ['source: Invalid length: Expected >=1 but received 0', 'destination: required but missing', 'risk: Invalid type: Expected ("low" | "medium" | "high") but received "extreme"', 'limit: Invalid integer: Received 0.5', 'limit: Invalid value: Expected >=1 but received 0.5']],
      ['{"source": "a", ', ['the arguments are not valid JSON']],
      ['["a", "b"]', ['the arguments must be one JSON object, found a list']],
      ['"a.md"', ['the arguments must be one JSON object, found string']],
    ];
    for (const [raw, problems] of cases) {
      const result = await move.execute(raw, { callId: 'c' });
      expect(result.status).toBe('invalid');
      if (result.status !== 'invalid') continue;
      problems.forEach((p, i) => expect(result.problems[i]).toContain(p));
      expect(result.content).toContain('was not executed');
      expect(result.content).toContain(JSON.stringify(move.spec.parameters));
    }
    expect((await guarded.execute('{"n": "1"}', { callId: 'c' })).status).toBe('invalid');
    expect(ran).toBe(false);
  });

  it('report a tool that throws as a failed call with its message', async () => {
    const failing = defineTool({ name: 'f', description: 'd', input: v.object({}), run: () => Promise.reject(new Error('disk full')) });
    expect(await failing.execute('', { callId: 'c' })).toEqual({ status: 'failed', content: 'The tool "f" failed: disk full' });
  });

  it('refuse bad names and non-object schemas when defined', () => {
    expect(() => defineTool({ name: 'has space', description: 'd', input: v.object({}), run: () => '' })).toThrow(/must be 1-64 letters/);
    expect(() => defineTool({ name: 'ok', description: 'd', input: v.string(), run: () => '' })).toThrow(/must be an object schema/);
  });
});
