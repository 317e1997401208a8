// Name resolution for the Web agent's tests: public-looking names with the addresses a test gives
// them, and a transport that connects those names to the loopback server (what DNS and the
// network would do), so safety checks run on real requests without leaving the machine.

import type { FetchLike } from '../../../src/agents/llm/fetch-like';
import type { ResolveHost } from '../../../src/agents/web/check-url';
import { nodeFetch } from '../llm/client-fixtures';

export const TEST_DNS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'other-public.example': ['93.184.216.35'],
  'loopback.example': ['127.0.0.1'],
  'private.example': ['93.184.216.36', '10.0.0.5'],
  'v6-loopback.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
};

export const fakeResolveHost: ResolveHost = (host) => {
  const found = TEST_DNS[host];
  return found ? Promise.resolve(found) : Promise.reject(new Error(`ENOTFOUND ${host}`));
};

/** Connects every name in TEST_DNS to the loopback server on `port`. */
export function viaLoopback(port: number): FetchLike {
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.hostname in TEST_DNS) url.host = `127.0.0.1:${port}`;
    return nodeFetch(url, init);
  };
}
