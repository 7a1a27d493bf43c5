import { randomBytes } from 'node:crypto';
import { SecretUnreadable } from '../../domain/secret-cipher';
import { NodeSecretGenerator } from '../../../../common/crypto/node-secret-generator';
import { generateSigningSecret } from '../../domain/signing';
import { aesGcmSecretCipher } from './aes-gcm-secret-cipher';

describe('aesGcmSecretCipher', () => {
  const cipher = aesGcmSecretCipher(randomBytes(32));

  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const secret = generateSigningSecret(new NodeSecretGenerator());
    const sealed = cipher.seal(secret, 'webhook-1');
    expect(sealed).not.toContain(secret.slice(6));
    expect(cipher.seal(secret, 'webhook-1')).not.toBe(sealed);
    expect(cipher.open(sealed, 'webhook-1')).toBe(secret);
  });

  it('refuses another key, another webhook, and any alteration', () => {
    const sealed = cipher.seal(generateSigningSecret(new NodeSecretGenerator()), 'webhook-1');
    expect(() => aesGcmSecretCipher(randomBytes(32)).open(sealed, 'webhook-1')).toThrow(/another WEBHOOK_SECRET_KEY/);
    expect(() => cipher.open(sealed, 'webhook-2')).toThrow(SecretUnreadable);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'webhook-1')).toThrow(SecretUnreadable);
    expect(() => cipher.open('garbage', 'webhook-1')).toThrow(SecretUnreadable);
  });
});
