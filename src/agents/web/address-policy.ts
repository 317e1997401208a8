// Which hosts the Web agent may connect to. A page fetch that reached a private, loopback or
// link-local address could read the user's router, a local service or a cloud metadata endpoint
// (169.254.169.254) and hand it to the model, so those are refused unless the user allows them.
// Every form an address can be written in is reduced to its bytes first (see ip-address.ts).

import { parseIpv4, parseIpv6 } from './ip-address';

/** Why an address is not public, or null when it is. */
export function nonPublicReason(address: string): string | null {
  const v4 = parseIpv4(address);
  if (v4) return ipv4Reason(v4);
  const v6 = parseIpv6(address);
  if (v6) return ipv6Reason(v6);
  return 'not an IP address';
}

type Range4 = [number, number, number, number, number, string];

const IPV4_RANGES: readonly Range4[] = [
  [0, 0, 0, 0, 8, 'the "this network" range (0.0.0.0/8)'],
  [10, 0, 0, 0, 8, 'a private address (10.0.0.0/8)'],
  [100, 64, 0, 0, 10, 'a shared carrier-grade NAT address (100.64.0.0/10)'],
  [127, 0, 0, 0, 8, 'a loopback address (127.0.0.0/8)'],
  [169, 254, 0, 0, 16, 'a link-local address (169.254.0.0/16, cloud metadata among them)'],
  [172, 16, 0, 0, 12, 'a private address (172.16.0.0/12)'],
  [192, 0, 0, 0, 24, 'an IETF protocol address (192.0.0.0/24)'],
  [192, 0, 2, 0, 24, 'a documentation address (192.0.2.0/24)'],
  [192, 168, 0, 0, 16, 'a private address (192.168.0.0/16)'],
  [198, 18, 0, 0, 15, 'a benchmarking address (198.18.0.0/15)'],
  [198, 51, 100, 0, 24, 'a documentation address (198.51.100.0/24)'],
  [203, 0, 113, 0, 24, 'a documentation address (203.0.113.0/24)'],
  [224, 0, 0, 0, 4, 'a multicast address (224.0.0.0/4)'],
  [240, 0, 0, 0, 4, 'a reserved address (240.0.0.0/4, broadcast included)'],
];

function ipv4Reason(bytes: readonly number[]): string | null {
  const value = toUint32(bytes);
  for (const [a, b, c, d, prefix, reason] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if (((value & mask) >>> 0) === ((toUint32([a, b, c, d]) & mask) >>> 0)) return reason;
  }
  return null;
}

function toUint32(bytes: readonly number[]): number {
  return (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) >>> 0;
}

function ipv6Reason(g: readonly number[]): string | null {
  const at = (i: number): number => g[i] ?? 0;
  const zeroUpTo = (n: number): boolean => g.slice(0, n).every((x) => x === 0);
  const embedded = (): number[] => [at(6) >> 8, at(6) & 0xff, at(7) >> 8, at(7) & 0xff];
  if (zeroUpTo(8)) return 'the unspecified address (::)';
  if (zeroUpTo(7) && at(7) === 1) return 'the loopback address (::1)';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroUpTo(5) && at(5) === 0xffff) return prefixed('an IPv4-mapped address of', ipv4Reason(embedded()));
  if (zeroUpTo(6)) return prefixed('an IPv4-compatible address of', ipv4Reason(embedded()));
  if (at(0) === 0x64 && at(1) === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return prefixed('a NAT64 address of', ipv4Reason(embedded()));
  if (at(0) === 0x2002) return prefixed('a 6to4 address of', ipv4Reason([at(1) >> 8, at(1) & 0xff, at(2) >> 8, at(2) & 0xff]));
  if ((at(0) & 0xfe00) === 0xfc00) return 'a unique local address (fc00::/7)';
  if ((at(0) & 0xffc0) === 0xfe80) return 'a link-local address (fe80::/10)';
  if ((at(0) & 0xffc0) === 0xfec0) return 'a site-local address (fec0::/10)';
  if ((at(0) & 0xff00) === 0xff00) return 'a multicast address (ff00::/8)';
  if (at(0) === 0x2001 && at(1) === 0x0db8) return 'a documentation address (2001:db8::/32)';
  if (at(0) === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return 'a discard address (100::/64)';
  return null;
}

function prefixed(what: string, reason: string | null): string | null {
  return reason === null ? null : `${what} ${reason}`;
}

/** Names that mean "this machine" or "the local network" whatever a resolver says. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa', 'localdomain'];

/**
 * Why a URL's host may not be connected to, judged from the host text alone (an IP literal in any
 * form, or a local name); null when only resolving the name can tell.
 */
export function hostTextReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return 'the URL has no host';
  if (parseIpv4(host) || parseIpv6(host)) {
    const reason = nonPublicReason(host);
    return reason === null ? null : `${hostname} is ${reason}`;
  }
  const labels = host.split('.');
  if (labels.length === 1) return `"${host}" is a name on the local network (it has no domain)`;
  for (const suffix of LOCAL_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return `"${host}" is a local network name (.${suffix})`;
  }
  return null;
}
