// Which addresses the Web agent refuses: every way of writing a private, loopback or link-local
// address, checked against the WHATWG URL parser and Node's BlockList as independent oracles.

import fc from 'fast-check';
import { BlockList, isIPv4 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { hostTextReason, nonPublicReason } from '../../../src/agents/web/address-policy';
import { parseIpv4, parseIpv6 } from '../../../src/agents/web/ip-address';

const PRIVATE = [
  '127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.0.0.1', '0x7f000001', '127.1', '017700000001',
  '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0xa9.0xfe.0xa9.0xfe',
  '0.0.0.0', '0', '100.64.0.1', '255.255.255.255', '224.0.0.1',
  '::1', '[::1]', '::', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254',
  '::ffff:a00:1', '::127.0.0.1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', '64:ff9b::10.0.0.1',
  '2002:7f00:1::', 'ff02::1', 'fec0::1',
];
const PUBLIC = [
  '8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '192.169.0.1', '100.128.0.1', '169.255.0.1', '11.0.0.1',
  '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1',
];

describe('nonPublicReason', () => {
  it.each(PRIVATE)('refuses %s', (address) => {
    expect(nonPublicReason(address)).not.toBeNull();
  });
  it.each(PUBLIC)('allows %s', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it('reads IPv4 in every form the URL parser accepts, as the URL parser does', () => {
    const form = fc.tuple(fc.nat(0xffffffff), fc.constantFrom('dotted', 'decimal', 'hex', 'octal-dotted', 'two-part'));
    fc.assert(
      fc.property(form, ([value, kind]) => {
        const bytes = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
        const text =
          kind === 'dotted' ? bytes.join('.')
          : kind === 'decimal' ? String(value)
          : kind === 'hex' ? `0x${value.toString(16)}`
          : kind === 'octal-dotted' ? bytes.map((b) => `0${b.toString(8)}`).join('.')
          : `${bytes[0]}.${value & 0xffffff}`;
        const normalized = new URL(`http://${text}/`).hostname;
        expect(parseIpv4(text)).toEqual(normalized.split('.').map(Number));
        expect(parseIpv4(text)).toEqual(bytes);
      }),
    );
  });

  it('classifies every IPv4 address as Node BlockList does, and IPv4-mapped IPv6 the same way', () => {
    const blocked = new BlockList();
    for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
      blocked.addSubnet(net, prefix, 'ipv4');
    }
    const address = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((b) => b.join('.'));
    const interesting = fc.oneof(address, fc.constantFrom('10.0.0.0', '9.255.255.255', '11.0.0.0', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.255.255', '223.255.255.255', '198.17.255.255', '198.20.0.0'));
    fc.assert(
      fc.property(interesting, (a) => {
        expect(isIPv4(a)).toBe(true);
        expect(nonPublicReason(a) !== null).toBe(blocked.check(a, 'ipv4'));
        expect(nonPublicReason(`::ffff:${a}`) !== null).toBe(blocked.check(a, 'ipv4'));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads IPv6 written in full or compressed as the same groups', () => {
    const groups = fc.array(fc.oneof(fc.constant(0), fc.nat(0xffff)), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(groups, (g) => {
        const full = g.map((x) => x.toString(16)).join(':');
        const compressed = new URL(`http://[${full}]/`).hostname;
        expect(parseIpv6(full)).toEqual(g);
        expect(parseIpv6(compressed)).toEqual(g);
      }),
    );
  });

  it('rejects malformed literals', () => {
    for (const bad of ['1.2.3.256', '1.2.3.4.5', '0x', '1:2:3:4:5:6:7:8:9', '1::2::3', ':1', 'example.com', '12345::', '::ffff:1.2.3']) {
      expect(parseIpv4(bad) !== null && parseIpv6(bad) !== null).toBe(false);
      expect(nonPublicReason(bad)).not.toBeNull();
    }
  });
});

describe('hostTextReason', () => {
  it.each(['localhost', 'api.localhost', 'printer.local', 'metadata.google.internal', 'intranet', 'nas.lan', 'router.home.arpa', '127.0.0.1', '[::1]', '0x7f.1'])('refuses %s by its name', (host) => {
    expect(hostTextReason(host)).not.toBeNull();
  });
  it.each(['example.com', 'en.wikipedia.org', '8.8.8.8', '[2606:4700:4700::1111]'])('leaves %s to the resolver', (host) => {
    expect(hostTextReason(host)).toBeNull();
  });
});
