import { randomBytes } from 'node:crypto';
import { aesGcmSecretCipher } from '../../webhooks/infrastructure/delivery/aes-gcm-secret-cipher';
import { MailBodyUnreadable } from '../domain/mail-body-cipher';
import { aesGcmMailBodyCipher } from './aes-gcm-mail-body-cipher';

describe('aesGcmMailBodyCipher', () => {
  const master = randomBytes(32);
  const cipher = aesGcmMailBodyCipher(master);
  const text = 'Reset: https://todo.example/developers#reset=Zq8cT1vYp0aL3mXwR7nK2b';
  const unreadable = (open: () => unknown): MailBodyUnreadable => {
    try {
      open();
    } catch (error) {
      if (error instanceof MailBodyUnreadable) return error;
      throw error;
    }
    throw new Error('it opened');
  };

  it('opens what it sealed for the same message only, and the sealed form shows nothing of the text', () => {
    const sealed = cipher.seal(text, 'mail-1');
    expect(sealed).not.toContain('Zq8cT1vYp0aL3mXwR7nK2b');
    expect(cipher.open(sealed, 'mail-1')).toBe(text);
    expect(unreadable(() => cipher.open(sealed, 'mail-2')).final).toBe(true);
  });

  it('derives a key of its own from the master key: a webhook secret sealed under the same master key does not open as mail', () => {
    const webhookSealed = aesGcmSecretCipher(master).seal(text, 'mail-1');
    expect(unreadable(() => cipher.open(webhookSealed, 'mail-1')).message).toMatch(/another WEBHOOK_SECRET_KEY/);
  });

  it('tells another master key (worth another instance trying) from an altered body (final)', () => {
    const sealed = cipher.seal(text, 'mail-1');
    expect(unreadable(() => aesGcmMailBodyCipher(randomBytes(32)).open(sealed, 'mail-1')).final).toBe(false);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    parts[3] = body.toString('base64url');
    expect(unreadable(() => cipher.open(parts.join('.'), 'mail-1')).final).toBe(true);
    expect(unreadable(() => cipher.open('garbage', 'mail-1')).final).toBe(true);
  });
});
