import type { Request } from 'express';
import { ForbiddenError } from '../errors/domain-error';
import { isJsonMediaType } from './json-media-type';

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

class CrossSiteRequest extends ForbiddenError {
  constructor(message: string) {
    super('CROSS_SITE_REQUEST', message);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the developer page's mutations (403). A cross-site form cannot send a JSON
 * Content-Type (`application/json` or a `+json` type, as the body parser takes them:
 * isJsonMediaType), and a cross-site script that tries gets a CORS preflight this service never
 * grants; a present `Origin` must also be ours.
 */
export function assertSameOrigin(request: Request, publicOrigin?: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (!isJsonMediaType(request.headers['content-type'])) {
    throw new CrossSiteRequest('This request must be sent with Content-Type: application/json');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, request.headers.host, publicOrigin)) {
    throw new CrossSiteRequest('Cross-site request refused: the Origin is not this service');
  }
}
