import type { components } from './generated/openapi.ts';

/** What a delivery's body is: an event of the feed, or the test route's `webhook.test`. */
export type WebhookEvent = components['schemas']['Event'] | components['schemas']['WebhookTestEvent'];

/** Headers as a server gives them: a Fetch `Headers`, or Node's `req.headers` (names in lower case). */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | readonly string[] | undefined>;

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from now, either way, in seconds. Default 300 (Standard Webhooks). */
  toleranceSeconds?: number;
  /** The current time in ms. Default `Date.now`. */
  now?: () => number;
  /** The Web Crypto to use. Default `globalThis.crypto` (Node 18: pass `require('node:crypto').webcrypto`). */
  crypto?: typeof globalThis.crypto;
}

/** A delivery that does not verify: not signed with any of the secrets, a timestamp too old or too new, a header missing. */
export class WebhookVerificationError extends Error {
  override readonly name: string = 'WebhookVerificationError';
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return value === undefined ? null : typeof value === 'string' ? value : value.join(' ');
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Equal contents, in a time that depends only on the lengths (never on where they differ). */
function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * Verifies a webhook delivery as Standard Webhooks specifies, with Web Crypto only, and answers
 * its event. `rawBody` is the body exactly as received (a string or its bytes: parse it only
 * after verifying). `secretOrSecrets` is the webhook's `whsec_…` secret, or several during a
 * rotation (the delivery verifies if any secret signed any of its signatures). Throws
 * WebhookVerificationError for a missing header, a timestamp outside `toleranceSeconds` of now
 * (a replay), or no matching signature. Dedupe deliveries by the event's `id` (= `webhook-id`).
 */
export async function verifyWebhook(
  secretOrSecrets: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  { toleranceSeconds = 300, now = Date.now, crypto = globalThis.crypto }: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
  const skew = Math.abs(now() / 1000 - Number(timestamp));
  if (skew > toleranceSeconds)
    throw new WebhookVerificationError(`webhook-timestamp is ${Math.round(skew)} s away from now (tolerance ${toleranceSeconds} s)`);
  if (!crypto?.subtle) throw new WebhookVerificationError('no Web Crypto here: pass the crypto option');

  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const encoder = new TextEncoder();
  const bodyBytes = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix);
  signed.set(bodyBytes, prefix.length);

  const offered: Uint8Array[] = [];
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    try {
      offered.push(base64ToBytes(value));
    } catch {
      // Not base64: a signature nobody could have made; the others may still match.
    }
  }

  const secrets = typeof secretOrSecrets === 'string' ? [secretOrSecrets] : secretOrSecrets;
  if (secrets.length === 0) throw new WebhookVerificationError('no secret given');
  let matched = false;
  for (const secret of secrets) {
    const key = await crypto.subtle.importKey(
      'raw',
      base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, signed));
    // Every signature is compared with every secret's, whatever matched already: the time
    // taken tells nothing about which one did.
    for (const signature of offered) if (timingSafeEqual(expected, signature)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('no signature matches the secret');
  return JSON.parse(body) as WebhookEvent;
}
