// The CLI's transport for reading web pages: node:http(s) with the address check inside the
// connection's own DNS lookup, so the address checked is the address connected to (a name cannot
// resolve to a public address for a check and to a private one for the connection). It never
// follows redirects itself: the page fetcher sees each one and checks its target.

import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { FetchLike } from '../agents/llm/fetch-like';
import { nonPublicReason } from '../agents/web/address-policy';
import { PrivateAddressError } from '../agents/web/check-url';
import { createPageFetcher, type PageFetcher } from '../agents/web/page-fetcher';
import { DEFAULT_PAGE_LIMITS } from '../agents/web/web-settings';
import { nodeResolveHost } from './node-resolve-host';

export interface NodePageFetchOptions {
  allowPrivateHosts: boolean;
  /** The resolver (tests give names addresses); default: the system's, as Node's fetch uses. */
  lookup?: (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function nodePageFetch(options: NodePageFetchOptions): FetchLike {
  const resolve = options.lookup ?? ((hostname, lookupOptions, callback) => dnsLookup(hostname, lookupOptions, callback));
  const checkedLookup = ((hostname: string, lookupOptions: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!options.allowPrivateHosts) {
        for (const a of addresses) {
          const reason = nonPublicReason(a.address);
          if (reason !== null) return callback(new PrivateAddressError(`${hostname} resolves to ${a.address}, ${reason}`), []);
        }
      }
      if (lookupOptions.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve to any address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  }) as LookupFunction;

  return (input, init) =>
    new Promise<Response>((resolvePromise, reject) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new TypeError(`unsupported protocol ${url.protocol}`));
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = request(url, { method: init?.method ?? 'GET', headers, lookup: checkedLookup, ...(init?.signal ? { signal: init.signal } : {}) }, (res: IncomingMessage) => {
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
        const status = res.statusCode ?? 502;
        const body = NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (!body) res.resume();
        resolvePromise(new Response(body, { status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
      });
      req.on('error', reject);
      req.end();
    });
}

/** The CLI's page fetcher: this transport, the resolver check before connecting, the default page limits. */
export function createNodePageFetcher(allowPrivateHosts: boolean): PageFetcher {
  return createPageFetcher({ fetch: nodePageFetch({ allowPrivateHosts }), resolveHost: nodeResolveHost, allowPrivateHosts, ...DEFAULT_PAGE_LIMITS });
}
