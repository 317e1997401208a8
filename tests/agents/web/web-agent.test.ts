// The Web agent end to end: the scripted model drives the four tools through the real OpenAI and
// Anthropic clients, searches go to a loopback SearXNG and pages come from a loopback web.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { clampWebSettings, DEFAULT_WEB_SETTINGS } from '../../../src/agents/web/web-settings';
import { NATIVE_MATRIX } from '../llm/client-fixtures';
import { article, runAgent, searchAnswers, TASK } from './web-agent-fixtures';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web';

let server: ScriptedLlmServer;
let web: LoopbackWeb;
beforeAll(async () => {
  server = await startScriptedLlmServer();
  web = await startLoopbackWeb();
});
afterAll(async () => {
  await server.close();
  await web.close();
});
beforeEach(() => {
  server.reset();
  web.reset();
});

const WARM = 'Keep the sourdough starter warm, around 24 to 26 degrees, so the yeast stays active.';
const OFF_TOPIC = 'Our shop sells aprons, mugs and tea towels with bread puns on them.';

function twoPages(): [string, string] {
  const a = `${web.origin}/page/a`;
  const b = `${web.origin}/page/b`;
  web.html('/page/a', article('Starter temperature', [WARM, OFF_TOPIC]));
  web.html('/page/b', article('Feeding a starter', ['Feed the starter daily with flour and water; a warm kitchen speeds it up.']));
  searchAnswers(web, [{ url: a, title: 'Starter temperature' }, { url: b, title: 'Feeding' }, { url: `${web.origin}/page/c` }]);
  return [a, b];
}

describe.each(NATIVE_MATRIX)('%o', (setup) => {
  it('evaluates, searches, reads the chosen pages and summarises', async () => {
    const [a, b] = twoPages();
    server.script(
      reply.toolCall('evaluate_context', { sufficient: false, reasoning: 'The notes have no temperatures.' }),
      reply.toolCall('web_search', { query: 'sourdough starter temperature' }),
      reply.toolCall('select_pages', { urls: [a, b], reasoning: 'Both look relevant.' }),
      reply.toolCall('finalize_web_context', { summary: 'Keep it at 24-26 °C.' }),
    );
    const { context, events } = await runAgent({ server, web, client: setup });
    expect(context).toMatchObject({ ran: true, sufficient: false, reasoning: 'The notes have no temperatures.', queries: ['sourdough starter temperature'], summary: 'Keep it at 24-26 °C.', stopped: false });
    expect(context.error).toBeUndefined();
    expect(context.sources.map((s) => s.url)).toEqual([a, b]);
    expect(context.sources[0]?.text).toContain(WARM);
    expect(context.sources[0]?.title).toBe('Starter temperature');
    expect(context.usage.inputTokens).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === 'page').map((e) => e.type === 'page' && [e.status, e.tokens > 0])).toEqual([['read', true], ['read', true]]);
    expect(events).toContainEqual({ type: 'search', query: 'sourdough starter temperature', results: 3 });
    expect(web.paths().sort()).toEqual(['/page/a', '/page/b', '/search']);
    expect(server.chatRequests()[0]?.rawBody).toContain(JSON.stringify(TASK).slice(1, -1));
  });
});

