import { beforeAll, describe, expect, it } from '@jest/globals';
import { BlockList } from 'node:net';
import {
  bundledCountryDatabasePath,
  CountryLookup,
  countryName,
  SPECIAL_PURPOSE_IPV4,
  SpecialPurposeAddresses,
} from './countries.js';

describe('CountryLookup', () => {
  let countries: CountryLookup;
  beforeAll(() => {
    countries = CountryLookup.open();
  });

  // Public resolvers and root servers, whose networks are registered in one country each.
  it.each([
    ['8.8.8.8', 'US'], // Google Public DNS
    ['2001:4860:4860::8888', 'US'],
    ['84.200.69.80', 'DE'], // DNS.WATCH
    ['2001:1608:10:25::1c04:b12f', 'DE'],
    ['130.59.31.248', 'CH'], // SWITCH, the Swiss research network
    ['77.88.8.8', 'RU'], // Yandex DNS
    ['2a02:6b8::feed:0ff', 'RU'],
    ['114.114.114.114', 'CN'], // 114DNS
    ['168.126.63.1', 'KR'], // KT
    ['193.0.14.129', 'NL'], // k.root-servers.net, RIPE NCC
    ['202.12.27.33', 'JP'], // m.root-servers.net, WIDE
  ])('places %s in %s', (ip, country) => {
    expect(countries.countryOf(ip)).toBe(country);
  });

  it('looks an IPv4-mapped IPv6 address up as its IPv4 address', () => {
    expect(countries.countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(countries.countryOf('::ffff:77.88.8.8')).toBe('RU');
  });

  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '::ffff:192.168.1.1',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.1.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456:789a::1',
    '2001:db8::1',
    '198.51.100.10',
  ])('places no country on the special-purpose address %s', (ip) => {
    expect(countries.countryOf(ip)).toBeNull();
  });

  it("tells special-purpose IPv4 addresses as node's BlockList does: each range's ends, their neighbours, and random ones", () => {
    const special = new SpecialPurposeAddresses();
    const oracle = new BlockList();
    for (const [network, prefix] of SPECIAL_PURPOSE_IPV4) oracle.addSubnet(network, prefix, 'ipv4');
    const dotted = (value: number) =>
      [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
    const numberOf = (address: string) =>
      address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
    const addresses: string[] = [];
    for (const [network, prefix] of SPECIAL_PURPOSE_IPV4) {
      const first = numberOf(network);
      const last = first + 2 ** (32 - prefix) - 1;
      for (const value of [first - 1, first, first + 1, last - 1, last, last + 1])
        if (value >= 0 && value <= 0xffffffff) addresses.push(dotted(value));
    }
    for (let index = 0; index < 20_000; index++) addresses.push(dotted(Math.floor(Math.random() * 2 ** 32)));
    for (const address of addresses)
      expect([address, special.has(address)]).toEqual([address, oracle.check(address, 'ipv4')]);
    expect(addresses.filter((address) => special.has(address)).length).toBeGreaterThan(90);
  });

  it('answers special-purpose addresses itself, since the database places some of them', () => {
    // The database alone puts these in AU and JP; they are a home network and the documentation prefix.
    expect(countries.countryOf('192.168.1.1')).toBeNull();
    expect(countries.countryOf('2001:db8::1')).toBeNull();
  });

  it('places nothing that is not an IP address', () => {
    expect(countries.countryOf('')).toBeNull();
    expect(countries.countryOf('unknown')).toBeNull();
    expect(countries.countryOf('8.8.8')).toBeNull();
  });

  it('opens the database at a given path, and says when it was built', () => {
    const opened = CountryLookup.open(bundledCountryDatabasePath());
    expect(opened.countryOf('8.8.8.8')).toBe('US');
    expect(opened.builtAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(opened.builtAt.getUTCFullYear()).toBeGreaterThanOrEqual(2025);
  });

  it('fails at start-up, not per request, when the database is missing', () => {
    expect(() => CountryLookup.open('/nonexistent/countries.mmdb')).toThrow(/ENOENT/);
  });
});

describe('countryName', () => {
  it('names a country in English', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('US')).toBe('United States');
    expect(countryName('KR')).toBe('South Korea');
    expect(countryName('CH')).toBe('Switzerland');
  });

  it("is 'Unknown' without a country or for something that is not a code", () => {
    expect(countryName(null)).toBe('Unknown');
    expect(countryName('Unknown')).toBe('Unknown');
    expect(countryName('d3')).toBe('Unknown');
  });
});
