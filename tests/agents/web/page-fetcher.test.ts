// The page fetcher's safety rules against a real loopback HTTP server. Public-looking names are
// given addresses by an injected resolver, and a transport that connects them to the loopback
// server (what DNS would do), so a redirect to a private address is tested end to end.

import { nodeFetch } from '../llm/client-fixtures';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageFetcher, type PageFetcherOptions } from '../../../src/agents/web/page-fetcher';
import { fakeResolveHost, viaLoopback } from './fake-dns';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web';

let web: LoopbackWeb;
beforeAll(async () => {
  web = await startLoopbackWeb();
});
afterAll(() => web.close());
beforeEach(() => web.reset());

function fetcher(extra: Partial<PageFetcherOptions> = {}) {
  return createPageFetcher({ fetch: viaLoopback(web.port), resolveHost: fakeResolveHost, allowPrivateHosts: false, maxBytes: 200_000, timeoutMs: 5_000, ...extra });
}
const at = (host: string, path: string): string => `http://${host}:${web.port}${path}`;

describe('createPageFetcher', () => {
  it('reads an HTML page from a public host', async () => {
    web.html('/a', '<html><body><p>héllo</p></body></html>');
    const result = await fetcher().fetchPage(at('public.example', '/a'));
    expect(result).toMatchObject({ ok: true, page: { contentType: 'text/html', truncated: false } });
    if (result.ok) expect(result.page.body).toContain('héllo');
  });

  it('reads loopback pages only when private hosts are allowed', async () => {
    web.html('/a', '<p>local</p>');
    const refused = await createPageFetcher({ fetch: nodeFetch, allowPrivateHosts: false, maxBytes: 1000, timeoutMs: 5000 }).fetchPage(`${web.origin}/a`);
    expect(refused).toMatchObject({ ok: false, refused: true });
    expect(web.requests).toHaveLength(0);
    const allowed = await createPageFetcher({ fetch: nodeFetch, allowPrivateHosts: true, maxBytes: 1000, timeoutMs: 5000 }).fetchPage(`${web.origin}/a`);
    expect(allowed.ok).toBe(true);
  });

  it.each(['loopback.example', 'private.example', 'v6-loopback.example', 'mapped.example', 'metadata.example'])('refuses %s, which resolves to a private address, before connecting', async (host) => {
    web.html('/secret', 'secret');
    const result = await fetcher().fetchPage(at(host, '/secret'));
    expect(result).toMatchObject({ ok: false, refused: true });
    if (!result.ok) expect(result.reason).toContain('resolves to');
    expect(web.requests).toHaveLength(0);
  });

  it.each([
    'http://127.0.0.1/', 'http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://[::1]/', 'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/', 'http://localhost/', 'http://intranet/',
    'file:///etc/passwd', 'ftp://public.example/', 'javascript:alert(1)', 'http://user:pw@public.example/', 'not a url',
  ])('refuses %s', async (url) => {
    const result = await fetcher().fetchPage(url);
    expect(result).toMatchObject({ ok: false, refused: true });
    expect(web.requests).toHaveLength(0);
  });

  it.each([
    ['a loopback literal', (port: number) => `http://127.0.0.1:${port}/secret`],
    ['a decimal loopback', (port: number) => `http://2130706433:${port}/secret`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/secret`],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to 10.x', (port: number) => `http://private.example:${port}/secret`],
    ['a relative path on a private name', () => '//loopback.example/secret'],
    ['a file URL', () => 'file:///etc/passwd'],
  ])('refuses a redirect to %s and never requests it', async (_name, target) => {
    web.route('/start', { status: 302, headers: { location: target(web.port) } });
    web.html('/secret', 'secret');
    const result = await fetcher().fetchPage(at('public.example', '/start'));
    expect(result).toMatchObject({ ok: false, refused: true });
    if (!result.ok) expect(result.reason).toMatch(/^redirected to /);
    expect(web.paths()).toEqual(['/start']);
  });

  it('follows redirects between public hosts and reports the final URL', async () => {
    web.route('/one', { status: 301, headers: { location: at('other-public.example', '/two') } });
    web.route('/two', { status: 307, headers: { location: '/three' } });
    web.html('/three', '<p>arrived</p>');
    const result = await fetcher().fetchPage(at('public.example', '/one'));
    expect(result).toMatchObject({ ok: true, page: { url: at('other-public.example', '/three') } });
    expect(web.paths()).toEqual(['/one', '/two', '/three']);
  });

  it('stops after a bounded number of redirects', async () => {
    web.route('/loop', { status: 302, headers: { location: '/loop' } });
    const result = await fetcher({ maxRedirects: 3 }).fetchPage(at('public.example', '/loop'));
    expect(result).toMatchObject({ ok: false, refused: true, reason: 'more than 3 redirects' });
    expect(web.requests).toHaveLength(4);
  });

  it.each(['image/png', 'application/pdf', 'application/octet-stream', 'application/javascript'])('refuses content of type %s', async (type) => {
    web.route('/file', { headers: { 'content-type': type }, body: 'x' });
    const result = await fetcher().fetchPage(at('public.example', '/file'));
    expect(result).toMatchObject({ ok: false, refused: true });
  });

  it('reads at most maxBytes of a large page, and stops downloading an endless one', async () => {
    web.route('/big', { body: '<p>start</p>', stream: { bytes: 50_000 } });
    web.route('/endless', { body: '<p>start</p>', stream: { bytes: 0, endless: true } });
    web.route('/exact', { body: 'x'.repeat(1000) });
    const f = fetcher({ maxBytes: 10_000 });
    const big = await f.fetchPage(at('public.example', '/big'));
    expect(big).toMatchObject({ ok: true, page: { bytes: 10_000, truncated: true } });
    const endless = await f.fetchPage(at('public.example', '/endless'));
    expect(endless).toMatchObject({ ok: true, page: { bytes: 10_000, truncated: true } });
    const exact = await fetcher({ maxBytes: 1000 }).fetchPage(at('public.example', '/exact'));
    expect(exact).toMatchObject({ ok: true, page: { bytes: 1000, truncated: false } });
  });

  it('gives up on a slow page at the time limit', async () => {
    web.route('/slow', { delayMs: 3_000, body: 'late' });
    const started = Date.now();
    const result = await fetcher({ timeoutMs: 200 }).fetchPage(at('public.example', '/slow'));
    expect(result).toMatchObject({ ok: false, refused: false, reason: 'no complete answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops at once when aborted', async () => {
    web.route('/slow', { delayMs: 3_000, body: 'late' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const result = await fetcher().fetchPage(at('public.example', '/slow'), controller.signal);
    expect(result).toMatchObject({ ok: false, reason: 'stopped' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reports server errors and unresolvable names as failures', async () => {
    web.route('/err', { status: 500, body: 'oops' });
    expect(await fetcher().fetchPage(at('public.example', '/err'))).toMatchObject({ ok: false, refused: false, reason: 'the server answered 500' });
    expect(await fetcher().fetchPage('http://nowhere.example/')).toMatchObject({ ok: false, refused: true });
  });
});
