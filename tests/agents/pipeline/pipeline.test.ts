// The pipeline's event stream and its guarantees, on every provider path (streaming and not, native
// and text tool calls): Scout → Task with typed events, stopping in each phase with nothing
// half-written, the token limit's drop order, and the iteration limit keeping the last selection.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PipelineEvent } from '../../../src/agents/pipeline/pipeline-events';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';
import { reply, startScriptedLlmServer, type ScriptedLlmServer, type ScriptedReply } from '../../llm-server';
import { clientFor, type ClientSetup } from '../llm/client-fixtures';
import { SOLAR_VAULT } from './ask-fixtures';
import { eventTypes, runOn } from './pipeline-harness';

let server: ScriptedLlmServer;
const vaults: TempVault[] = [];
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(async () => {
  for (const v of vaults.splice(0)) await v.cleanup();
});

async function vault(files: Record<string, string> = SOLAR_VAULT): Promise<TempVault> {
  const tv = await makeTempVault(files);
  vaults.push(tv);
  return tv;
}

const MATRIX: (ClientSetup & { label: string })[] = [
  { label: 'openai streaming', kind: 'openai', streaming: true },
  { label: 'openai whole', kind: 'openai', streaming: false },
  { label: 'anthropic streaming', kind: 'anthropic', streaming: true },
  { label: 'anthropic whole', kind: 'anthropic', streaming: false },
  { label: 'compatible hermes', kind: 'openai-compatible', streaming: true, toolFormat: 'hermes' },
];

function call(setup: ClientSetup, name: string, args: unknown): ScriptedReply {
  return setup.toolFormat === 'hermes' ? reply.text(`<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`) : reply.toolCall(name, args);
}

describe.each(MATRIX)('Scout → Task on $label', (setup) => {
  it('streams typed events for each phase and proposes the edit', async () => {
    const tv = await vault();
    server.script(
      call(setup, 'search_keyword', { query: 'solar' }),
      call(setup, 'update_selection', { selectedPaths: ['Projects/Solar.md', 'Projects/Budget.md'], reasoning: 'project and budget', confidence: 'done' }),
      call(setup, 'propose_edits', { summary: 'About 9,500 EUR.', edits: [{ file: 'Projects/Budget.md', position: 'end', content: 'Total: 9500 EUR' }] }),
    );
    const { result, events } = await runOn(tv.dir, { client: clientFor(server, setup), request: { agents: { scout: true, web: false, task: true } } });
    expect(result.error).toBeNull();
    expect(eventTypes(events)).toEqual([
      'run_started',
      'phase_started:scout',
      'tool_call',
      'tool_result',
      'tool_call',
      'selection_updated',
      'tool_result',
      'phase_finished:scout',
      'phase_started:task',
      'tool_call',
      'tool_result',
      'edits_proposed',
      'phase_finished:task',
      'run_finished',
    ]);
    const search = events.find((e): e is Extract<PipelineEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.name === 'search_keyword');
    expect(search?.summary).toBe('4 notes');
    expect(events.find((e) => e.type === 'tool_call')).toMatchObject({ summary: "searched 'solar'" });
    expect(result.ctx.scout.exploration).toEqual(["searched 'solar' — 4 notes"]);
    expect(result.ctx.usage.scout.usage.inputTokens).toBeGreaterThan(0);
    expect(result.ctx.usage.task.usage.inputTokens).toBeGreaterThan(0);
    expect(await tv.read('Projects/Budget.md')).toContain('"after":"Total: 9500 EUR"');
  });
});

