import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a sealed value did not open. */
export type UnsealFailure = 'format' | 'key' | 'altered';

/** One kind of sealed value: its own derived key, and its port's error for a value that does not open. */
export interface SealedKind {
  /** The HKDF info: a key of its own for this kind, so one kind never opens as another. */
  purpose: string;
  /** The row a value is bound to, in its error's words ("message", "webhook"). */
  boundTo: string;
  /** The port's error; `failure` says whether another master key might open it ('key'). */
  unreadable(reason: string, failure: UnsealFailure): Error;
}

const reasonOf = (failure: UnsealFailure, boundTo: string): string =>
  failure === 'format'
    ? 'unknown format'
    : failure === 'key'
      ? 'it was sealed under another WEBHOOK_SECRET_KEY'
      : `it was altered or belongs to another ${boundTo}`;

/**
 * The one cipher of values stored sealed (webhook signing secrets, mail bodies), the adapter
 * of each module's cipher port (SecretCipher, MailBodyCipher): AES-256-GCM under a key
 * derived (HKDF-SHA256) from the operator's master key with the kind's `purpose`, so that
 * each kind has its own key and one never opens as the other. A sealed value is
 * `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts); the key id (8 bytes of an HMAC of
 * the derived key) tells "sealed under another key" apart from "altered". `context` (the id of
 * the row it is stored on) is the additional authenticated data, so a sealed value moved to
 * another row does not open.
 */
export class AesGcmCipher {
  private readonly key: Buffer;
  private readonly keyId: string;

  constructor(
    masterKey: Uint8Array,
    private readonly kind: SealedKind,
  ) {
    if (masterKey.length < 32) throw new Error('the master key must hold at least 32 bytes');
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), kind.purpose, 32));
    this.keyId = createHmac('sha256', this.key).update('key id').digest().subarray(0, 8).toString('base64url');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** Throws the kind's error when the value was sealed under another key, for another context, or altered. */
  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw this.unreadable('format');
    const [, keyId, iv, body, tag] = parts;
    if (keyId !== this.keyId) throw this.unreadable('key');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw this.unreadable('altered');
    }
  }

  private unreadable(failure: UnsealFailure): Error {
    return this.kind.unreadable(reasonOf(failure, this.kind.boundTo), failure);
  }
}
