// The JSON schema a model is sent for each tool is a contract (DESIGN.md, model-facing tools):
// Reeve's own converter (src/agents/tools/valibot-json-schema.ts, which replaced
// @valibot/to-json-schema in main.js) must write what the library writes, byte for byte, for every
// tool Reeve defines and for any schema built from the kinds and actions it claims to convert.
// The library is kept as a dev dependency to be this reference.
import { toJsonSchema } from '@valibot/to-json-schema';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import type { ToolDefinition } from '../../../src/agents/tools/tool';
import { valibotJsonSchema } from '../../../src/agents/tools/valibot-json-schema';

/** What the library sends a provider: draft-07, input mode, unconvertible actions left out, `$schema` dropped. */
function reference(schema: v.GenericSchema): string {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' }) as Record<string, unknown>;
  return JSON.stringify(rest);
}

// Every tool definition the agents make passes through defineTool; this records each one (and
// still defines it with the real defineTool), so the test sees the schemas the agents really build.
const defined = vi.hoisted(() => [] as { name: string; input: unknown; parameters: unknown }[]);
vi.mock('../../../src/agents/tools/tool', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/agents/tools/tool')>();
  return {
    ...real,
    defineTool: (definition: ToolDefinition<v.GenericSchema>) => {
      const tool = real.defineTool(definition);
      defined.push({ name: definition.name, input: definition.input, parameters: tool.spec.parameters });
      return tool;
    },
  };
});

async function everyTool(): Promise<typeof defined> {
  defined.length = 0;
  const none = {} as never;
  const web = await import('../../../src/agents/web/web-tools');
  web.evaluateContextTool(() => {});
  web.webSearchTool(none);
  web.selectPagesTool(none);
  web.finalizeWebContextTool(() => {});
  const { scoutBrowseTools } = await import('../../../src/agents/scout/scout-browse-tools');
  const { scoutControlTools } = await import('../../../src/agents/scout/scout-control-tools');
  const { scoutSearchTools } = await import('../../../src/agents/scout/scout-search-tools');
  scoutBrowseTools(none);
  scoutControlTools(none, none);
  scoutSearchTools(none);
  const { organizeTools } = await import('../../../src/agents/organize/agent/organize-tools');
  for (const ruleEdits of [false, true]) organizeTools({ scope: { ruleEdits, undecided: [] } } as never, none);
  // The Task agent's answer tool says only what the capabilities allow: every combination of them.
  const { runTask } = await import('../../../src/agents/task/run-task');
  const { EDIT_CAPABILITIES } = await import('../../../src/edits/scope/scope-policy');
  const { newTotals } = await import('../../../src/agents/pipeline/phase-events');
  const stopped = AbortSignal.abort();
  const refuse = (): never => {
    throw new Error('no model in this test');
  };
  for (let mask = 0; mask < 1 << EDIT_CAPABILITIES.length; mask++) {
    const capabilities = new Set(EDIT_CAPABILITIES.filter((_, i) => (mask & (1 << i)) !== 0));
    const client = { provider: none, profile: none, stream: refuse, complete: refuse, listModels: refuse };
    await runTask({ client, policy: { capabilities } as never, messages: [], corrections: 0, signal: stopped, vault: none }, () => {}, newTotals()).catch(() => undefined);
  }
  return [...defined];
}

describe("a tool's JSON schema", () => {
  it('is what @valibot/to-json-schema writes, byte for byte, for every tool the agents define', async () => {
    const tools = await everyTool();
    const names = new Set(tools.map((t) => t.name));
    // Scout 10, Organize 4 (twice: with and without rule edits), Web 4, Task 1 (16 capability sets).
    expect(names.size).toBeGreaterThanOrEqual(19);
    expect(tools.length).toBeGreaterThanOrEqual(19 + 4 + 15);
    for (const tool of tools) expect(JSON.stringify(tool.parameters), tool.name).toBe(reference(tool.input as v.GenericSchema));
  });

  it('is what the library writes for any schema built from the kinds and actions it converts', () => {
    const text = fc.constantFrom(
      v.string(),
      v.pipe(v.string(), v.description('a note path')),
      v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)),
      v.pipe(v.string(), v.length(4), v.maxLength(2), v.minLength(3)),
      v.pipe(v.string(), v.regex(/^[a-z]+$/), v.title('word')),
      v.pipe(v.string(), v.check((s) => s !== 'x'), v.description('checked locally only')),
      v.pipe(v.string(), v.transform((s) => s.length), v.description('after the type changes')),
    );
    const number = fc.constantFrom(
      v.number(),
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)),
      v.pipe(v.number(), v.maxValue(10), v.maxValue(20), v.minValue(-1), v.minValue(-5)),
      v.pipe(v.number(), v.description('a score'), v.minValue(0)),
    );
    const leaf = fc.oneof(text, number, fc.constantFrom(v.boolean(), v.picklist(['in', 'out', 'both']), v.picklist([1, 2]), v.picklist(['a', 1]), v.literal('x'), v.literal(3), v.null(), v.unknown()));
    const schema = fc.letrec<{ node: v.GenericSchema }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        tie('node').map((s) => v.array(s)),
        tie('node').map((s) => v.pipe(v.array(s), v.maxLength(100), v.minLength(1))),
        tie('node').map((s) => v.optional(s)),
        tie('node').map((s) => v.optional(s, 'fallback')),
        tie('node').map((s) => v.nullable(s)),
        fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((options) => v.union(options)),
        tie('node').map((s) => v.record(v.string(), s)),
        fc.dictionary(fc.constantFrom('path', 'query', 'limit', 'mode', 'file', '1', '0'), tie('node'), { maxKeys: 4 }).chain((entries) =>
          fc.constantFrom(v.object(entries), v.looseObject(entries), v.strictObject(entries), v.pipe(v.object(entries), v.description('the arguments'))),
        ),
      ),
    })).node;
    fc.assert(
      fc.property(schema, (s) => {
        expect(JSON.stringify(valibotJsonSchema(s))).toBe(reference(s));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a schema kind it has no form for, naming it, rather than send the model a wrong schema', () => {
    expect(() => valibotJsonSchema(v.object({ when: v.date() }))).toThrow(/valibot "date" schema/);
  });
});
