import ipaddr from 'ipaddr.js';

/**
 * Whether `address` is a loopback address: 127.0.0.0/8 in four decimal parts, ::1, or an
 * IPv4-mapped IPv6 address of 127.0.0.0/8 (as a dual-stack socket reports an IPv4 client).
 * Anything else, unparsable or with a zone id, is not.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const valid = address.includes(':')
    ? ipaddr.IPv6.isValid(address) && !address.includes('%')
    : ipaddr.IPv4.isValidFourPartDecimal(address);
  return valid && ipaddr.process(address).range() === 'loopback';
}

/**
 * Whether a host name, as HOST or a Host header names it, can only mean this machine:
 * `localhost` or a loopback address, IPv6 in brackets or bare. A name that resolves to loopback
 * today (an /etc/hosts entry) is not trusted: what it resolves to can change.
 */
export function isLoopbackHostName(name: string): boolean {
  const bare = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  return bare.toLowerCase() === 'localhost' || isLoopbackAddress(bare);
}

const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

/**
 * Whether a request's Host header names this machine: a loopback host name with an optional
 * port, and nothing else. A page served from another name that resolves here (DNS rebinding)
 * sends its own name in Host, and is refused.
 */
export function isLoopbackHostHeader(header: string | undefined): boolean {
  const match = header === undefined ? null : HOST_HEADER.exec(header);
  return match !== null && isLoopbackHostName(match[1]);
}
