// The check every URL passes before the Web agent connects to it: the first one from the search
// results and each redirect target alike.

import { hostTextReason, nonPublicReason } from './address-policy';

/** Resolves a host name to its IP addresses (Node: dns.lookup with `all`). */
export type ResolveHost = (hostname: string, signal?: AbortSignal) => Promise<string[]>;

/** A transport refused to connect because the host resolved to a non-public address. */
export class PrivateAddressError extends Error {
  readonly refused = true;
  constructor(message: string) {
    super(message);
    this.name = 'PrivateAddressError';
  }
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export interface UrlCheckOptions {
  allowPrivateHosts: boolean;
  resolveHost?: ResolveHost;
  signal?: AbortSignal;
}

/** Parses `raw` and refuses what the Web agent must not fetch; resolves the host when it can. */
export async function checkFetchUrl(raw: string, options: UrlCheckOptions): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `only http and https pages are fetched, not ${url.protocol}` };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'URLs with a user name or password are not fetched' };
  if (options.allowPrivateHosts) return { ok: true, url };
  const hostname = url.hostname;
  const textReason = hostTextReason(hostname);
  if (textReason !== null) return { ok: false, reason: textReason };
  if (isIpLiteral(hostname) || !options.resolveHost) return { ok: true, url };
  let addresses: string[];
  try {
    addresses = await options.resolveHost(hostname, options.signal);
  } catch (error) {
    return { ok: false, reason: `${hostname} could not be resolved (${error instanceof Error ? error.message : String(error)})` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${hostname} did not resolve to any address` };
  for (const address of addresses) {
    const reason = nonPublicReason(address);
    if (reason !== null) return { ok: false, reason: `${hostname} resolves to ${address}, ${reason}` };
  }
  return { ok: true, url };
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^[\d.]+$/.test(hostname);
}
