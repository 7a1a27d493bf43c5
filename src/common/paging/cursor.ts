import { z } from 'zod';
import { InvalidInput } from '../errors/domain-error';

/**
 * Opaque pagination cursors: base64url of a small JSON payload. Clients must treat
 * them as opaque; anything that does not decode to the expected shape is refused
 * with 400, so a cursor the service did not issue never reaches a query.
 */
export function encodeCursor(payload: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ v: 1, ...payload })).toString('base64url');
}

export function decodeCursor<T extends z.ZodRawShape>(raw: string, shape: T): z.infer<z.ZodObject<T>> {
  const invalid = () => new InvalidInput('INVALID_CURSOR', 'cursor is invalid: pass back a next_cursor value unchanged');
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(raw)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = z.object({ v: z.literal(1), ...shape }).strict().safeParse(json);
  if (!parsed.success) throw invalid();
  const { v: _version, ...payload } = parsed.data as Record<string, unknown>;
  return payload as z.infer<z.ZodObject<T>>;
}

/** `limit` query parameter: 1-500, default 100. */
export const PAGE_LIMIT = { min: 1, max: 500, default: 100 } as const;
