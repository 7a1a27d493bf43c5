import { loggablePath, maskSecrets } from '../../../common/logging/logger';
import type { RedactedBody } from '../domain/request-log';
import { RequestLogRedaction } from '../domain/request-log-redaction';

const REDACTED = '[redacted]';

/**
 * Fields whose value is a credential whatever it looks like: the names the service's log
 * redacts (REDACTED_PATHS: `password`, `apiKey`, `key`, `token`, the credential headers), in
 * the API's snake_case too, and any name that says secret, token or password (a webhook's
 * `secret`, `new_password`, `share_token`).
 */
const SECRET_FIELD = /^(?:key|api_?key|x-api-key|authorization|cookie|set-cookie)$|secret|token|password/i;

/** A webhook signing secret (`whsec_` and base64, whose `+` and `/` the log's token shape does not match). */
const WEBHOOK_SECRET_SHAPE = /whsec_[A-Za-z0-9+/=]*/g;

const masked = (text: string): string => maskSecrets(text).replace(WEBHOOK_SECRET_SHAPE, `whsec_${REDACTED}`);

function redactedValue(this: unknown, key: string, value: unknown): unknown {
  if (typeof value === 'string') return key !== '' && SECRET_FIELD.test(key) ? REDACTED : masked(value);
  if (key !== '' && SECRET_FIELD.test(key) && value !== null && typeof value !== 'object') return REDACTED;
  return value;
}

/** `text` cut to at most `limit` bytes of UTF-8, never inside a character. */
function capped(text: string, limit: number): RedactedBody {
  // A character is at most 4 bytes (and a UTF-16 unit at most 3): a text this short fits.
  if (text.length * 3 <= limit) return { text, truncated: false };
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return { text, truncated: false };
  let end = limit;
  // Back off continuation bytes (10xxxxxx) so the cut falls on a character's first byte.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return { text: bytes.subarray(0, end).toString('utf8'), truncated: true };
}

/**
 * The request log's redaction over the service log's own rules (src/common/logging/logger.ts):
 * `maskSecrets` on every string (API keys keep their 8-character prefix, tokens and hashes
 * masked), plus the values of credential-named fields whatever their shape, and webhook
 * signing secrets. A response's JSON text is parsed to find its fields; text that is not JSON
 * is masked as text.
 */
export class LogRequestRedaction extends RequestLogRedaction {
  body(body: unknown, limit: number): RedactedBody | null {
    if (body === undefined || body === null || body === '') return null;
    if (typeof body === 'string') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return capped(masked(body), limit);
      }
      return capped(JSON.stringify(parsed, redactedValue), limit);
    }
    if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return null;
    return capped(JSON.stringify(body, redactedValue), limit);
  }

  path(url: string): string {
    return loggablePath(url);
  }
}
