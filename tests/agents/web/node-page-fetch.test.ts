// The CLI's page transport checks the address it actually connects to: a name that a first
// lookup shows as public but that resolves to a private address when connecting (DNS rebinding)
// is refused before any byte is sent.

import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageFetcher } from '../../../src/agents/web/page-fetcher';
import { createNodePageFetcher, nodePageFetch, type NodePageFetchOptions } from '../../../src/cli/node-page-fetch';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web';

let web: LoopbackWeb;
beforeAll(async () => {
  web = await startLoopbackWeb();
});
afterAll(() => web.close());
beforeEach(() => web.reset());

/** Every name resolves to these addresses when connecting. */
function lookupTo(...addresses: string[]): NonNullable<NodePageFetchOptions['lookup']> {
  const found: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  return (_host, _options, callback) => callback(null, found);
}
const url = (path: string): string => `http://rebind.example:${web.port}${path}`;

describe('nodePageFetch', () => {
  it('connects to what the name resolves to and streams the page', async () => {
    web.route('/big', { body: '<p>start</p>', stream: { bytes: 0, endless: true } });
    web.html('/a', '<p>hello</p>');
    const fetcher = createPageFetcher({ fetch: nodePageFetch({ allowPrivateHosts: true, lookup: lookupTo('127.0.0.1') }), allowPrivateHosts: true, maxBytes: 5_000, timeoutMs: 5_000 });
    expect(await fetcher.fetchPage(url('/a'))).toMatchObject({ ok: true, page: { body: '<p>hello</p>', truncated: false } });
    expect(await fetcher.fetchPage(url('/big'))).toMatchObject({ ok: true, page: { bytes: 5_000, truncated: true } });
  });

  it.each([['127.0.0.1'], ['::1', '127.0.0.1'], ['93.184.216.34', '127.0.0.1']])('refuses at connect time a name that resolves to %s, though the check before said public', async (...addresses) => {
    web.html('/secret', 'secret');
    const fetcher = createPageFetcher({
      fetch: nodePageFetch({ allowPrivateHosts: false, lookup: lookupTo(...addresses) }),
      resolveHost: () => Promise.resolve(['93.184.216.34']),
      allowPrivateHosts: false,
      maxBytes: 5_000,
      timeoutMs: 5_000,
    });
    const result = await fetcher.fetchPage(url('/secret'));
    expect(result).toMatchObject({ ok: false, refused: true });
    if (!result.ok) expect(result.reason).toMatch(/^rebind\.example resolves to .+ loopback/);
    expect(web.requests).toHaveLength(0);
  });

  it('hands redirects back unfollowed, so the fetcher checks their targets', async () => {
    web.route('/go', { status: 302, headers: { location: `http://127.0.0.1:${web.port}/secret` } });
    const response = await nodePageFetch({ allowPrivateHosts: true, lookup: lookupTo('127.0.0.1') })(url('/go'), { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([302, `http://127.0.0.1:${web.port}/secret`]);
    const fetcher = createPageFetcher({ fetch: nodePageFetch({ allowPrivateHosts: true, lookup: lookupTo('127.0.0.1') }), resolveHost: () => Promise.resolve(['93.184.216.34']), allowPrivateHosts: false, maxBytes: 5_000, timeoutMs: 5_000 });
    web.reset();
    web.route('/go', { status: 302, headers: { location: `http://127.0.0.1:${web.port}/secret` } });
    expect(await fetcher.fetchPage(url('/go'))).toMatchObject({ ok: false, refused: true });
    expect(web.paths()).toEqual(['/go']);
  });

  it('checks what the system resolver answers', async () => {
    web.html('/a', 'local');
    await expect(nodePageFetch({ allowPrivateHosts: false })(`http://localhost:${web.port}/a`)).rejects.toThrow(/^localhost resolves to .*loopback/);
    expect(web.requests).toHaveLength(0);
  });

  it('is what the CLI uses, with the default limits', async () => {
    web.html('/a', '<p>local</p>');
    expect(await createNodePageFetcher(true).fetchPage(`${web.origin}/a`)).toMatchObject({ ok: true });
    expect(await createNodePageFetcher(false).fetchPage(`http://localhost:${web.port}/a`)).toMatchObject({ ok: false, refused: true });
    expect(web.requests).toHaveLength(1);
  });

  it('stops at once when aborted', async () => {
    web.route('/slow', { delayMs: 5_000, body: 'late' });
    const fetcher = createPageFetcher({ fetch: nodePageFetch({ allowPrivateHosts: true, lookup: lookupTo('127.0.0.1') }), allowPrivateHosts: true, maxBytes: 5_000, timeoutMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    expect(await fetcher.fetchPage(url('/slow'), controller.signal)).toMatchObject({ ok: false, reason: 'stopped' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
