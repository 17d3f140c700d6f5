import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList } from 'node:net';
import { dirname, join } from 'node:path';
import { Reader, type CountryResponse } from 'mmdb-lib';
import { canonicalAddress } from './listener-address.js';

/**
 * The ip-location-db databases hold '{ country_code: "DE" }' records, not MaxMind's shape that mmdb-lib's types
 * describe, so the record is read as what it is.
 */
function countryCodeOf(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null || !('country_code' in record)) return undefined;
  return typeof record.country_code === 'string' ? record.country_code : undefined;
}

/**
 * The country database shipped in '@ip-location-db/geo-whois-asn-country-mmdb' (IPv4 and IPv6 in one file). Its
 * package says CC0; the data it is built from (the regional registries' whois and ASN data) is CC BY 4.0 by the NRO,
 * which asks for attribution: see docs/analytics-attribution.md.
 */
export function bundledCountryDatabasePath(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json');
  return join(dirname(packageJson), 'geo-whois-asn-country.mmdb');
}

/**
 * Addresses that belong to no country (IANA IPv4 and IPv6 Special-Purpose Address Registries): private, shared,
 * loopback, link-local, documentation, benchmarking, multicast and reserved ranges. They are answered before the
 * database, which places some of them (it puts 192.168.1.1 in AU and 2001:db8::1 in JP).
 */
export const SPECIAL_PURPOSE_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const SPECIAL_PURPOSE_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

/** A valid dotted-decimal IPv4 address (as `canonicalAddress` answers it) as a 32-bit number. */
function ipv4Number(address: string): number {
  let value = 0;
  let octet = 0;
  for (let index = 0; index < address.length; index++) {
    const code = address.charCodeAt(index);
    if (code === 0x2e) {
      value = value * 256 + octet;
      octet = 0;
    } else octet = octet * 10 + code - 0x30;
  }
  return value * 256 + octet;
}

/**
 * Whether a canonical address is special-purpose. IPv4 (nearly every listener) is compared as a number with the
 * ranges' networks and masks; node's BlockList, kept for IPv6, makes a native SocketAddress of each address it is
 * given, which cost the download redirect 3–4 µs a request.
 */
export class SpecialPurposeAddresses {
  private readonly ipv4 = SPECIAL_PURPOSE_IPV4.map(([network, prefix]) => {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return { network: (ipv4Number(network) & mask) >>> 0, mask };
  });
  private readonly ipv6 = new BlockList();

  constructor() {
    for (const [network, prefix] of SPECIAL_PURPOSE_IPV6) this.ipv6.addSubnet(network, prefix, 'ipv6');
  }

  has(canonical: string): boolean {
    if (canonical.includes(':')) return this.ipv6.check(canonical, 'ipv6');
    const address = ipv4Number(canonical);
    for (const { network, mask } of this.ipv4) if ((address & mask) >>> 0 === network) return true;
    return false;
  }
}

const ISO_ALPHA_2 = /^[A-Z]{2}$/;

/** Records decoded at most before they are forgotten (a country database has a few hundred). */
const MAX_DECODED_RECORDS = 10_000;

/**
 * mmdb-lib's cache of decoded records, by their place in the database: the networks of a country share its record,
 * so each is decoded once instead of at every lookup (a sixth of the download redirect's country lookup).
 */
class DecodedRecords {
  private readonly records = new Map<number, unknown>();

  get(offset: number): unknown {
    return this.records.get(offset);
  }

  set(offset: number, record: unknown): void {
    if (this.records.size >= MAX_DECODED_RECORDS) this.records.clear();
    this.records.set(offset, record);
  }
}

/** Country of an IP address, from an MMDB country database read into memory once. */
export class CountryLookup {
  private readonly special = new SpecialPurposeAddresses();

  private constructor(private readonly reader: Reader<CountryResponse>) {}

  /** Reads the database (the bundled one unless a path is given); synchronous, meant for start-up. */
  static open(path: string = bundledCountryDatabasePath()): CountryLookup {
    return new CountryLookup(
      new Reader<CountryResponse>(readFileSync(path), { cache: new DecodedRecords() }),
    );
  }

  /** When the database was built, to say how fresh it is. */
  get builtAt(): Date {
    return this.reader.metadata.buildEpoch;
  }

  /**
   * ISO 3166-1 alpha-2 code of the address's country; null for special-purpose addresses (private, loopback…),
   * addresses the database does not place, and anything that is not an IP address. IPv4-mapped IPv6 addresses are
   * looked up as the IPv4 address they carry.
   */
  countryOf(ip: string): string | null {
    return this.countryOfAddress(canonicalAddress(ip));
  }

  /** `countryOf` for a caller that has the address's `canonicalAddress` already. */
  countryOfAddress(address: string | null): string | null {
    if (address === null) return null;
    if (this.special.has(address)) return null;
    const code = countryCodeOf(this.reader.get(address));
    return code !== undefined && ISO_ALPHA_2.test(code) ? code : null;
  }
}

const UNKNOWN_COUNTRY_NAME = 'Unknown';
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English name of a country code ('DE' → 'Germany'); 'Unknown' for null or anything that is not a code. */
export function countryName(code: string | null): string {
  if (code === null || !ISO_ALPHA_2.test(code)) return UNKNOWN_COUNTRY_NAME;
  return regionNames.of(code) ?? code;
}
