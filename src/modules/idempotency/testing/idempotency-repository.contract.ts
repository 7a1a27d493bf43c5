import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import type { IdempotencyRepository } from '../domain/idempotency.repository';

export interface IdempotencyRepositorySubject {
  records: IdempotencyRepository;
  uow: UnitOfWork;
  /** An account to hold keys (a users row in PostgreSQL); returns its id. */
  newUser(): Promise<string>;
}

const T0 = new Date('2026-06-01T12:00:00.000Z');
const BEFORE_T0 = new Date('2026-05-31T12:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

/** What every IdempotencyRepository must do; run against the in-memory store (unit) and PostgreSQL (e2e). */
export function describeIdempotencyRepositoryContract(adapter: string, setup: () => Promise<IdempotencyRepositorySubject>): void {
  describe(`IdempotencyRepository contract: ${adapter}`, () => {
    let s: IdempotencyRepositorySubject;
    let userId: string;

    beforeEach(async () => {
      s = await setup();
      userId = await s.newUser();
    });

    const claimed = (key: string, fingerprint: string, createdAt = T0, expiredBefore = BEFORE_T0) =>
      s.uow.run(async () => {
        const held = await s.records.claim({ userId, key, fingerprint, createdAt }, expiredBefore);
        if (!held) await s.records.complete(userId, key, { answer: fingerprint, nested: { b: 1, a: [1, 'two'] } });
        return held;
      });

    it('takes a free key, then hands back the completed outcome, field order kept', async () => {
      expect(await claimed('k', 'f1')).toBeNull();
      const held = await claimed('k', 'f2');
      expect(held).toEqual({ fingerprint: 'f1', response: { answer: 'f1', nested: { b: 1, a: [1, 'two'] } } });
      expect(JSON.stringify(held!.response)).toBe('{"answer":"f1","nested":{"b":1,"a":[1,"two"]}}');
    });

    it("deletes all of an account's records but the one kept, and no other account's", async () => {
      const other = await s.newUser();
      for (const key of ['a', 'b', 'kept']) expect(await claimed(key, key)).toBeNull();
      await s.uow.run(async () => {
        await s.records.claim({ userId: other, key: 'a', fingerprint: 'theirs', createdAt: T0 }, BEFORE_T0);
        await s.records.complete(other, 'a', {});
      });
      expect(await s.uow.run(() => s.records.deleteAllOf(userId, 'kept'))).toBe(2);
      expect(await claimed('a', 'again')).toBeNull();
      expect((await claimed('kept', 'other'))?.fingerprint).toBe('kept');
      const theirs = await s.uow.run(() => s.records.claim({ userId: other, key: 'a', fingerprint: 'x', createdAt: T0 }, BEFORE_T0));
      expect(theirs?.fingerprint).toBe('theirs');
      expect(await s.uow.run(() => s.records.deleteAllOf(userId, null))).toBe(2); // 'again' and 'kept'
    });

    it('keeps keys apart per account', async () => {
      const other = await s.newUser();
      expect(await claimed('shared', 'mine')).toBeNull();
      const theirs = await s.uow.run(() =>
        s.records.claim({ userId: other, key: 'shared', fingerprint: 'theirs', createdAt: T0 }, BEFORE_T0),
      );
      expect(theirs).toBeNull();
    });

    it('forgets a claim whose unit of work failed', async () => {
      await expect(
        s.uow.run(async () => {
          await s.records.claim({ userId, key: 'failed', fingerprint: 'f1', createdAt: T0 }, BEFORE_T0);
          throw new Error('the request failed');
        }),
      ).rejects.toThrow('the request failed');
      expect(await claimed('failed', 'f2')).toBeNull();
    });

    it('takes over a record committed without a response instead of replaying it', async () => {
      // Only a faulty earlier version could commit a claim without its response.
      await s.uow.run(() => s.records.claim({ userId, key: 'orphan', fingerprint: 'f1', createdAt: T0 }, BEFORE_T0));
      expect(await claimed('orphan', 'f2')).toBeNull();
      expect((await claimed('orphan', 'f3'))?.fingerprint).toBe('f2');
    });

    it('takes over an expired record, and deletes expired records only', async () => {
      expect(await claimed('first', 'f1', T0)).toBeNull();
      expect(await claimed('second', 'f1', later(1000))).toBeNull();
      expect(await claimed('first', 'f2', later(5000), T0)).toBeNull();
      expect((await claimed('first', 'f3', later(6000), T0))?.fingerprint).toBe('f2');
      expect(await s.records.deleteExpired(later(1000))).toBe(1);
      expect((await claimed('first', 'f4', later(7000), T0))?.fingerprint).toBe('f2');
      expect(await claimed('second', 'f5', later(7000), T0)).toBeNull();
    });
  });
}
