// The Task's answer streams while a native propose_edits call's arguments arrive: the summary as
// far as it has come, from every prefix of the arguments' JSON, never text from elsewhere in it;
// and through the pipeline against the scripted server, the Task's text grows piece by piece
// before the call is complete.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partialSummary } from '../../../src/agents/pipeline/partial-summary';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { SOLAR_VAULT } from './ask-fixtures';
import { clientFor } from '../llm/client-fixtures';
import { runOn } from './pipeline-harness';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

describe('partialSummary', () => {
  it('gives, for every prefix, a prefix of the summary (escapes decoded), and the whole at the end', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.record({ file: fc.string(), position: fc.constantFrom('end', 'start'), content: fc.string() }), { maxLength: 3 }), fc.boolean(), (summary, edits, summaryFirst) => {
        const json = summaryFirst ? JSON.stringify({ summary, edits }) : JSON.stringify({ edits, summary });
        let last = '';
        for (let i = 0; i <= json.length; i++) {
          const got = partialSummary(json.slice(0, i));
          expect(summary.startsWith(got)).toBe(true);
          expect(got.length).toBeGreaterThanOrEqual(last.length);
          last = got;
        }
        expect(last).toBe(summary);
      }),
    );
  });

  it('never reads a "summary" that is not the top-level one', () => {
    expect(partialSummary('{"edits":[{"file":"a","content":"\\"summary\\": \\"no\\""}],"x":{"summary":"nested"},"summary":"yes')).toBe('yes');
    expect(partialSummary('{"edits":[{"summary":"inner"')).toBe('');
    expect(partialSummary('{"summary":"caf\\u00e')).toBe('caf');
  });
});

describe('the Task answering through a native propose_edits call', () => {
  let server: ScriptedLlmServer;
  let tv: TempVault | undefined;
  beforeAll(async () => {
    server = await startScriptedLlmServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('streams its summary as the Task text, piece by piece, before the call is complete', async () => {
    tv = await makeTempVault(SOLAR_VAULT);
    const summary = 'The roof will cost about 9,500 EUR: panels 8,000 and the inverter 1,500.';
    server.script(reply.toolCall('propose_edits', { summary, edits: [] }));
    const { events } = await runOn(tv.dir, { client: clientFor(server, { kind: 'openai', streaming: true }), request: { currentNote: 'Projects/Solar.md', agents: { scout: false, web: false, task: true } } });
    const deltas = events.filter((e) => e.type === 'text_delta' && e.phase === 'task').map((e) => (e as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(summary);
    const firstDelta = events.findIndex((e) => e.type === 'text_delta');
    const call = events.findIndex((e) => e.type === 'tool_call' && e.phase === 'task');
    expect(firstDelta).toBeGreaterThanOrEqual(0);
    expect(firstDelta).toBeLessThan(call);
    await tv.cleanup();
  });
});
