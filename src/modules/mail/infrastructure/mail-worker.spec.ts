import { waitFor } from '../../../../test/support/wait-for';
import { mailFixture } from '../testing/mail-fixture';
import { MailWorker } from './mail-worker';

const eventually = (check: () => boolean, what: string) => waitFor(async () => check(), { what, timeoutMs: 2_000, intervalMs: 2 });
const mail = (to: string) => ({ to, subject: 'Confirm your email', text: `verify ${to}`, kind: 'verify-email' });

describe('MailWorker', () => {
  it('sends what is due in batches, retries when the clock says so, and stops cleanly', async () => {
    const f = mailFixture();
    const worker = new MailWorker(f.probe, f.attempts, f.clock, { pollIntervalMs: 60_000, leaseMs: 30_000, batchSize: 2 });
    worker.onApplicationBootstrap();
    try {
      for (let i = 0; i < 5; i++) await f.queue.enqueue(mail(`user${i}@example.org`));
      worker.nudge();
      await eventually(() => f.sender.sent.length === 5, 'five sends (batches of two, one round)');
      expect([...f.mails.rows.values()].every((m) => m.status === 'sent' && m.sealedBody === null)).toBe(true);

      f.sender.script.push({ kind: 'failed', error: '421 busy', permanent: false });
      await f.queue.enqueue(mail('late@example.org'));
      worker.nudge();
      await eventually(() => [...f.mails.rows.values()].some((m) => m.to === 'late@example.org' && m.attempts === 1), 'the failure');
      // Due again only 5 s later on the (fake) clock.
      const late = [...f.mails.rows.values()].find((m) => m.to === 'late@example.org')!;
      expect(late.nextAttemptAt).toEqual(new Date(f.clock.now().getTime() + 5_000));
      expect(f.sender.sent).toHaveLength(6);
      f.clock.advance(5_000);
      worker.nudge();
      await eventually(() => [...f.mails.rows.values()].every((m) => m.status === 'sent'), 'the retry');
      expect(f.sender.sent).toHaveLength(7);
    } finally {
      await worker.onModuleDestroy();
    }
    // Stopped: a nudge does nothing.
    await f.queue.enqueue(mail('after@example.org'));
    worker.nudge();
    expect(f.sender.sent).toHaveLength(7);
  });
});
