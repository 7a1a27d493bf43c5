import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks' format). */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export const isSigningSecret = (value: string): boolean => SECRET_FORMAT.test(value);

/** The HMAC key of a `whsec_…` secret: the base64 after the prefix, decoded (not the text itself). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,<base64>` signature: HMAC-SHA256 over `{id}.{timestamp}.{body}` (Standard Webhooks). */
export function signatureOf(secret: string, id: string, timestampS: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three headers of one attempt. With several secrets (during a rotation: the new one,
 * then the old) the signatures are space-separated, so a receiver holding either verifies.
 */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  if (secrets.length === 0) throw new Error('no signing secret');
  const timestampS = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, id, timestampS, body)).join(' '),
  };
}
