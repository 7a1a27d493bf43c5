/** An entry of `allowed_ips` as read: its canonical form, or the problem with it. */
export type RangeReading = { canonical: string; problem?: undefined } | { canonical?: undefined; problem: string };

/**
 * Port: IPv4 and IPv6 addresses and CIDR ranges, for a key's `allowed_ips`. The domain cannot
 * parse addresses itself (that is ipaddr.js's job, in an adapter).
 */
export abstract class AddressRanges {
  /**
   * The canonical form of an address or CIDR range, or what keeps the text from being one
   * (worded to follow the entry in an error message). Canonical: a single address carries no
   * prefix length (`192.0.2.1/32` is `192.0.2.1`), IPv6 is lower-case and compressed, and an
   * IPv4-mapped IPv6 address is the IPv4 address it carries. Refused, beside what is no
   * address at all: a zone id (`fe80::1%eth0` names an interface of one machine, which a
   * client address never carries), a `/0` range (it restricts nothing, so whoever wrote it
   * meant something else) and a range with host bits set (`192.0.2.77/24`: a typo for an
   * address or for `192.0.2.0/24`, which the service cannot tell apart).
   */
  abstract read(text: string): RangeReading;

  /** Whether `address` (a client address, IPv4-mapped folded like `canonical`) lies in one of the canonical `ranges`. */
  abstract allows(ranges: readonly string[], address: string): boolean;
}
