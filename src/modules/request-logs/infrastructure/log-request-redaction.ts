import { loggablePath, maskSecrets } from '../../../common/logging/logger';
import type { RedactedBody } from '../domain/request-log';
import { RequestLogRedaction } from '../domain/request-log-redaction';

const REDACTED = '[redacted]';

/**
 * A credential-named field of JSON text and its value, when that value is a string (closed,
 * or cut off by the end of the text) or a scalar: the names the service's log redacts
 * (REDACTED_PATHS: `password`, `apiKey`, `key`, `token`, the credential headers), in the
 * API's snake_case too, and any name that says secret, token or password (a webhook's
 * `secret`, `new_password`, `share_token`). An unescaped quote followed by a colon ends a key
 * in valid JSON, never a string value, so the pattern finds keys only. A field whose value
 * is an object or an array is left to the fields inside it.
 */
const SECRET_FIELD =
  /("(?:key|api_?key|x-api-key|authorization|cookie|set-cookie|[^"\\]*(?:secret|token|password)[^"\\]*)"\s*:\s*)(?:"(?:[^"\\]|\\[\s\S]?)*(?:"|$)|-?\d[\d.eE+-]*|true|false)/gi;

/** A webhook signing secret (`whsec_` and base64, whose `+` and `/` the log's token shape does not match). */
const WEBHOOK_SECRET_SHAPE = /whsec_[A-Za-z0-9+/=]*/g;

/**
 * Characters read beyond the limit: a secret that starts before the cut is seen whole, or
 * for at least this many characters, more than any shape needs to be recognised (a token is
 * 40 characters or more), so no part of one is kept unmasked.
 */
const MARGIN = 256;

/** NUL, which a PostgreSQL text cannot hold. */
const NUL = /\0/g;

/**
 * JSON text, or any text, as it may be stored: credential fields' values and secret shapes
 * masked, NUL replaced (JSON text has it escaped already).
 */
const redacted = (text: string): string =>
  maskSecrets(text.replace(SECRET_FIELD, `$1"${REDACTED}"`))
    .replace(WEBHOOK_SECRET_SHAPE, `whsec_${REDACTED}`)
    .replace(NUL, '\uFFFD');

/** `text` cut to at most `limit` bytes of UTF-8, never inside a character; `cut` when the text was already cut before. */
function capped(text: string, limit: number, cut: boolean): RedactedBody {
  // A character is at most 4 bytes (and a UTF-16 unit at most 3): a text this short fits.
  if (text.length * 3 <= limit) return { text, truncated: cut };
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return { text, truncated: cut };
  let end = limit;
  // Back off continuation bytes (10xxxxxx) so the cut falls on a character's first byte.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return { text: bytes.subarray(0, end).toString('utf8'), truncated: true };
}

/**
 * The request log's redaction over the service log's own rules (src/common/logging/logger.ts):
 * `maskSecrets` on the text (API keys keep their 8-character prefix, tokens and hashes masked),
 * plus the values of credential-named fields whatever their shape, and webhook signing
 * secrets. It reads only the part of a body that can be stored (the limit and a margin), as
 * text, whether JSON or not: a page of a hundred items is about 30 KiB, and parsing and
 * re-serialising each such answer cost more CPU than serving it (docs/performance.md).
 */
export class LogRequestRedaction extends RequestLogRedaction {
  body(body: unknown, limit: number): RedactedBody | null {
    if (body === undefined || body === null || body === '') return null;
    if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return null;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const window = limit + MARGIN;
    const cut = text.length > window;
    return capped(redacted(cut ? text.slice(0, window) : text), limit, cut);
  }

  path(url: string): string {
    return loggablePath(url);
  }
}
