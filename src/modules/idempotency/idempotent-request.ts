import { sha256Hex } from '../../common/crypto/sha256';
import { InvalidIdempotencyKey } from './domain/idempotency.errors';

/**
 * How a request names itself to the idempotency store: its key and a fingerprint of what it
 * asks. Routes (@IdempotentPost) and other callers of the same operations (MCP tools) name their
 * requests alike here, so that a key used through either finds the same record; the store and
 * the service (domain/idempotency.service.ts) see only the resulting strings.
 */

export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * An Idempotency-Key (the header, or a tool's argument): absent → undefined; otherwise 1-255
 * characters or a 400. A repeated header arrives joined by Node (", "), and is judged as that one value.
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
 * What "the same request" means for a key: the operation and its input as JSON values. A
 * route's operation is its method and URL as the client sent it, path and query
 * (`POST /v1/lists/7/invitations`: routeOperation); another caller of the same operation passes
 * the same name. No input and `{}` are the same (both carry no fields).
 */
export function fingerprintRequest(operation: string, input: unknown): string {
  return sha256Hex(`${operation}\n${canonicalJson(input ?? {})}`);
}

/** A route's operation, as fingerprintRequest takes it: `POST /v1/actions/add`. */
export function routeOperation(method: string, originalUrl: string): string {
  return `${method.toUpperCase()} ${originalUrl}`;
}
