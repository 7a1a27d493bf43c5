import { randomUUID } from 'node:crypto';
import { newMail, type MailProps } from '../domain/mail-message';
import { MailRepository } from '../domain/mail.repository';

const BASE = Date.parse('2026-11-24T10:00:00.000Z');
const at = (seconds: number) => new Date(BASE + seconds * 1000);

export const aMail = (overrides: Partial<MailProps> = {}): MailProps => ({
  ...newMail({ id: randomUUID(), kind: 'verify-email', to: 'ada@example.com', subject: 'Hello', sealedBody: 'v1.sealed', now: at(0) }),
  ...overrides,
});

/** What a MailRepository must do; run in memory (unit) and on PostgreSQL (e2e). */
export function describeMailRepositoryContract(adapter: string, make: () => Promise<MailRepository>): void {
  describe(`MailRepository contract (${adapter})`, () => {
    let mails: MailRepository;

    beforeEach(async () => {
      mails = await make();
    });

    it('stores a message as given and finds it by id', async () => {
      const mail = aMail({ subject: 'Verify your email', to: 'bob@example.org' });
      await mails.insert(mail);
      expect(await mails.findById(mail.id)).toEqual(mail);
      expect(await mails.findById(randomUUID())).toBeNull();
    });

    it('leases what is due, oldest due first, once until the lease expires', async () => {
      const later = aMail({ nextAttemptAt: at(2) });
      const sooner = aMail({ nextAttemptAt: at(1) });
      const notYet = aMail({ nextAttemptAt: at(100) });
      for (const m of [later, sooner, notYet]) await mails.insert(m);
      const claimed = await mails.claimDue(at(10), at(70), 10);
      expect(claimed.map((c) => c.mail.id)).toEqual([sooner.id, later.id]);
      expect(claimed[0].lockedUntil).toEqual(at(70));
      expect(claimed[0].mail).toEqual(sooner);
      expect(await mails.claimDue(at(20), at(80), 10)).toEqual([]);
      // The lease left by an instance that died expires.
      expect((await mails.claimDue(at(71), at(131), 10)).map((c) => c.mail.id).sort()).toEqual([later.id, sooner.id].sort());
    });

    it('claims at most `limit`', async () => {
      for (let i = 0; i < 3; i++) await mails.insert(aMail({ nextAttemptAt: at(i) }));
      expect(await mails.claimDue(at(10), at(70), 2)).toHaveLength(2);
      expect(await mails.claimDue(at(10), at(70), 2)).toHaveLength(1);
    });

    it('writes an attempt only under the lease it was made under, and erases the body when told', async () => {
      const mail = aMail();
      await mails.insert(mail);
      const [first] = await mails.claimDue(at(1), at(61), 1);
      const retry = { status: 'pending' as const, lastError: '451 try later', nextAttemptAt: at(6), eraseBody: false, now: at(1) };
      expect(await mails.finishAttempt(mail.id, at(999), retry)).toBe(false);
      expect(await mails.finishAttempt(mail.id, first.lockedUntil, retry)).toBe(true);
      expect(await mails.findById(mail.id)).toEqual({
        ...mail,
        attempts: 1,
        lastError: '451 try later',
        nextAttemptAt: at(6),
        updatedAt: at(1),
      });
      // The lease is released: the next claim is a new one.
      expect(await mails.finishAttempt(mail.id, first.lockedUntil, retry)).toBe(false);
      const [second] = await mails.claimDue(at(6), at(66), 1);
      const sent = { status: 'sent' as const, lastError: null, nextAttemptAt: null, eraseBody: true, now: at(7) };
      expect(await mails.finishAttempt(mail.id, second.lockedUntil, sent)).toBe(true);
      expect(await mails.findById(mail.id)).toMatchObject({
        status: 'sent',
        attempts: 2,
        sealedBody: null,
        lastError: null,
        nextAttemptAt: null,
      });
      expect(await mails.claimDue(at(100), at(160), 10)).toEqual([]);
    });

    it('leases deferred messages to a probe, least recently tried first, none tried after `triedBefore`, none due, none leased', async () => {
      const older = aMail({ attempts: 2, nextAttemptAt: at(100), updatedAt: at(1) });
      const newer = aMail({ attempts: 1, nextAttemptAt: at(100), updatedAt: at(3) });
      const tooRecent = aMail({ attempts: 1, nextAttemptAt: at(100), updatedAt: at(9) });
      const due = aMail({ attempts: 1, nextAttemptAt: at(10), updatedAt: at(0) });
      const neverTried = aMail({ nextAttemptAt: at(100) });
      const dead = aMail({ status: 'dead', attempts: 3, nextAttemptAt: null, updatedAt: at(0) });
      for (const m of [older, newer, tooRecent, due, neverTried, dead]) await mails.insert(m);
      const [probe] = await mails.claimDeferred(at(10), at(70), at(5), 1);
      expect(probe).toEqual({ mail: older, lockedUntil: at(70) });
      // Leased: neither another probe nor a claim takes it.
      expect((await mails.claimDeferred(at(10), at(70), at(5), 10)).map((c) => c.mail.id)).toEqual([newer.id]);
      expect(await mails.claimDeferred(at(11), at(71), at(5), 10)).toEqual([]);
      expect((await mails.claimDue(at(60), at(120), 10)).map((c) => c.mail.id)).toEqual([due.id]);
    });

    it('writes a failed probe under its lease only, keeping the attempts and the schedule', async () => {
      const mail = aMail({ attempts: 4, nextAttemptAt: at(100), lastError: 'connect ECONNREFUSED', updatedAt: at(1) });
      await mails.insert(mail);
      const [probe] = await mails.claimDeferred(at(10), at(70), at(5), 1);
      expect(await mails.finishProbe(mail.id, at(999), '451 try later', at(11))).toBe(false);
      expect(await mails.finishProbe(mail.id, probe.lockedUntil, '451 try later', at(11))).toBe(true);
      expect(await mails.findById(mail.id)).toEqual({ ...mail, lastError: '451 try later', updatedAt: at(11) });
      expect(await mails.finishProbe(mail.id, probe.lockedUntil, '451 try later', at(12))).toBe(false);
      // Released: the next probe may take it.
      expect((await mails.claimDeferred(at(30), at(90), at(20), 1)).map((c) => c.mail.id)).toEqual([mail.id]);
    });

    it('wakes every deferred message (due now), and no other', async () => {
      const deferred = aMail({ attempts: 2, nextAttemptAt: at(3600) });
      const alsoDeferred = aMail({ attempts: 9, nextAttemptAt: at(36000) });
      const due = aMail({ attempts: 1, nextAttemptAt: at(5) });
      const fresh = aMail({ nextAttemptAt: at(50) });
      const sent = aMail({ status: 'sent', attempts: 1, sealedBody: null, nextAttemptAt: null });
      for (const m of [deferred, alsoDeferred, due, fresh, sent]) await mails.insert(m);
      expect(await mails.wakeDeferred(at(10))).toBe(2);
      expect(await mails.findById(deferred.id)).toEqual({ ...deferred, nextAttemptAt: at(10) });
      expect(await mails.findById(alsoDeferred.id)).toEqual({ ...alsoDeferred, nextAttemptAt: at(10) });
      expect(await mails.findById(due.id)).toEqual(due);
      expect(await mails.findById(fresh.id)).toEqual(fresh);
      expect(await mails.findById(sent.id)).toEqual(sent);
      expect(await mails.wakeDeferred(at(10))).toBe(0);
      expect((await mails.claimDue(at(10), at(70), 10)).map((c) => c.mail.id).sort()).toEqual(
        [deferred.id, alsoDeferred.id, due.id].sort(),
      );
    });

    it('lists dead messages most recently given up first, and retries only a dead one, with a fresh set of attempts', async () => {
      const older = aMail({ status: 'dead', attempts: 8, nextAttemptAt: null, lastError: 'x', updatedAt: at(5) });
      const newer = aMail({ status: 'dead', attempts: 1, nextAttemptAt: null, lastError: 'y', updatedAt: at(6) });
      const pending = aMail();
      for (const m of [older, newer, pending]) await mails.insert(m);
      expect((await mails.listDead(10)).map((m) => m.id)).toEqual([newer.id, older.id]);
      expect(await mails.listDead(1)).toHaveLength(1);
      expect(await mails.retryDead(pending.id, at(9))).toBeNull();
      expect(await mails.retryDead(randomUUID(), at(9))).toBeNull();
      expect(await mails.retryDead(older.id, at(9))).toEqual({
        ...older,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at(9),
        updatedAt: at(9),
      });
      expect((await mails.listDead(10)).map((m) => m.id)).toEqual([newer.id]);
      expect((await mails.claimDue(at(9), at(69), 10)).map((c) => c.mail.id).sort()).toEqual([older.id, pending.id].sort());
    });

    it('shows the development outbox newest first, and purges finished messages past their retention', async () => {
      const first = aMail({ status: 'outbox', nextAttemptAt: null, createdAt: at(1), updatedAt: at(1) });
      const second = aMail({ status: 'outbox', nextAttemptAt: null, createdAt: at(2), updatedAt: at(2) });
      const sent = aMail({ status: 'sent', sealedBody: null, nextAttemptAt: null, updatedAt: at(3) });
      const pending = aMail({ createdAt: at(0), updatedAt: at(0) });
      for (const m of [first, second, sent, pending]) await mails.insert(m);
      expect((await mails.latestOutbox(10)).map((m) => m.id)).toEqual([second.id, first.id]);
      expect((await mails.latestOutbox(1)).map((m) => m.id)).toEqual([second.id]);
      expect(await mails.purgeFinishedBefore(at(3), 10)).toBe(2);
      expect(await mails.findById(sent.id)).not.toBeNull();
      expect(await mails.findById(pending.id)).not.toBeNull();
      expect(await mails.purgeFinishedBefore(at(4), 10)).toBe(1);
    });
  });
}
