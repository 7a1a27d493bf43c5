import { mailFixture } from '../testing/mail-fixture';
import { MalformedMail } from './sealed-mail-queue';

const mail = {
  to: 'ada@example.com',
  subject: 'Verify your email',
  text: 'Open http://localhost:3000/developers#verify=tok3n-ABCDEFGH',
  kind: 'verify-email',
};

describe('SealedMailQueue', () => {
  it('stores the message due at once, its body sealed to its id and readable by no one else', async () => {
    const f = mailFixture();
    await f.queue.enqueue(mail);
    const [stored] = f.mails.rows.values();
    expect(stored).toMatchObject({ kind: 'verify-email', to: mail.to, subject: mail.subject, status: 'pending', attempts: 0 });
    expect(stored.nextAttemptAt).toEqual(f.clock.now());
    expect(stored.sealedBody).not.toContain('tok3n');
    expect(f.cipher.open(stored.sealedBody!, stored.id)).toBe(mail.text);
    expect(() => f.cipher.open(stored.sealedBody!, f.ids.next())).toThrow(/cannot be decrypted/);
  });

  it.each([
    ['two recipients', { to: 'ada@example.com, eve@example.com' }],
    ['a display name', { to: 'Ada <ada@example.com>' }],
    ['no address', { to: 'ada' }],
    ['a header in the subject', { subject: 'Hi\r\nBcc: eve@example.com' }],
    ['an empty subject', { subject: '' }],
    ['an empty text', { text: '' }],
    ['an unknown kind shape', { kind: 'Verify Email' }],
  ])('refuses %s and stores nothing', async (_, change) => {
    const f = mailFixture();
    await expect(f.queue.enqueue({ ...mail, ...change })).rejects.toThrow(MalformedMail);
    expect(f.mails.rows.size).toBe(0);
  });
});
