import { WEBHOOK_URL_MAX } from './limits';
import { WebhookUrlRefused } from './webhooks.errors';

/**
 * Port: whether an address is one the service may send to. Only global unicast is: every
 * special range (loopback, private, link-local, CGNAT, multicast, reserved, documentation,
 * IPv6 unique-local, ...) is refused, and an IPv4-mapped IPv6 address is judged as the IPv4
 * address it carries. IpaddrAddressClassifier is the adapter.
 */
export abstract class AddressClassifier {
  /** Null when the address is public, else the name of its range ("private", "loopback", ..., "invalid address"). */
  abstract nonPublicRange(address: string): string | null;
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
export async function checkHostIsPublic(url: URL, resolver: HostResolver, addresses: AddressClassifier): Promise<void> {
  const host = hostOf(url);
  let resolved: string[];
  try {
    resolved = await resolver.resolveAll(host);
  } catch (error) {
    if (error instanceof HostUnresolvable) throw new WebhookUrlRefused(`host ${host} does not resolve`);
    throw error;
  }
  for (const address of resolved) {
    const range = addresses.nonPublicRange(address);
    if (range) {
      throw new WebhookUrlRefused(
        `host ${host} resolves to ${address}, a ${range} address: webhooks are sent only to public addresses (an operator may allow private ones with WEBHOOK_ALLOW_PRIVATE_URLS=true)`,
      );
    }
  }
}

/**
 * Whether a webhook URL may be registered: its shape (checkUrlShape), then, unless private URLs
 * are allowed, every address its host resolves to (checkHostIsPublic). One object, so the service
 * that registers webhooks takes the policy rather than its three parts.
 */
export class WebhookUrlPolicy {
  constructor(
    private readonly resolver: HostResolver,
    private readonly addresses: AddressClassifier,
    private readonly rules: UrlRules,
  ) {}

  async check(raw: string): Promise<void> {
    const url = checkUrlShape(raw, this.rules);
    if (!this.rules.allowPrivate) await checkHostIsPublic(url, this.resolver, this.addresses);
  }
}
