/**
 * Whether an `Origin` header names this service: PUBLIC_ORIGIN when configured, else
 * the host the request was sent to (under either scheme, since a TLS-terminating
 * proxy makes the scheme unknowable here). `null` and malformed origins never match.
 */
export function isOwnOrigin(origin: string, host: string | undefined, publicOrigin?: string): boolean {
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  if (sent.protocol !== 'http:' && sent.protocol !== 'https:') return false;
  if (publicOrigin) return sent.origin === new URL(publicOrigin).origin;
  if (!host) return false;
  try {
    return sent.host === new URL(`${sent.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