describe('the Web agent', () => {
  it('runs with a local model that writes Hermes text tool calls', async () => {
    const [a] = twoPages();
    const hermes = (name: string, args: unknown): string => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
    server.script(
      reply.text(hermes('evaluate_context', { sufficient: false, reasoning: 'No temperatures in the notes.' })),
      reply.text(hermes('web_search', { query: 'starter temperature' })),
      reply.text(hermes('select_pages', { urls: [a] })),
      reply.text(hermes('finalize_web_context', { summary: 'Warm, 24-26 °C.' })),
    );
    const { context } = await runAgent({ server, web, client: { kind: 'openai-compatible', streaming: true, toolFormat: 'hermes' } });
    expect(context).toMatchObject({ sufficient: false, queries: ['starter temperature'], summary: 'Warm, 24-26 °C.' });
    expect(context.sources.map((s) => s.url)).toEqual([a]);
  });

  it('stops after the evaluation when the vault is enough, without searching', async () => {
    server.script(reply.toolCall('evaluate_context', { sufficient: true, reasoning: 'The recipe note says 25 °C.' }));
    const { context } = await runAgent({ server, web });
    expect(context).toMatchObject({ ran: true, sufficient: true, queries: [], sources: [], stopped: false });
    expect(web.requests).toHaveLength(0);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('searches without asking when automatic search is off', async () => {
    twoPages();
    server.script(reply.toolCall('web_search', { query: 'starter warmth' }), reply.toolCall('finalize_web_context', { summary: '' }));
    const { context } = await runAgent({ server, web, settings: { automatic: false } });
    expect(context.sufficient).toBeNull();
    expect(context.queries).toEqual(['starter warmth']);
    const tools = (server.chatRequests()[0]?.body.tools ?? []) as { function: { name: string } }[];
    expect(tools.map((t) => t.function.name)).toEqual(['web_search', 'select_pages', 'finalize_web_context']);
  });

  it('reads only URLs from the last search results, never one the model wrote', async () => {
    const [a] = twoPages();
    web.html('/secret-notes', 'should never be read');
    server.script(
      reply.toolCall('web_search', { query: 'starter' }),
      reply.toolCall('select_pages', { urls: [`${web.origin}/secret-notes`, `${a}?leak=vault-text`, 'https://evil.example/x'] }),
      reply.toolCall('finalize_web_context', { summary: 'nothing' }),
    );
    const { context, events } = await runAgent({ server, web, settings: { automatic: false } });
    expect(web.paths()).toEqual(['/search']);
    expect(context.sources).toEqual([]);
    const refused = events.filter((e) => e.type === 'page' && e.status === 'refused');
    expect(refused).toHaveLength(3);
    const toolResult = JSON.stringify(server.chatRequests()[2]?.body.messages);
    expect(toolResult).toContain('not in the results of the last search');
  });

  it('keeps to the page limit', async () => {
    const urls = ['a', 'b', 'c', 'd'].map((p) => `${web.origin}/page/${p}`);
    for (const p of ['a', 'b', 'c', 'd']) web.html(`/page/${p}`, article(p, [WARM]));
    searchAnswers(web, urls.map((url) => ({ url })));
    server.script(reply.toolCall('web_search', { query: 'starter' }), reply.toolCall('select_pages', { urls }), reply.toolCall('finalize_web_context', { summary: '' }));
    const { context, events } = await runAgent({ server, web, settings: { automatic: false, pages: 2 } });
    expect(context.sources).toHaveLength(2);
    expect(events.filter((e) => e.type === 'page' && e.status === 'refused')).toHaveLength(2);
    expect(web.paths().filter((p) => p.startsWith('/page/'))).toHaveLength(2);
  });

  it('reports a model that fails, or never evaluates, as the phase error', async () => {
    server.script(reply.error(401, 'invalid key'));
    const failed = await runAgent({ server, web });
    expect(failed.context).toMatchObject({ ran: true, stopped: false, sufficient: null });
    expect(failed.context.error).toMatch(/401|key/i);
    server.reset();
    server.script(reply.text('I think the notes are fine.'), reply.text('Really.'));
    const silent = await runAgent({ server, web });
    expect(silent.context.error).toBe('The web agent did not evaluate the vault context.');
    expect(web.requests).toHaveLength(0);
  });

  it('clamps settings to their ranges', () => {
    expect(clampWebSettings({ results: 100, pages: 0, tokenBudget: 10, automatic: true, allowPrivateHosts: false })).toEqual({ results: 15, pages: 1, tokenBudget: 2000, automatic: true, allowPrivateHosts: false });
    expect(clampWebSettings({ ...DEFAULT_WEB_SETTINGS, results: Number.NaN })).toEqual(DEFAULT_WEB_SETTINGS);
  });

  it('reports a failing search provider as the phase error', async () => {
    web.route('/search', { status: 403, body: 'no' });
    server.script(reply.toolCall('web_search', { query: 'starter' }), reply.toolCall('finalize_web_context', { summary: '' }));
    const { context } = await runAgent({ server, web, settings: { automatic: false } });
    expect(context.error).toBe('searxng search answered 403: check the API key');
    expect(JSON.stringify(server.chatRequests()[1]?.body.messages)).toContain('searxng search answered 403');
  });

  it('keeps the most relevant passages of a page larger than the budget, within the budget', async () => {
    const filler = Array.from({ length: 120 }, (_, i) => `Paragraph ${i} about the history of the bakery, its owners and the street it stands on, told at length for the visitors who like stories.`);
    const relevant = 'The starter temperature that works best: keep the sourdough starter warm at 25 degrees.';
    web.html('/page/big', article('Big page', [...filler.slice(0, 70), relevant, ...filler.slice(70)]));
    searchAnswers(web, [{ url: `${web.origin}/page/big` }]);
    server.script(reply.toolCall('web_search', { query: 'sourdough starter temperature warm' }), reply.toolCall('select_pages', { urls: [`${web.origin}/page/big`] }), reply.toolCall('finalize_web_context', { summary: '' }));
    const { context, events } = await runAgent({ server, web, settings: { automatic: false, tokenBudget: 2000 } });
    const source = context.sources[0];
    expect(source?.tokens).toBeGreaterThan(0);
    expect(source?.tokens).toBeLessThanOrEqual(2000);
    expect(source?.text).toContain(relevant);
    expect(source?.text.length).toBeLessThan(filler.join('\n\n').length / 2);
    expect(events).toContainEqual(expect.objectContaining({ type: 'page', status: 'read', tokens: source?.tokens }));
  });

  it('refuses a result that redirects to a private address, and never requests it', async () => {
    web.route('/go', { status: 302, headers: { location: `http://127.0.0.1:${web.port}/admin` } });
    web.html('/admin', 'router admin');
    searchAnswers(web, [{ url: `http://public.example:${web.port}/go` }]);
    server.script(reply.toolCall('web_search', { query: 'starter' }), reply.toolCall('select_pages', { urls: [`http://public.example:${web.port}/go`] }), reply.toolCall('finalize_web_context', { summary: '' }));
    const { context, events } = await runAgent({ server, web, publicNames: true, settings: { automatic: false } });
    expect(context.sources).toEqual([]);
    expect(web.paths()).toEqual(['/search', '/go']);
    const page = events.find((e) => e.type === 'page');
    expect(page).toMatchObject({ status: 'refused' });
    expect(page?.type === 'page' && page.reason).toMatch(/^redirected to http:\/\/127\.0\.0\.1:\d+\/admin: 127\.0\.0\.1 is a loopback address/);
  });
});
