import { mailFixture } from '../testing/mail-fixture';
import { DeferredMailProbe } from './deferred-mail-probe';
import type { SendResult } from './mail-sender';

const S = 1000;
const refused: SendResult = { kind: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:2525', permanent: false };
const deferred: SendResult = { kind: 'failed', error: '451 4.3.0 <ada@example.com> try again later', permanent: false };
const mail = (i: number) => ({ to: `user${i}@example.org`, subject: 'Confirm your email', text: `verify ${i}`, kind: 'verify-email' });
const leaseFrom = (now: Date) => new Date(now.getTime() + 60 * S);

/** A queued message (its body sealed as the queue seals it), then set as a message deferred by earlier attempts. */
async function queued(f: ReturnType<typeof mailFixture>, i: number, state: { attempts: number; nextAttemptAt: Date; updatedAt: Date }) {
  await f.queue.enqueue(mail(i));
  const row = [...f.mails.rows.values()].find((m) => m.to === mail(i).to)!;
  f.mails.rows.set(row.id, { ...row, ...state });
  return f.mails.rows.get(row.id)!;
}

describe('DeferredMailProbe', () => {
  it('claims what is due, and probes nothing while anything is', async () => {
    const f = mailFixture();
    const now = f.clock.now();
    await queued(f, 0, { attempts: 2, nextAttemptAt: new Date(now.getTime() + 60 * S), updatedAt: new Date(now.getTime() - 60 * S) });
    await f.queue.enqueue(mail(1));
    const claimed = await f.probe.claim(now, leaseFrom(now), 10);
    expect(claimed.map((c) => [c.mail.to, c.probe])).toEqual([['user1@example.org', undefined]]);
  });

  it('when nothing is due, claims one deferred message as a probe: least recently tried, none tried within the interval, once per interval', async () => {
    const f = mailFixture({ probeIntervalMs: 10 * S });
    const t = f.clock.now().getTime();
    const later = new Date(t + 3600 * S);
    const a = await queued(f, 0, { attempts: 3, nextAttemptAt: later, updatedAt: new Date(t - 30 * S) });
    const b = await queued(f, 1, { attempts: 1, nextAttemptAt: later, updatedAt: new Date(t - 20 * S) });
    const c = await queued(f, 2, { attempts: 1, nextAttemptAt: later, updatedAt: new Date(t - 5 * S) });
    await queued(f, 3, { attempts: 0, nextAttemptAt: later, updatedAt: new Date(t - 60 * S) });
    f.sender.outage = refused;
    const probed: string[] = [];
    const look = async () => {
      const now = f.clock.now();
      const claimed = await f.probe.claim(now, leaseFrom(now), 10);
      expect(claimed.every((claim) => claim.probe === true)).toBe(true);
      for (const claim of claimed) {
        probed.push(claim.mail.id);
        await f.attempts.attempt(claim);
      }
      return claimed.length;
    };
    expect(await look()).toBe(1);
    // Within the interval: no second probe, however many messages wait.
    f.clock.advance(10 * S - 1);
    expect(await look()).toBe(0);
    f.clock.advance(1);
    expect(await look()).toBe(1);
    f.clock.advance(10 * S);
    expect(await look()).toBe(1);
    f.clock.advance(10 * S);
    expect(await look()).toBe(1);
    // c was tried 5 s before the first look, so it waited for its turn; a message never tried is not deferred.
    expect(probed).toEqual([a.id, b.id, c.id, a.id]);
    expect(f.sender.sent).toHaveLength(4);
  });

  it('leaves a message the server defers again where it was on its schedule, and gives one refused for good up', async () => {
    const f = mailFixture({ probeIntervalMs: 10 * S });
    const t = f.clock.now().getTime();
    const next = new Date(t + 1800 * S);
    const waiting = await queued(f, 0, { attempts: 7, nextAttemptAt: next, updatedAt: new Date(t - 60 * S) });
    f.sender.outage = deferred;
    const [probe] = await f.probe.claim(f.clock.now(), leaseFrom(f.clock.now()), 10);
    await f.attempts.attempt(probe);
    expect(f.mails.rows.get(waiting.id)).toMatchObject({
      status: 'pending',
      attempts: 7,
      nextAttemptAt: next,
      lastError: '451 4.3.0 <…@example.com> try again later',
      updatedAt: f.clock.now(),
      lockedUntil: null,
    });

    f.clock.advance(10 * S);
    f.sender.outage = { kind: 'failed', error: '550 5.1.1 no such user', permanent: true };
    const [again] = await f.probe.claim(f.clock.now(), leaseFrom(f.clock.now()), 10);
    expect(again.mail.id).toBe(waiting.id);
    await f.attempts.attempt(again);
    expect(f.mails.rows.get(waiting.id)).toMatchObject({ status: 'dead', attempts: 8, nextAttemptAt: null });
    expect(f.warnings.map((w) => w.message)).toEqual([expect.stringContaining('mail is dead')]);
  });

  it('writes nothing for a probe whose lease another instance took over', async () => {
    const f = mailFixture({ probeIntervalMs: 10 * S });
    const t = f.clock.now().getTime();
    const waiting = await queued(f, 0, { attempts: 1, nextAttemptAt: new Date(t + 600 * S), updatedAt: new Date(t - 60 * S) });
    const [probe] = await f.probe.claim(f.clock.now(), new Date(t + S), 10);
    f.clock.advance(2 * S);
    const other = new DeferredMailProbe(f.mails, 10 * S);
    const [taken] = await other.claim(f.clock.now(), leaseFrom(f.clock.now()), 10);
    expect(taken.mail.id).toBe(waiting.id);
    f.sender.outage = refused;
    await f.attempts.attempt(probe);
    expect(f.warnings.map((w) => w.message)).toEqual(['mail lease lost before its result was written']);
    expect(f.mails.rows.get(waiting.id)).toMatchObject({ lastError: null, updatedAt: waiting.updatedAt, lockedUntil: taken.lockedUntil });
  });

  describe.each([
    ['refuses connections', refused],
    ['answers 451 to every message', deferred],
  ])('after the SMTP server %s', (_what, failure) => {
    it.each([
      ['a minute', 67],
      ['two hours', 7203],
    ])('for %s, two instances send every queued message once, within 30 s of the server taking mail again', async (_length, outageS) => {
      const f = mailFixture({ probeIntervalMs: 10 * S, random: () => 0.99 });
      const instances = [f.probe, new DeferredMailProbe(f.mails, 10 * S)];
      const tick = async () => {
        f.clock.advance(S);
        for (const instance of instances) await f.workRound(instance);
      };
      f.sender.outage = failure;
      const recipients = Array.from({ length: 40 }, (_, i) => mail(i).to);
      // Forty sign-ups, one a second from the start of the outage, which goes on.
      for (let s = 0; s < outageS; s++) {
        if (s < recipients.length) await f.queue.enqueue(mail(s));
        await tick();
      }
      expect(f.sender.accepted).toEqual([]);
      const rows = [...f.mails.rows.values()];
      expect(rows.every((m) => m.status === 'pending' && m.attempts >= 1)).toBe(true);
      // The probes spent no attempt: each message is at the step its own schedule says.
      expect(Math.max(...rows.map((m) => m.attempts))).toBeLessThanOrEqual(outageS < 3600 ? 4 : 10);

      f.sender.outage = null;
      let seconds = 0;
      while (f.sender.accepted.length < recipients.length && seconds < 30) {
        await tick();
        seconds += 1;
      }
      expect([...f.sender.accepted].sort()).toEqual([...recipients].sort());
      expect(seconds).toBeLessThanOrEqual(30);
      expect([...f.mails.rows.values()].every((m) => m.status === 'sent' && m.sealedBody === null)).toBe(true);
    });
  });
});
