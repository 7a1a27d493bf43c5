import type { RedactedBody } from './request-log';

/**
 * Port: what of a request may be stored, by the rules the service's own log follows
 * (LogRequestRedaction, over src/common/logging/logger.ts): no key, token, password, secret or
 * credential header, a body at most `limit` bytes.
 */
export abstract class RequestLogRedaction {
  /**
   * A body as it may be stored: a parsed JSON value (the request's) or JSON text (the
   * response's), secrets redacted, cut at `limit` bytes. Null for no body.
   */
  abstract body(body: unknown, limit: number): RedactedBody | null;
  /** The path of a URL as it may be stored: no query string, secret-shaped segments masked. */
  abstract path(url: string): string;
}
