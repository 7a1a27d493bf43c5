import { InvalidIdempotencyKey } from '../domain/idempotency.errors';
import { sha256Hex } from '../../../common/crypto/sha256';

/**
 * How a request names itself to the idempotency store: the key its client chose and a
 * fingerprint of the operation it asks for with its input. The store and the service
 * (domain/idempotency.service.ts) see only the resulting strings, so any door to an operation
 * (an HTTP route, an MCP tool) that names it alike shares its records: a key first used
 * through one is replayed through the other.
 */

export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * An Idempotency-Key (the HTTP header, an MCP tool's `idempotency_key`): absent → undefined;
 * otherwise 1-255 characters or a 400. A repeated header arrives joined by Node (", "), and is
 * judged as that one value.
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
 * The name an HTTP route's records are kept under: its method and its path (with any query),
 * as the client sent them. An operation with another door names itself the same way, through
 * the constant of the module that owns it (items/application/item-operations.ts).
 */
export const routeOperation = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/**
 * What "the same request" means for a key: the operation and its input as JSON values. No
 * input and `{}` are the same (both carry no fields).
 */
export function fingerprintOperation(operation: string, input: unknown): string {
  return sha256Hex(`${operation}\n${canonicalJson(input ?? {})}`);
}

/** The fingerprint of an HTTP request: the route's operation (its method and path) and its body. */
export function fingerprintRequest(method: string, path: string, body: unknown): string {
  return fingerprintOperation(routeOperation(method, path), body);
}
