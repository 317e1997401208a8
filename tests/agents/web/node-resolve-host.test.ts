// The CLI's resolver on the real system resolver: localhost must come back as a loopback address,
// which the page fetcher then refuses.

import { nodeFetch } from '../llm/client-fixtures';
import { describe, expect, it } from 'vitest';
import { nonPublicReason } from '../../../src/agents/web/address-policy';
import { createPageFetcher } from '../../../src/agents/web/page-fetcher';
import { nodeResolveHost } from '../../../src/cli/node-resolve-host';

describe('nodeResolveHost', () => {
  it('resolves localhost to loopback addresses only', async () => {
    const addresses = await nodeResolveHost('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    for (const a of addresses) expect(nonPublicReason(a)).toMatch(/loopback/);
  });

  it('settles at once when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(nodeResolveHost('localhost', controller.signal)).rejects.toThrow('stopped');
  });

  it('lets the fetcher refuse a name by what it resolves to', async () => {
    // "localtest.me"-style names are not reliable offline; a resolver answer is what matters here.
    const fetcher = createPageFetcher({ fetch: nodeFetch, resolveHost: (h) => (h === 'alias.example' ? nodeResolveHost('localhost') : Promise.resolve(['93.184.216.34'])), allowPrivateHosts: false, maxBytes: 100, timeoutMs: 1000 });
    expect(await fetcher.fetchPage('http://alias.example/')).toMatchObject({ ok: false, refused: true });
  });
});
