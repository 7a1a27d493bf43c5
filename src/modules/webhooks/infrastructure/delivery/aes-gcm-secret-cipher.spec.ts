import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretUnreadable } from '../../domain/secret-cipher';
import { NodeSecretGenerator } from '../../../../common/crypto/node-secret-generator';
import { generateSigningSecret } from '../../domain/signing';
import { AesGcmSecretCipher, KEY_FILE_NAME, loadWebhookMasterKey } from './aes-gcm-secret-cipher';

describe('AesGcmSecretCipher', () => {
  const cipher = new AesGcmSecretCipher(randomBytes(32));
  // The folders the key-file cases make, removed after each: a run leaves nothing in /tmp.
  const made: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-key-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const secret = generateSigningSecret(new NodeSecretGenerator());
    const sealed = cipher.seal(secret, 'webhook-1');
    expect(sealed).not.toContain(secret.slice(6));
    expect(cipher.seal(secret, 'webhook-1')).not.toBe(sealed);
    expect(cipher.open(sealed, 'webhook-1')).toBe(secret);
  });

  it('refuses another key, another webhook, and any alteration', () => {
    const sealed = cipher.seal(generateSigningSecret(new NodeSecretGenerator()), 'webhook-1');
    expect(() => new AesGcmSecretCipher(randomBytes(32)).open(sealed, 'webhook-1')).toThrow(/another WEBHOOK_SECRET_KEY/);
    expect(() => cipher.open(sealed, 'webhook-2')).toThrow(SecretUnreadable);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'webhook-1')).toThrow(SecretUnreadable);
    expect(() => cipher.open('garbage', 'webhook-1')).toThrow(SecretUnreadable);
  });

  it('takes WEBHOOK_SECRET_KEY when set, else makes a key file (0600) once and reads it back', () => {
    const dir = tempDir();
    expect(loadWebhookMasterKey('x'.repeat(32), dir).toString()).toBe('x'.repeat(32));
    const first = loadWebhookMasterKey(undefined, join(dir, 'data'));
    expect(first).toHaveLength(32);
    expect(loadWebhookMasterKey(undefined, join(dir, 'data'))).toEqual(first);
    const file = join(dir, 'data', KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
  });

  it('says to set WEBHOOK_SECRET_KEY when the key file cannot be made', () => {
    const dir = tempDir();
    const blocked = join(dir, 'not-a-dir');
    writeFileSync(blocked, 'a file where the data directory should be');
    expect(() => loadWebhookMasterKey(undefined, blocked)).toThrow(
      /WEBHOOK_SECRET_KEY is not set and the key file .* cannot be used .*set WEBHOOK_SECRET_KEY/,
    );
  });
});
