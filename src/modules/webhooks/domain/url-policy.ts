import ipaddr from 'ipaddr.js';
import { WEBHOOK_URL_MAX } from './limits';
import { WebhookUrlRefused } from './webhooks.errors';

/**
 * Whether an address is one the service may send to: only global unicast. ipaddr.js names
 * every special range (loopback, private, link-local, CGNAT "carrierGradeNat", multicast,
 * unspecified, broadcast, reserved and documentation ranges, IPv6 unique-local, 6to4,
 * Teredo, NAT64, ...); anything but "unicast" is refused. An IPv4-mapped IPv6 address
 * (::ffff:10.0.0.1) is judged as the IPv4 address it carries. Returns null when allowed,
 * else the range's name.
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

export interface UrlRules {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: http:// and non-public addresses allowed (development, tests). */
  allowPrivate: boolean;
}

/**
 * The shape of a webhook URL: absolute, https:// (http:// only when private URLs are
 * allowed), at most 2,048 characters, a host, no credentials. Returns the URL as parsed.
 */
export function checkUrlShape(raw: string, rules: UrlRules): URL {
  if (raw.length > WEBHOOK_URL_MAX) throw new WebhookUrlRefused(`must be at most ${WEBHOOK_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlRefused('must be an absolute URL, e.g. https://example.com/hooks');
  }
  const schemes = rules.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new WebhookUrlRefused(rules.allowPrivate ? 'must start with https:// or http://' : 'must start with https://');
  }
  if (!url.hostname) throw new WebhookUrlRefused('must name a host');
  if (url.username || url.password) throw new WebhookUrlRefused('must not carry a user name or password');
  return url;
}

/** The host of a URL as DNS (or an address parser) takes it: IPv6 literals lose their brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Port: every address a host name resolves to (an address literal resolves to itself). */
export abstract class HostResolver {
  /** Throws HostUnresolvable when the name does not resolve. */
  abstract resolveAll(host: string): Promise<string[]>;
}

export class HostUnresolvable extends Error {}

/**
 * Refuses (400) a host any of whose addresses is not public: checking them all defeats a
 * name that answers with one public and one private address.
 */
export async function checkHostIsPublic(url: URL, resolver: HostResolver): Promise<void> {
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = await resolver.resolveAll(host);
  } catch (error) {
    if (error instanceof HostUnresolvable) throw new WebhookUrlRefused(`host ${host} does not resolve`);
    throw error;
  }
  for (const address of addresses) {
    const range = nonPublicRange(address);
    if (range) {
      throw new WebhookUrlRefused(
        `host ${host} resolves to ${address}, a ${range} address: webhooks are sent only to public addresses (an operator may allow private ones with WEBHOOK_ALLOW_PRIVATE_URLS=true)`,
      );
    }
  }
}
