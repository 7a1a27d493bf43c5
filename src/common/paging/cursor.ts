import { createHmac, createSecretKey, KeyObject, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { InvalidInput } from '../errors/domain-error';

/** Bytes of HMAC-SHA256 kept in a cursor: 128 bits, as many as a share token carries. */
const TAG_BYTES = 16;

const invalid = () => new InvalidInput('INVALID_CURSOR', 'cursor is invalid: pass back a next_cursor value unchanged');

/**
 * Opaque pagination cursors: `<base64url of a small JSON payload>.<base64url of its MAC>`,
 * where the MAC is HMAC-SHA256 under the service's cursor secret (CURSOR_SECRET, else one
 * kept in the database: see cursor-secret.ts) over the cursor's kind and payload. A cursor
 * the service did not issue, or issued for another kind of page, is refused with 400 before
 * its payload is even parsed; one it did issue is still checked for the expected shape.
 */
export class CursorCodec {
  /** Imported once: an HMAC made from raw key bytes imports them again on every cursor. */
  private readonly key: KeyObject;

  constructor(secret: Uint8Array) {
    if (secret.length < 32) throw new Error('The cursor secret must hold at least 32 bytes');
    this.key = createSecretKey(Buffer.from(secret));
  }

  encode(kind: string, payload: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify({ v: 1, ...payload })).toString('base64url');
    return `${body}.${this.tag(kind, body).toString('base64url')}`;
  }

  decode<T extends z.ZodRawShape>(kind: string, raw: string, shape: T): z.infer<z.ZodObject<T>> {
    const match = /^([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{22})$/.exec(raw);
    if (!match) throw invalid();
    const [, body, tag] = match;
    // Compared as text, not as decoded bytes: the last of 22 base64url characters carries
    // 4 bits that decoding drops, so a byte comparison would accept altered cursors.
    const expected = Buffer.from(this.tag(kind, body).toString('base64url'));
    if (!timingSafeEqual(Buffer.from(tag), expected)) throw invalid();
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    const parsed = schemaOf(shape).safeParse(json);
    if (!parsed.success) throw invalid();
    const { v: _version, ...payload } = parsed.data as Record<string, unknown>;
    return payload as z.infer<z.ZodObject<T>>;
  }

  private tag(kind: string, body: string): Buffer {
    return createHmac('sha256', this.key).update(`cursor:${kind}\n${body}`).digest().subarray(0, TAG_BYTES);
  }
}

/**
 * The strict schema of a cursor's payload, built once per shape (the shapes are module
 * constants): building a zod schema costs more than using it.
 */
const schemas = new WeakMap<z.ZodRawShape, z.ZodType>();
function schemaOf(shape: z.ZodRawShape): z.ZodType {
  let schema = schemas.get(shape);
  if (!schema) {
    schema = z.object({ v: z.literal(1), ...shape }).strict();
    schemas.set(shape, schema);
  }
  return schema;
}

/** `limit` query parameter: 1-500, default 100. */
export const PAGE_LIMIT = { min: 1, max: 500, default: 100 } as const;
