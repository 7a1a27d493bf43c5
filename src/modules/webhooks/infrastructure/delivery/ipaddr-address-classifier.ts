import ipaddr from 'ipaddr.js';
import { AddressClassifier } from '../../domain/url-policy';

/**
 * Only global unicast is public. ipaddr.js names every special range (loopback, private,
 * link-local, CGNAT "carrierGradeNat", multicast, unspecified, broadcast, reserved and
 * documentation ranges, IPv6 unique-local, 6to4, Teredo, NAT64, ...); anything but "unicast"
 * is refused. An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it
 * carries. Returns null when allowed, else the range's name.
 */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** The address classifier of the URL policy, by ipaddr.js's range names (nonPublicRange). */
export class IpaddrAddressClassifier extends AddressClassifier {
  nonPublicRange(address: string): string | null {
    return nonPublicRange(address);
  }
}
