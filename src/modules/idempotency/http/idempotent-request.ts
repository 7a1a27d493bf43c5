import { InvalidIdempotencyKey } from '../domain/idempotency.errors';
import { sha256Hex } from '../../../common/crypto/sha256';

/**
 * How an HTTP request names itself to the idempotency store: the key from its header and a
 * fingerprint of what it asks. Both are HTTP's business; the store and the service
 * (domain/idempotency.service.ts) see only the resulting strings.
 */

export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * The Idempotency-Key header: absent → undefined; otherwise 1-255 characters or a 400.
 * A repeated header arrives joined by Node (", "), and is judged as that one value.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (value.length < 1 || value.length > IDEMPOTENCY_KEY_MAX) throw new InvalidIdempotencyKey(value.length);
  return value;
}

/** JSON with object keys sorted at every depth, so the order of fields does not make a request "different". */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What "the same request" means for a key: the method, the path (with any query) and
 * the body as JSON values. No body and `{}` are the same (both carry no fields).
 */
export function fingerprintRequest(method: string, path: string, body: unknown): string {
  const canonical = `${method.toUpperCase()} ${path}\n${canonicalJson(body ?? {})}`;
  return sha256Hex(canonical);
}
