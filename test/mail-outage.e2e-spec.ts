import { DataSource } from 'typeorm';
import { driveClock, frozenNow } from './support/driven-clock';
import { listen, PortalClient } from './support/portal-client';
import { SmtpReceiver } from './support/smtp-receiver';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';
import { waitFor } from './support/wait-for';

const S = 1000;
/** How long the outage lasts on the service's clock: past many retries, and past the first long wait of any schedule. */
const OUTAGE_MS = 15 * 60 * S;
/** What "promptly" means: every queued message is out this long after the server takes mail again. */
const PROMPTLY_MS = 30 * S;

interface Row {
  recipient: string;
  status: string;
  attempts: number;
}

/**
 * The SMTP server goes away (its port closed) or answers 451 to every message while people
 * sign up; the outage lasts a quarter of an hour on the service's clock (driven through the
 * Clock port, so the worker's schedule is walked through without waiting for it); then the
 * server takes mail again. Every verification mail queued must arrive exactly once by the
 * time 30 s more have passed on that clock.
 */
describe('mail after an SMTP outage', () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let base: string;
  const clock = frozenNow();

  beforeAll(async () => {
    receiver = await new SmtpReceiver().start();
    t = await startTestApp(
      {
        ...NO_RATE_LIMITS,
        SMTP_URL: receiver.url(),
        MAIL_FROM: 'todo@outage.example',
        PUBLIC_ORIGIN: 'https://todo.outage.example',
        MAIL_POLL_INTERVAL_MS: '20',
        MAIL_TIMEOUT_MS: '5000',
        MAIL_LEASE_MS: '30000',
        // MAIL_PROBE_INTERVAL_MS: the default.
      },
      {},
      { ownDatabase: 'mail_outage' },
    );
    driveClock(t.app, clock);
    base = await listen(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
    jest.restoreAllMocks();
  });

  const rowsOf = async (recipients: string[]): Promise<Row[]> =>
    t.app.get(DataSource).query(`SELECT recipient, status, attempts FROM mail WHERE recipient = ANY($1) ORDER BY recipient`, [recipients]);

  /** Sign-ups, each queuing its verification mail; their addresses. */
  async function signUps(n: number): Promise<string[]> {
    const emails: string[] = [];
    for (let i = 0; i < n; i++) {
      const tag = uniqueTag();
      const email = `out_${tag}@example.test`;
      const res = await new PortalClient(base).post('signup', {
        email,
        username: `out_${tag}`,
        name: `Out ${tag}`,
        password: 'a long enough password',
      });
      expect(res.status).toBe(200);
      emails.push(email);
    }
    return emails;
  }

  /** Until no message of `recipients` is due on the driven clock: the worker has made every attempt due so far. */
  const caughtUp = (recipients: string[]) =>
    waitFor(
      async () =>
        (
          await t.app
            .get(DataSource)
            .query(`SELECT count(*)::int AS n FROM mail WHERE recipient = ANY($1) AND status = 'pending' AND next_attempt_at <= $2`, [
              recipients,
              clock.now(),
            ])
        )[0].n === 0,
      { what: 'every due attempt made', timeoutMs: 10_000 },
    );

  async function outageThenRecovery(outage: { begin(): Promise<void>; end(): Promise<void> }): Promise<void> {
    await outage.begin();
    const recipients = await signUps(8);
    await waitFor(async () => (await rowsOf(recipients)).every((r) => r.attempts >= 1), {
      what: 'a first attempt of every message, failed',
      timeoutMs: 10_000,
    });
    // The outage goes on, in steps of 5 s on the service's clock, each step's due attempts made.
    for (let passed = 0; passed < OUTAGE_MS; passed += 5 * S) {
      clock.advance(5 * S);
      await caughtUp(recipients);
    }
    const during = await rowsOf(recipients);
    expect(during.map((r) => r.status)).toEqual(recipients.map(() => 'pending'));
    // Several attempts each, on the schedule: none dead, none sent.
    expect(during.every((r) => r.attempts >= 3)).toBe(true);
    expect(recipients.flatMap((to) => receiver.to(to))).toEqual([]);

    await outage.end();
    clock.advance(PROMPTLY_MS);
    // The clock stands still from here: whatever arrives was due by PROMPTLY_MS after the end.
    await waitFor(() => recipients.every((to) => receiver.to(to).length > 0), {
      what: () => `every queued mail (${recipients.filter((to) => receiver.to(to).length > 0).length} of ${recipients.length} arrived)`,
      timeoutMs: PROMPTLY_MS,
    });
    await waitFor(async () => (await rowsOf(recipients)).every((r) => r.status === 'sent'), { what: 'every message recorded as sent' });
    expect(recipients.map((to) => receiver.to(to).length)).toEqual(recipients.map(() => 1));
    expect(recipients.map((to) => receiver.to(to)[0].subject)).toEqual(recipients.map(() => 'Confirm your email address'));
  }

  it('sends every queued mail once, within 30 s of the server coming back after 15 minutes down', async () => {
    await outageThenRecovery({ begin: () => receiver.stop(), end: async () => void (await receiver.start()) });
  });

  it('sends every queued mail once, within 30 s of the server taking mail again after 15 minutes of 451 answers', async () => {
    await outageThenRecovery({
      begin: async () => receiver.refuseEveryone({ code: 451, stage: 'rcpt' }),
      end: async () => receiver.refuseEveryone(null),
    });
    expect(receiver.refused.length).toBeGreaterThan(8 * 3);
  });
});
