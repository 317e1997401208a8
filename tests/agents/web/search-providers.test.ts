// Each search provider against a loopback server that answers as the real API does: the request
// carries the key the provider's way, and the answer becomes clean results.

import { nodeFetch } from '../llm/client-fixtures';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebSearchProvider } from '../../../src/agents/web/search/create-web-search-provider';
import { resultsFromOutput } from '../../../src/agents/web/search/openai-search-provider';
import { cleanResults, WebSearchError, type SearchProviderKind } from '../../../src/agents/web/search/web-search-provider';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web';

let web: LoopbackWeb;
beforeAll(async () => {
  web = await startLoopbackWeb();
});
afterAll(() => web.close());
beforeEach(() => web.reset());

const KEY = 'search-key-0123456789-SECRET';
const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const provider = (kind: SearchProviderKind, baseUrl = web.origin) => createWebSearchProvider({ kind, baseUrl, apiKey: KEY, fetch: nodeFetch });

describe('search providers', () => {
  it('Brave: GET with the subscription token, web.results', async () => {
    web.route('/res/v1/web/search', json({ web: { results: [{ url: 'https://a.example/x', title: 'A <strong>page</strong>', description: 'About A' }] } }));
    const results = await provider('brave').search('obsidian plugins', 5);
    expect(results).toEqual([{ url: 'https://a.example/x', title: 'A page', snippet: 'About A' }]);
    const request = web.requests[0];
    expect(request?.headers['x-subscription-token']).toBe(KEY);
    expect(new URL(request?.path ?? '', web.origin).searchParams.get('q')).toBe('obsidian plugins');
    expect(new URL(request?.path ?? '', web.origin).searchParams.get('count')).toBe('5');
  });

  it('Tavily: POST with a bearer key, results', async () => {
    web.route('/search', json({ results: [{ url: 'https://t.example/', title: 'T', content: 'tavily text' }] }));
    expect(await provider('tavily').search('q', 3)).toEqual([{ url: 'https://t.example/', title: 'T', snippet: 'tavily text' }]);
    expect(web.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(web.requests[0]?.body ?? '{}')).toMatchObject({ query: 'q', max_results: 3 });
  });

  it('Serper: POST with X-API-KEY, organic', async () => {
    web.route('/search', json({ organic: [{ link: 'https://s.example/', title: 'S', snippet: 'serper text' }] }));
    expect(await provider('serper').search('q', 4)).toEqual([{ url: 'https://s.example/', title: 'S', snippet: 'serper text' }]);
    expect(web.requests[0]?.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(web.requests[0]?.body ?? '{}')).toEqual({ q: 'q', num: 4 });
  });

  it('SearXNG: GET <base>/search?q=…&format=json, no key needed', async () => {
    web.route('/searx/search', json({ results: [{ url: 'https://x.example/', title: 'X', content: 'searx text' }, { url: 'https://y.example/', title: 'Y', content: '' }] }));
    const searx = createWebSearchProvider({ kind: 'searxng', baseUrl: `${web.origin}/searx`, fetch: nodeFetch });
    expect(await searx.search('a b', 1)).toEqual([{ url: 'https://x.example/', title: 'X', snippet: 'searx text' }]);
    const params = new URL(web.requests[0]?.path ?? '', web.origin).searchParams;
    expect([params.get('q'), params.get('format')]).toEqual(['a b', 'json']);
  });

  it('OpenAI: the Responses API web_search tool, cited pages then consulted sources', async () => {
    web.route('/v1/responses', (request) => {
      const body = JSON.parse(request.body) as { tools: { type: string }[]; include: string[] };
      expect(body.tools).toEqual([{ type: 'web_search' }]);
      expect(body.include).toContain('web_search_call.action.sources');
      return json({
        id: 'resp_1', object: 'response', status: 'completed', model: 'gpt-4.1-mini',
        output: [
          { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'q', sources: [{ type: 'url', url: 'https://src.example/' }, { type: 'url', url: 'https://cited.example/a' }] } },
          { type: 'message', id: 'm1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Intro\nCited fact here ([cited.example](https://cited.example/a)).\nEnd', annotations: [{ type: 'url_citation', url: 'https://cited.example/a', title: 'Cited', start_index: 22, end_index: 60 }] }] },
        ],
      });
    });
    const results = await provider('openai', `${web.origin}/v1`).search('q', 5);
    expect(results).toEqual([
      { url: 'https://cited.example/a', title: 'Cited', snippet: 'Cited fact here .' },
      { url: 'https://src.example/', title: 'src.example', snippet: '' },
    ]);
    expect(web.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it.each(['brave', 'tavily', 'serper', 'searxng'] as const)('%s: a refused key is a clear error that does not repeat the key', async (kind) => {
    web.route(kind === 'brave' ? '/res/v1/web/search' : '/search', { status: 401, headers: { 'content-type': 'application/json' }, body: `{"error":"bad key ${KEY}"}` });
    const error = await provider(kind).search('q', 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebSearchError);
    expect((error as Error).message).toBe(`${kind} search answered 401: check the API key`);
  });

  it('refuses to start without a key or a SearXNG base URL, naming the environment variable', () => {
    expect(() => createWebSearchProvider({ kind: 'brave', fetch: nodeFetch })).toThrow('brave search needs an API key (the CLI reads BRAVE_API_KEY)');
    expect(() => createWebSearchProvider({ kind: 'openai', fetch: nodeFetch, apiKey: '' })).toThrow('OPENAI_API_KEY');
    expect(() => createWebSearchProvider({ kind: 'searxng', fetch: nodeFetch })).toThrow('SearXNG search needs the base URL');
  });

  it('a malformed answer is an error, not an empty result', async () => {
    web.route('/search', { headers: { 'content-type': 'application/json' }, body: '{"results": [' });
    await expect(provider('searxng').search('q', 3)).rejects.toThrow('not JSON');
  });
});

describe('cleanResults', () => {
  it('keeps http(s) URLs once each, up to the limit', () => {
    const raw = [
      { url: 'javascript:alert(1)', title: 'x', snippet: '' },
      { url: 'https://a.example/', title: 'A', snippet: 's' },
      { url: 'https://a.example', title: 'A again', snippet: '' },
      { url: 'not a url', title: '', snippet: '' },
      { url: 'file:///etc/passwd', title: '', snippet: '' },
      { url: 'http://b.example/p', title: '', snippet: 'line\n\nbreaks' },
      { url: 'https://c.example/', title: 'C', snippet: '' },
    ];
    expect(cleanResults(raw, 2)).toEqual([
      { url: 'https://a.example/', title: 'A', snippet: 's' },
      { url: 'http://b.example/p', title: 'b.example', snippet: 'line breaks' },
    ]);
  });

  it('reads nothing from an OpenAI output without citations or sources', () => {
    expect(resultsFromOutput(undefined)).toEqual([]);
    expect(resultsFromOutput([{ type: 'message', content: [{ type: 'output_text', text: 'no', annotations: [] }] }])).toEqual([]);
  });
});
