import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server must never send a request to on someone else's say-so (a push endpoint):
 * loopback, private, carrier-grade NAT, link-local, documentation, benchmarking, multicast and
 * reserved IPv4; and in IPv6 all of ::/8 (unspecified, loopback, IPv4-compatible, IPv4-mapped),
 * discard, Teredo, documentation, 6to4, unique-local, link-local, site-local and multicast.
 */
// One list per family: a BlockList also matches IPv4 addresses against IPv6 rules as IPv4-mapped
// (::ffff:a.b.c.d, inside ::/8), which would refuse every IPv4 address.
const refusedIpv4 = new BlockList();
const refusedIpv6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  refusedIpv4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 8],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refusedIpv6.addSubnet(network, prefix, 'ipv6');

// NAT64 (64:ff9b::/96): an IPv6-only network's DNS64 writes public IPv4 hosts this way, so the
// IPv4 address inside is what counts.
const NAT64 = /^64:ff9b::(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i;

function embeddedIpv4(address: string): string | null {
  const match = NAT64.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] ?? '0', 16);
  const low = Number.parseInt(match[3] ?? '0', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True for an IP address (v4 or v6, without brackets) that is none of the refused ranges above. */
export function isPublicAddress(address: string): boolean {
  const plain = address.replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 0) return false;
  if (family === 6) {
    const inside = embeddedIpv4(plain);
    if (inside) return isPublicAddress(inside);
  }
  return family === 4 ? !refusedIpv4.check(plain, 'ipv4') : !refusedIpv6.check(plain, 'ipv6');
}
