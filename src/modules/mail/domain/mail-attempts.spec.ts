import { mailFixture } from '../testing/mail-fixture';
import { MailBodyUnreadable } from './mail-body-cipher';
import { mailOutcome, redactError } from './mail-attempts';
import { MAIL_RETRY_DELAYS_MS } from './mail-retry';

const mail = { to: 'ada@example.com', subject: 'Reset your password', text: 'token abcdefghijklmnop', kind: 'password-reset' };
const transient = { kind: 'failed' as const, error: '451 4.3.0 <ada@example.com> try again later', permanent: false };

describe('MailAttempts', () => {
  it('sends a due message once, then erases its body', async () => {
    const f = mailFixture();
    await f.queue.enqueue(mail);
    await f.round();
    expect(f.sender.sent).toEqual([{ to: mail.to, subject: mail.subject, text: mail.text }]);
    const [stored] = f.mails.rows.values();
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, sealedBody: null, nextAttemptAt: null, lastError: null });
    await f.round();
    expect(f.sender.sent).toHaveLength(1);
  });

  it('keeps the body of a message left in the development outbox, for the mailbox', async () => {
    const f = mailFixture();
    f.sender.script.push({ kind: 'outbox' });
    await f.queue.enqueue(mail);
    await f.round();
    const [shown] = await f.operations.mailbox();
    expect(shown).toEqual({
      id: expect.any(String),
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      createdAt: f.clock.now(),
    });
  });

  it('retries on the schedule after a refusal, and delivers once', async () => {
    const f = mailFixture();
    f.sender.script.push(transient);
    await f.queue.enqueue(mail);
    await f.round();
    const [stored] = f.mails.rows.values();
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, lastError: '451 4.3.0 <…@example.com> try again later' });
    expect(stored.nextAttemptAt).toEqual(new Date(f.clock.now().getTime() + MAIL_RETRY_DELAYS_MS[0]));
    f.clock.advance(MAIL_RETRY_DELAYS_MS[0] - 1);
    await f.round();
    expect(f.sender.sent).toHaveLength(1);
    f.clock.advance(1);
    await f.round();
    expect(f.sender.sent).toHaveLength(2);
    expect(f.mails.rows.get(stored.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('is dead after the last attempt, logged once with the recipient domain only, and sent again on retry', async () => {
    const f = mailFixture();
    await f.queue.enqueue(mail);
    for (let i = 0; i <= MAIL_RETRY_DELAYS_MS.length; i++) f.sender.script.push(transient);
    for (const delay of [0, ...MAIL_RETRY_DELAYS_MS]) {
      f.clock.advance(delay);
      await f.round();
    }
    const [stored] = f.mails.rows.values();
    expect(stored).toMatchObject({ status: 'dead', attempts: MAIL_RETRY_DELAYS_MS.length + 1, nextAttemptAt: null });
    expect(stored.sealedBody).not.toBeNull();
    f.clock.advance(365 * 24 * 3600 * 1000);
    await f.round();
    expect(f.sender.sent).toHaveLength(MAIL_RETRY_DELAYS_MS.length + 1);
    expect(f.warnings).toEqual([
      {
        context: {
          mail_id: stored.id,
          kind: 'password-reset',
          recipient_domain: 'example.com',
          attempts: MAIL_RETRY_DELAYS_MS.length + 1,
          last_error: expect.any(String),
        },
        message: expect.stringContaining('mail is dead'),
      },
    ]);
    expect(JSON.stringify(f.warnings)).not.toContain('ada@');
    expect((await f.operations.dead()).map((m) => m.id)).toEqual([stored.id]);
    await f.operations.retry(stored.id);
    await f.round();
    expect(f.mails.rows.get(stored.id)).toMatchObject({ status: 'sent', attempts: 1, sealedBody: null });
    expect(f.sender.sent.at(-1)?.text).toBe(mail.text);
    await expect(f.operations.retry(stored.id)).rejects.toMatchObject({ code: 'DEAD_MAIL_NOT_FOUND' });
    await expect(f.operations.retry('not-a-uuid')).rejects.toMatchObject({ code: 'DEAD_MAIL_NOT_FOUND' });
  });

  it('gives up at once on a permanent refusal or a body that was altered', async () => {
    const f = mailFixture();
    f.sender.script.push({ kind: 'failed', error: '550 5.1.1 no such user', permanent: true });
    await f.queue.enqueue(mail);
    await f.queue.enqueue({ ...mail, to: 'bob@example.org' });
    const [, second] = f.mails.rows.values();
    f.mails.rows.set(second.id, { ...second, sealedBody: second.sealedBody!.replace(/\.([^.]+)\.([^.]+)$/, '.AAAA$1.$2') });
    await f.round();
    expect([...f.mails.rows.values()].map((m) => [m.status, m.attempts])).toEqual([
      ['dead', 1],
      ['dead', 1],
    ]);
    expect(f.warnings).toHaveLength(2);
  });

  it('makes every deferred message due once a deferred one goes through; a first attempt that goes through wakes none', async () => {
    const f = mailFixture();
    for (const to of ['a@example.org', 'b@example.org', 'c@example.org']) await f.queue.enqueue({ ...mail, to });
    f.sender.script.push(transient, transient, transient);
    await f.round();
    const [a, b, c] = [...f.mails.rows.values()];
    // b and c are further along their schedule: due in 20 s and in 2 h, not in 5 s.
    const later = (ms: number) => new Date(f.clock.now().getTime() + ms);
    f.mails.rows.set(b.id, { ...f.mails.rows.get(b.id)!, attempts: 3, nextAttemptAt: later(20_000) });
    f.mails.rows.set(c.id, { ...f.mails.rows.get(c.id)!, attempts: 9, nextAttemptAt: later(7_200_000) });

    // A new message going through says nothing about the deferred ones (they may be deferred for their own recipient).
    await f.queue.enqueue({ ...mail, to: 'd@example.org' });
    await f.round();
    expect(f.sender.accepted).toEqual(['d@example.org']);
    expect([a, b, c].map((m) => f.mails.rows.get(m.id)!.nextAttemptAt!.getTime() > f.clock.now().getTime())).toEqual([true, true, true]);

    f.clock.advance(5_000);
    await f.round();
    expect(f.mails.rows.get(a.id)).toMatchObject({ status: 'sent', attempts: 2 });
    // a went through: b and c are due now, at the step they were at.
    expect(f.mails.rows.get(b.id)).toMatchObject({ status: 'pending', attempts: 3, nextAttemptAt: f.clock.now() });
    expect(f.mails.rows.get(c.id)).toMatchObject({ status: 'pending', attempts: 9, nextAttemptAt: f.clock.now() });
    await f.round();
    expect(f.mails.rows.get(b.id)).toMatchObject({ status: 'sent', attempts: 4 });
    expect(f.mails.rows.get(c.id)).toMatchObject({ status: 'sent', attempts: 10 });
    expect(f.sender.accepted.sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org']);
  });

  it('keeps the record of a message sent when the wake-up after it fails', async () => {
    const f = mailFixture();
    f.sender.script.push(transient);
    await f.queue.enqueue(mail);
    await f.round();
    jest.spyOn(f.mails, 'wakeDeferred').mockRejectedValue(new Error('deadlock detected'));
    f.clock.advance(MAIL_RETRY_DELAYS_MS[0]);
    await expect(f.round()).resolves.toEqual([expect.objectContaining({ status: 'sent' })]);
    expect([...f.mails.rows.values()][0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(f.warnings).toEqual([
      { context: { cause: 'deadlock detected' }, message: 'deferred mail could not be woken; the next probe tries again' },
    ]);
  });

  it('writes nothing when the lease was lost to another instance', async () => {
    const f = mailFixture();
    await f.queue.enqueue(mail);
    const now = f.clock.now();
    const [claim] = await f.mails.claimDue(now, new Date(now.getTime() + 1_000), 1);
    f.clock.advance(2_000);
    const [taken] = await f.mails.claimDue(f.clock.now(), new Date(f.clock.now().getTime() + 60_000), 1);
    await f.attempts.attempt(claim);
    expect(f.warnings.map((w) => w.message)).toEqual(['mail lease lost before its result was written']);
    expect(f.mails.rows.get(claim.mail.id)).toMatchObject({ status: 'pending', attempts: 0 });
    await f.attempts.attempt(taken);
    expect(f.mails.rows.get(claim.mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('mailOutcome', () => {
  const now = new Date('2026-11-24T10:00:00.000Z');

  it('tries a body sealed under another key again, since another instance may hold the key', () => {
    const error = new MailBodyUnreadable('it was sealed under another WEBHOOK_SECRET_KEY', false);
    expect(mailOutcome({ kind: 'failed', error: error.message, permanent: error.final }, 1, now, 0)).toMatchObject({ status: 'pending' });
  });

  it('keeps the domain of addresses in an error, and bounds its length', () => {
    expect(redactError('550 <bob.smith+x@mail.example.org>: unknown; cc eve@b.test')).toBe(
      '550 <…@mail.example.org>: unknown; cc …@b.test',
    );
    expect(redactError('x'.repeat(2000))).toHaveLength(500);
  });
});
