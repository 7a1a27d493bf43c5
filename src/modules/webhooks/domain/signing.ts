import type { SecretGenerator } from '../../../common/ports/secret-generator';

export const SECRET_PREFIX = 'whsec_';
const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks' format). */
export function generateSigningSecret(secrets: SecretGenerator): string {
  return SECRET_PREFIX + secrets.generate(32, 'base64');
}

export const isSigningSecret = (value: string): boolean => SECRET_FORMAT.test(value);

/** Port: the MAC of Standard Webhooks signatures (HmacPayloadSigner). */
export abstract class PayloadSigner {
  /** HMAC-SHA256 of `content` under the key whose bytes `keyBase64` encodes, in base64. */
  abstract sign(keyBase64: string, content: string): string;
}

/** The HMAC key of a `whsec_…` secret: the base64 after the prefix (its bytes, not the text itself). */
const keyOf = (secret: string): string => (secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);

/** One `v1,<base64>` signature: HMAC-SHA256 over `{id}.{timestamp}.{body}` (Standard Webhooks). */
export function signatureOf(signer: PayloadSigner, secret: string, id: string, timestampS: number, body: string): string {
  return `v1,${signer.sign(keyOf(secret), `${id}.${timestampS}.${body}`)}`;
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
export function signedHeaders(signer: PayloadSigner, secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  if (secrets.length === 0) throw new Error('no signing secret');
  const timestampS = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': secrets.map((secret) => signatureOf(signer, secret, id, timestampS, body)).join(' '),
  };
}
