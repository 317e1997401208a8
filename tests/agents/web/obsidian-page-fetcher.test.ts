// The plugin's page fetcher on a requestUrl that behaves as the app's does (tests/agents/llm):
// pages are read, literal private addresses and local names are refused before any request, and
// the documented limit holds: requestUrl follows a redirect by itself.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPluginPageFetcher, createPluginSearchProvider } from '../../../src/agents/web/obsidian-page-fetcher';
import { nodeRequestUrl } from '../llm/obsidian-node-request-url';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web';

let web: LoopbackWeb;
beforeAll(async () => {
  web = await startLoopbackWeb();
});
afterAll(() => web.close());
beforeEach(() => web.reset());

describe('createPluginPageFetcher', () => {
  it('reads a page when private hosts are allowed', async () => {
    web.html('/a', '<p>hello</p>');
    expect(await createPluginPageFetcher(true, nodeRequestUrl).fetchPage(`${web.origin}/a`)).toMatchObject({ ok: true, page: { body: '<p>hello</p>' } });
  });

  it.each(['http://127.0.0.1:1/', 'http://[::ffff:7f00:1]/', 'http://169.254.169.254/', 'http://localhost/', 'http://nas.local/', 'file:///etc/hosts'])('refuses %s before any request', async (url) => {
    const seen: string[] = [];
    const fetcher = createPluginPageFetcher(false, (param) => {
      seen.push(param.url);
      return nodeRequestUrl(param);
    });
    expect(await fetcher.fetchPage(url)).toMatchObject({ ok: false, refused: true });
    expect(seen).toEqual([]);
  });

  it('cannot see redirects: requestUrl follows them itself (the limit docs/security-and-network.md states)', async () => {
    web.route('/go', { status: 302, headers: { location: '/b' } });
    web.html('/b', '<p>after the redirect</p>');
    const result = await createPluginPageFetcher(true, nodeRequestUrl).fetchPage(`${web.origin}/go`);
    expect(result).toMatchObject({ ok: true, page: { url: `${web.origin}/go`, body: '<p>after the redirect</p>' } });
    expect(web.paths()).toEqual(['/go', '/b']);
  });
});

describe('createPluginSearchProvider', () => {
  it('searches through requestUrl', async () => {
    web.route('/search', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ results: [{ url: 'https://a.example/', title: 'A', content: 'a' }] }) });
    const search = createPluginSearchProvider({ kind: 'searxng', baseUrl: web.origin }, nodeRequestUrl);
    expect(await search.search('q', 3)).toEqual([{ url: 'https://a.example/', title: 'A', snippet: 'a' }]);
  });
});
