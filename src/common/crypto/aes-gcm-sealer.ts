import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a sealed value did not open: the caller turns it into its own error. */
export type UnsealFailure = 'format' | 'key' | 'altered';

export class SealedValueUnreadable extends Error {
  constructor(readonly failure: UnsealFailure) {
    super(`sealed value unreadable (${failure})`);
  }
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the operator's master key with a
 * `purpose` of its own, so that each kind of sealed value (webhook signing secrets, mail
 * bodies) has its own key and one never opens as the other. A sealed value is
 * `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts); the key id (8 bytes of an HMAC of
 * the derived key) tells "sealed under another key" apart from "altered". `context` (the id of
 * the row it is stored on) is the additional authenticated data, so a sealed value moved to
 * another row does not open.
 */
export class AesGcmSealer {
  private readonly key: Buffer;
  private readonly keyId: string;

  constructor(masterKey: Uint8Array, purpose: string) {
    if (masterKey.length < 32) throw new Error('the master key must hold at least 32 bytes');
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), purpose, 32));
    this.keyId = createHmac('sha256', this.key).update('key id').digest().subarray(0, 8).toString('base64url');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** Throws SealedValueUnreadable when the value was sealed under another key, for another context, or altered. */
  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SealedValueUnreadable('format');
    const [, keyId, iv, body, tag] = parts;
    if (keyId !== this.keyId) throw new SealedValueUnreadable('key');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueUnreadable('altered');
    }
  }
}
