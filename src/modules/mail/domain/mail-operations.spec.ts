import { mailFixture } from '../testing/mail-fixture';

const mail = { to: 'ada@example.com', subject: 'Verify your email', text: 'Open the link', kind: 'verify-email' };

describe('MailOperations.backlog', () => {
  it('counts pending and dead messages and ages the earliest due one', async () => {
    const f = mailFixture();
    expect(await f.operations.backlog()).toEqual({ pending: 0, failed: 0, oldestDueAgeSeconds: 0 });
    await f.queue.enqueue(mail);
    f.clock.advance(1_500);
    await f.queue.enqueue(mail);
    f.clock.advance(500);
    expect(await f.operations.backlog()).toEqual({ pending: 2, failed: 0, oldestDueAgeSeconds: 2 });
    const [first] = f.mails.rows.values();
    f.mails.rows.set(first.id, { ...first, status: 'dead', nextAttemptAt: null });
    expect(await f.operations.backlog()).toEqual({ pending: 1, failed: 1, oldestDueAgeSeconds: 0.5 });
  });

  it('ages nothing that is not due yet', async () => {
    const f = mailFixture();
    await f.queue.enqueue(mail);
    const [only] = f.mails.rows.values();
    f.mails.rows.set(only.id, { ...only, nextAttemptAt: new Date(f.clock.now().getTime() + 60_000) });
    expect(await f.operations.backlog()).toEqual({ pending: 1, failed: 0, oldestDueAgeSeconds: 0 });
  });
});
