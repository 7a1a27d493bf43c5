import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SecretCipher, SecretUnreadable } from '../../domain/secret-cipher';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the operator's master key. A sealed
 * value is `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts); the key id (8 bytes of
 * an HMAC of the derived key) tells "sealed under another key" apart from "altered". The
 * webhook id is the additional authenticated data, so a sealed secret moved to another row
 * does not open.
 */
export class AesGcmSecretCipher extends SecretCipher {
  private readonly key: Buffer;
  private readonly keyId: string;

  constructor(masterKey: Uint8Array) {
    super();
    if (masterKey.length < 32) throw new Error('the webhook secret key must hold at least 32 bytes');
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'todo-service webhook signing secrets v1', 32));
    this.keyId = createHmac('sha256', this.key).update('key id').digest().subarray(0, 8).toString('base64url');
  }

  seal(secret: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretUnreadable('unknown format');
    const [, keyId, iv, body, tag] = parts;
    if (keyId !== this.keyId) throw new SecretUnreadable('it was sealed under another WEBHOOK_SECRET_KEY');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadable('it was altered or belongs to another webhook');
    }
  }
}

export const KEY_FILE_NAME = 'webhook-secret.key';

/**
 * The master key: WEBHOOK_SECRET_KEY when the operator sets it (the same value on every
 * instance), else 32 random bytes in `<DATA_DIR>/webhook-secret.key`, made (mode 0600) on
 * first start and read on later ones. Never in the database: a dump alone must not open
 * the secrets. Losing the key loses the secrets: webhooks must then be re-created.
 */
export function loadWebhookMasterKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured !== undefined) return Buffer.from(configured, 'utf8');
  const dir = resolve(dataDir);
  const file = join(dir, KEY_FILE_NAME);
  let text: string;
  try {
    mkdirSync(dir, { recursive: true });
    try {
      // 'wx': only the first of several processes starting together creates it; the others read it.
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `WEBHOOK_SECRET_KEY is not set and the key file ${file} cannot be used (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ` +
        'set WEBHOOK_SECRET_KEY (e.g. openssl rand -base64 32), the same value on every instance',
      { cause: error },
    );
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length < 32) throw new Error(`${file} does not hold a base64 key of at least 32 bytes`);
  return key;
}
