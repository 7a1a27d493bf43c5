import { createHmac, createSecretKey, KeyObject, timingSafeEqual } from 'node:crypto';
import { InvalidInput } from '../errors/domain-error';
import { CursorCodec, CursorPayload, CursorShape } from '../ports/cursor-codec';

/** Bytes of HMAC-SHA256 kept in a cursor: 128 bits, as many as a share token carries. */
const TAG_BYTES = 16;

/**
 * The longest payload text accepted, in base64url characters: room for the largest cursor issued
 * (a view of items over 100 named lists carries their ids, docs/API.md "Views"), and a bound on
 * what is parsed before the MAC is checked.
 */
const MAX_BODY = 8192;

const BODY_AND_TAG = new RegExp(`^([A-Za-z0-9_-]{1,${MAX_BODY}})\\.([A-Za-z0-9_-]{22})$`);

const invalid = () => new InvalidInput('INVALID_CURSOR', 'cursor is invalid: pass back a next_cursor value unchanged');

/**
 * Cursors as `<base64url of a small JSON payload>.<base64url of its MAC>`, where the MAC is
 * HMAC-SHA256 under the service's cursor secret (CURSOR_SECRET, else one kept in the
 * database: see cursor-secret.ts) over the cursor's kind and payload. A cursor the service
 * did not issue, or issued for another kind of page, is refused with 400 before its payload
 * is even parsed; one it did issue is still checked for the expected shape (`v: 1` and
 * exactly the shape's fields).
 */
export class HmacCursorCodec extends CursorCodec {
  /** Imported once: an HMAC made from raw key bytes imports them again on every cursor. */
  private readonly key: KeyObject;

  constructor(secret: Uint8Array) {
    super();
    if (secret.length < 32) throw new Error('The cursor secret must hold at least 32 bytes');
    this.key = createSecretKey(Buffer.from(secret));
  }

  encode(kind: string, payload: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify({ v: 1, ...payload })).toString('base64url');
    return `${body}.${this.tag(kind, body).toString('base64url')}`;
  }

  decode<S extends CursorShape>(kind: string, raw: string, shape: S): CursorPayload<S> {
    const match = BODY_AND_TAG.exec(raw);
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
    return checked(json, shape);
  }

  private tag(kind: string, body: string): Buffer {
    return createHmac('sha256', this.key).update(`cursor:${kind}\n${body}`).digest().subarray(0, TAG_BYTES);
  }
}

/** The payload without its version, when it is `{v: 1}` plus exactly the fields of `shape`, each passing its check. */
function checked<S extends CursorShape>(json: unknown, shape: S): CursorPayload<S> {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw invalid();
  const { v, ...payload } = json as Record<string, unknown>;
  if (v !== 1) throw invalid();
  const fields = Object.keys(shape);
  if (Object.keys(payload).length !== fields.length) throw invalid();
  for (const field of fields) {
    if (!Object.hasOwn(payload, field) || !shape[field](payload[field])) throw invalid();
  }
  return payload as CursorPayload<S>;
}
