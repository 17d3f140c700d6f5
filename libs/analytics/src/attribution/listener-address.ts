import { isIP, isIPv4, SocketAddress } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/;

/**
 * An IP address in one spelling: IPv4 as dotted decimal, an IPv4-mapped IPv6 address (what a dual-stack socket
 * reports for an IPv4 client, '::ffff:1.2.3.4') as that IPv4 address, and IPv6 in its compressed lower-case form as
 * the system's own formatter writes it (node:net SocketAddress), without a zone. Null for anything that is not an
 * IP address.
 */
export function canonicalAddress(ip: string): string | null {
  const address = ip.trim();
  // What a dual-stack socket reports for every IPv4 client, told before the costlier IPv6 check.
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  const canonical = new SocketAddress({ address, family: 'ipv6' }).address;
  return IPV4_MAPPED.exec(canonical)?.[1] ?? canonical;
}

/** The eight 16-bit groups of a compressed IPv6 address ('2001:db8::1' → 2001 db8 0 0 0 0 0 1). */
function groupsOf(canonical: string): string[] {
  const [head = '', tail] = canonical.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  if (tail === undefined) return headGroups;
  const tailGroups = tail === '' ? [] : tail.split(':');
  return [
    ...headGroups,
    ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'),
    ...tailGroups,
  ];
}

/**
 * The /64 network of a canonical IPv6 address, written as the system's formatter writes it with its prefix length
 * ('2001:db8:1:2::/64'). Its last four groups are zeros, so the longest run of zeros (RFC 5952 compresses it) is always
 * the one at the end, joined by the zero groups that end the first four: the network is the first four groups without
 * their trailing zeros, then '::'. A test holds this against node:net's SocketAddress.
 */
function network64(canonical: string): string {
  const groups = groupsOf(canonical).slice(0, 4);
  while (groups.length > 0 && groups[groups.length - 1] === '0') groups.pop();
  return `${groups.join(':')}::/64`;
}

/**
 * The address a listener is recognised by (IAB Tech Lab Podcast Measurement Technical Guidelines v2.2): an IPv4
 * address as it is, and an IPv6 address cut to its /64 network, written as a prefix ('2001:db8:1:2::/64'). One
 * household's devices and one phone's changing privacy addresses (RFC 8981) share their /64, so without the cut each
 * new temporary address would count as a new listener. Anything that is not an IP address (a malformed forwarded
 * header) is returned trimmed, so it is still told apart from other requests.
 */
export function listenerAddress(ip: string): string {
  return listenerAddressOf(ip, canonicalAddress(ip));
}

/** `listenerAddress` for a caller that has the address's `canonicalAddress` already. */
export function listenerAddressOf(ip: string, canonical: string | null): string {
  if (canonical === null) return ip.trim();
  return canonical.includes(':') ? network64(canonical) : canonical;
}
