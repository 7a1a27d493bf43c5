import { randomBytes, randomUUID } from 'node:crypto';
import type { Session } from '../domain/session';
import { SessionRepository } from '../domain/session.repository';
import { UserRepository } from '../domain/user.repository';
import { aUser } from './user-repository.contract';

export interface SessionAdapters {
  sessions: SessionRepository;
  /** Sessions belong to accounts, which must exist first. */
  users: UserRepository;
}

/** What every SessionRepository must do; run against the in-memory and the TypeORM adapters. */
export function describeSessionRepositoryContract(name: string, make: () => Promise<SessionAdapters>): void {
  describe(`SessionRepository contract: ${name}`, () => {
    let adapters: SessionAdapters;
    let userId: string;
    const aSession = (overrides: Partial<Session> = {}): Session => ({
      id: randomUUID(),
      userId,
      tokenHash: randomBytes(32).toString('hex'),
      createdAt: new Date('2026-03-01T10:00:00.000Z'),
      expiresAt: new Date('2026-03-08T10:00:00.000Z'),
      ...overrides,
    });

    beforeEach(async () => {
      adapters = await make();
      const user = aUser();
      await adapters.users.insert(user);
      userId = user.id;
    });

    it('finds a session by its token hash, and nothing by another', async () => {
      const session = aSession();
      await adapters.sessions.insert(session);
      expect(await adapters.sessions.findByTokenHash(session.tokenHash)).toEqual(session);
      expect(await adapters.sessions.findByTokenHash(randomBytes(32).toString('hex'))).toBeNull();
    });

    it('deletes by token hash, harmlessly when it is already gone', async () => {
      const [kept, dropped] = [aSession(), aSession()];
      await adapters.sessions.insert(kept);
      await adapters.sessions.insert(dropped);
      await adapters.sessions.deleteByTokenHash(dropped.tokenHash);
      await adapters.sessions.deleteByTokenHash(dropped.tokenHash);
      expect(await adapters.sessions.findByTokenHash(dropped.tokenHash)).toBeNull();
      expect(await adapters.sessions.findByTokenHash(kept.tokenHash)).toEqual(kept);
    });

    it("deletes only the account's sessions that have expired", async () => {
      const now = new Date('2026-03-05T00:00:00.000Z');
      const expired = aSession({ expiresAt: new Date('2026-03-04T23:59:59.999Z') });
      const expiringNow = aSession({ expiresAt: now });
      const live = aSession({ expiresAt: new Date('2026-03-05T00:00:00.001Z') });
      const other = aUser();
      await adapters.users.insert(other);
      const othersExpired = aSession({ userId: other.id, expiresAt: new Date('2026-03-01T00:00:00.000Z') });
      for (const s of [expired, expiringNow, live, othersExpired]) await adapters.sessions.insert(s);

      await adapters.sessions.deleteExpiredOf(userId, now);
      expect(await adapters.sessions.findByTokenHash(expired.tokenHash)).toBeNull();
      expect(await adapters.sessions.findByTokenHash(expiringNow.tokenHash)).toBeNull();
      expect(await adapters.sessions.findByTokenHash(live.tokenHash)).toEqual(live);
      expect(await adapters.sessions.findByTokenHash(othersExpired.tokenHash)).toEqual(othersExpired);
    });

    it("ends every session of the account, or every one but the kept one, and no other account's", async () => {
      const [first, second, third] = [aSession(), aSession(), aSession()];
      const other = aUser();
      await adapters.users.insert(other);
      const othersSession = aSession({ userId: other.id });
      for (const s of [first, second, third, othersSession]) await adapters.sessions.insert(s);

      await adapters.sessions.deleteAllOf(userId, second.tokenHash);
      expect(await adapters.sessions.findByTokenHash(first.tokenHash)).toBeNull();
      expect(await adapters.sessions.findByTokenHash(second.tokenHash)).toEqual(second);
      expect(await adapters.sessions.findByTokenHash(third.tokenHash)).toBeNull();
      await adapters.sessions.deleteAllOf(userId);
      expect(await adapters.sessions.findByTokenHash(second.tokenHash)).toBeNull();
      expect(await adapters.sessions.findByTokenHash(othersSession.tokenHash)).toEqual(othersSession);
    });
  });
}
