/**
 * Port: IPv4 and IPv6 addresses and CIDR ranges, for a key's `allowed_ips`. The domain cannot
 * parse addresses itself (that is ipaddr.js's job, in an adapter).
 */
export abstract class AddressRanges {
  /**
   * The canonical form of an address or CIDR range, or null when the text is neither: a
   * range names its network address (`10.1.2.3/8` is `10.0.0.0/8`), a single address carries
   * no prefix length (`192.0.2.1/32` is `192.0.2.1`), IPv6 is lower-case and compressed, and
   * an IPv4-mapped IPv6 address is the IPv4 address it carries.
   */
  abstract canonical(text: string): string | null;

  /** Whether `address` (a client address, IPv4-mapped folded like `canonical`) lies in one of the canonical `ranges`. */
  abstract allows(ranges: readonly string[], address: string): boolean;
}