describe('stopping', () => {
  const openai = (): ReturnType<typeof clientFor> => clientFor(server, { kind: 'openai', streaming: true });

  it('in Scout: the model call ends at once, Task never runs, the vault is untouched', async () => {
    const tv = await vault();
    const before = await tv.snapshot();
    server.script(reply.turn({ text: 'thinking about it at length' }, { delayMs: 30_000 }));
    const stop = new AbortController();
    const started = Date.now();
    const { result, events } = await runOn(tv.dir, { client: openai(), request: { agents: { scout: true, web: false, task: true } }, signal: stop.signal, onEvent: (e) => e.type === 'phase_started' && setTimeout(() => stop.abort(), 100) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.stopped).toBe(true);
    expect(events.map((e) => e.type)).toContain('stopped');
    expect(events.some((e) => e.type === 'phase_started' && e.phase === 'task')).toBe(false);
    expect(await tv.snapshot()).toEqual(before);
  });

  it('in Task, mid-stream: what arrived is kept, nothing is written', async () => {
    const tv = await vault();
    const before = await tv.snapshot();
    server.script(reply.turn({ text: 'Part of an answer that keeps going and going', toolCalls: [{ name: 'propose_edits', arguments: { summary: 'x', edits: [{ file: 'Projects/Solar.md', position: 'end', content: 'y' }] } }] }, { chunkDelayMs: 400 }));
    const stop = new AbortController();
    const { result, events } = await runOn(tv.dir, { client: openai(), request: { currentNote: 'Projects/Solar.md' }, signal: stop.signal, onEvent: (e) => e.type === 'text_delta' && stop.abort() });
    expect(result.stopped).toBe(true);
    expect(result.outcome).toBeNull();
    expect(events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(0);
    expect(await tv.snapshot()).toEqual(before);
  });
});

describe('the token limit', () => {
  it('drops the deepest links first, then same-folder notes, and keeps the current note and the user\'s picks', async () => {
    const big = (title: string, links = ''): string => `# ${title}\n${links}\n${'words and more words. '.repeat(300)}\n`;
    const tv = await vault({
      'P/Current.md': big('Current', '[[Near]]'),
      'P/Near.md': big('Near', '[[Far]]'),
      'Q/Far.md': big('Far'),
      'P/Sibling.md': big('Sibling'),
      'Z/Mine.md': big('Mine'),
    });
    server.script(reply.toolCall('propose_edits', { summary: 'ok', edits: [] }));
    const { result, events } = await runOn(tv.dir, {
      client: clientFor(server, { kind: 'openai', streaming: false }),
      request: { currentNote: 'P/Current.md', depth: 2, sameFolder: true, manual: ['Z/Mine.md'] },
      // Room for two of the five notes (each about 1,650 tokens): the three least relevant go.
      task: { tokenLimit: 4000 },
    });
    expect(result.ctx.dropped.map((d) => d.path)).toEqual(['Q/Far.md', 'P/Near.md', 'P/Sibling.md']);
    expect(result.ctx.notes.map((n) => n.path).sort()).toEqual(['P/Current.md', 'Z/Mine.md']);
    expect(events.find((e) => e.type === 'notes_dropped')).toMatchObject({ limit: 4000 });
    const sent = JSON.stringify(server.chatRequests()[0]?.body);
    expect(sent).not.toContain('Q/Far.md\\" lines');
    expect(sent).toContain('Left out for the token limit: Q/Far.md, P/Near.md, P/Sibling.md');
  });
});

describe('Scout with tools turned off', () => {
  it('offers and mentions only the tools that are on', async () => {
    const tv = await vault();
    server.script(reply.toolCall('update_selection', { selectedPaths: [], reasoning: 'nothing', confidence: 'done' }), reply.toolCall('propose_edits', { summary: 'ok', edits: [] }));
    await runOn(tv.dir, { client: clientFor(server, { kind: 'openai', streaming: true }), request: { agents: { scout: true, web: false, task: true } }, scout: { disabledTools: ['search_semantic', 'ask_user', 'get_links_recursive'] } });
    const first = server.chatRequests()[0];
    const tools = ((first?.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
    expect(tools).not.toContain('search_semantic');
    expect(tools).not.toContain('ask_user');
    expect(tools).toContain('get_links');
    const system = JSON.stringify(first?.body.messages);
    for (const off of ['search_semantic', 'ask_user', 'get_links_recursive']) expect(system).not.toContain(off);
    expect(system).toContain('search_keyword');
  });
});

describe('Scout at its iteration limit', () => {
  it('keeps the last selection, never a fallback', async () => {
    const tv = await vault();
    server.script(
      reply.toolCall('update_selection', { selectedPaths: ['Projects/Installers.md'], reasoning: 'installers', confidence: 'exploring' }),
      reply.toolCall('search_keyword', { query: 'budget' }),
      reply.toolCall('propose_edits', { summary: 'ok', edits: [] }),
    );
    const { result } = await runOn(tv.dir, { client: clientFor(server, { kind: 'openai', streaming: true }), request: { agents: { scout: true, web: false, task: true } }, scout: { maxIterations: 2 } });
    expect(result.ctx.scout.selected.map((s) => s.path)).toEqual(['Projects/Installers.md']);
    expect(result.ctx.scout.confidence).toBe('exploring');
    expect(result.ctx.notes.map((n) => n.path)).toEqual(['Projects/Installers.md']);
  });
});
