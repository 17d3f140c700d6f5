import { SocketAddress } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { canonicalAddress, listenerAddress } from './listener-address.js';

describe('listenerAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(listenerAddress('8.8.8.8')).toBe('8.8.8.8');
    expect(listenerAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address, as a dual-stack socket reports IPv4 clients, as the IPv4 address', () => {
    expect(listenerAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(listenerAddress('::FFFF:102:304')).toBe('1.2.3.4');
  });

  it('recognises two addresses of one IPv6 /64 as one listener', () => {
    expect(listenerAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(listenerAddress('2001:db8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64');
  });

  it('tells apart addresses of neighbouring /64 networks', () => {
    expect(listenerAddress('2001:db8:1:3::1')).not.toBe(listenerAddress('2001:db8:1:2::1'));
  });

  it('writes every spelling of one /64 the same way: case, leading zeros, compression, zone', () => {
    const spellings = [
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2::ffff',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::1%eth0',
    ];
    expect(new Set(spellings.map(listenerAddress))).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('compresses a /64 with zeros in it the canonical way', () => {
    expect(listenerAddress('2a00:1450:4001:0:abcd::1')).toBe('2a00:1450:4001::/64');
    expect(listenerAddress('::1')).toBe('::/64');
    expect(listenerAddress('2606:4700:4700::1111')).toBe('2606:4700:4700::/64');
  });

  it("writes the /64 as node's own formatter writes it, whatever zeros the network has", () => {
    // Every pattern of zero and non-zero groups in the first four (each group 0, 1 or a random 16-bit value) and in
    // the last four, so every place a run of zeros can start and end is covered.
    const values = ['0', '1', 'abcd'];
    let checked = 0;
    for (let pattern = 0; pattern < 3 ** 4; pattern++) {
      const network = [0, 1, 2, 3].map((index) => values[Math.floor(pattern / 3 ** index) % 3]!);
      for (const host of ['0:0:0:0', '0:0:0:1', '1:0:0:0', '0:abcd:0:0', 'ffff:ffff:ffff:ffff']) {
        const ip = `${network.join(':')}:${host}`;
        const expected = new SocketAddress({ address: `${network.join(':')}::`, family: 'ipv6' }).address;
        // IPv4-mapped and IPv4-compatible spellings are IPv4 listeners, told by canonicalAddress.
        if (!canonicalAddress(ip)!.includes(':')) continue;
        expect({ ip, network: listenerAddress(ip) }).toEqual({ ip, network: `${expected}/64` });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('trims the spaces a forwarded header leaves', () => {
    expect(listenerAddress(' 2001:db8:1:2::5 ')).toBe('2001:db8:1:2::/64');
    expect(listenerAddress(' 8.8.4.4')).toBe('8.8.4.4');
  });

  it('returns anything that is not an address as it came, trimmed', () => {
    expect(listenerAddress(' unknown ')).toBe('unknown');
    expect(listenerAddress('01.2.3.4')).toBe('01.2.3.4');
  });
});

describe('canonicalAddress', () => {
  it('writes IPv6 in its compressed lower-case form and IPv4-mapped as IPv4', () => {
    expect(canonicalAddress('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(canonicalAddress('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(canonicalAddress('9.9.9.9')).toBe('9.9.9.9');
  });

  it('is null for anything that is not an IP address', () => {
    expect(canonicalAddress('')).toBeNull();
    expect(canonicalAddress('example.com')).toBeNull();
    expect(canonicalAddress('2001:db8::/64')).toBeNull();
    expect(canonicalAddress('256.1.1.1')).toBeNull();
  });
});
