import { randomBytes, randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../../common/ports/unit-of-work';
import type { AccountToken } from '../domain/account-token';
import { AccountTokenRepository } from '../domain/account-token.repository';
import { UserRepository } from '../domain/user.repository';
import { aUser } from './user-repository.contract';

export interface AccountTokenAdapters {
  tokens: AccountTokenRepository;
  /** Tokens belong to accounts, which must exist first. */
  users: UserRepository;
  uow: UnitOfWork;
}

const HOUR = 60 * 60 * 1000;

/** What every AccountTokenRepository must do; run against the in-memory and the TypeORM adapters. */
export function describeAccountTokenRepositoryContract(name: string, make: () => Promise<AccountTokenAdapters>): void {
  describe(`AccountTokenRepository contract: ${name}`, () => {
    let adapters: AccountTokenAdapters;
    let userId: string;
    let email: string;
    const now = new Date('2026-03-05T12:00:00.000Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    const aToken = (overrides: Partial<AccountToken> = {}): AccountToken => ({
      id: randomUUID(),
      userId,
      purpose: 'verify-email',
      tokenHash: randomBytes(32).toString('hex'),
      email,
      resent: false,
      createdAt: now,
      expiresAt: at(HOUR),
      ...overrides,
    });

    beforeEach(async () => {
      adapters = await make();
      const user = aUser();
      await adapters.users.insert(user);
      ({ id: userId, email } = user);
    });

    it('finds a live token by hash and purpose only, and nothing once it has expired', async () => {
      const token = aToken();
      await adapters.tokens.insert(token);
      expect(await adapters.tokens.findLive('verify-email', token.tokenHash, now)).toEqual(token);
      expect(await adapters.tokens.findLive('password-reset', token.tokenHash, now)).toBeNull();
      expect(await adapters.tokens.findLive('verify-email', token.tokenHash, token.expiresAt)).toBeNull();
    });

    it('spends a token once: the second consume gets nothing, and an expired one is never spent', async () => {
      const [token, expired] = [aToken(), aToken({ expiresAt: now })];
      await adapters.tokens.insert(token);
      await adapters.tokens.insert(expired);
      expect(await adapters.tokens.consume('password-reset', token.tokenHash, now)).toBeNull();
      expect(await adapters.tokens.consume('verify-email', token.tokenHash, now)).toEqual(token);
      expect(await adapters.tokens.consume('verify-email', token.tokenHash, now)).toBeNull();
      expect(await adapters.tokens.consume('verify-email', expired.tokenHash, now)).toBeNull();
    });

    it('of two concurrent consumes of one token, exactly one wins', async () => {
      const token = aToken();
      await adapters.tokens.insert(token);
      const spend = () => adapters.uow.run(() => adapters.tokens.consume('verify-email', token.tokenHash, now));
      const results = await Promise.all([spend(), spend()]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('stores a reset token for the account with the email in any case, and none for an unknown email', async () => {
      const token = aToken({ purpose: 'password-reset' });
      const { userId: _ignored, ...withoutUser } = token;
      expect(await adapters.tokens.insertForEmail({ ...withoutUser, email: email.toUpperCase() }, now)).toBe(userId);
      expect(await adapters.tokens.findLive('password-reset', token.tokenHash, now)).toMatchObject({ userId, purpose: 'password-reset' });
      const stranger = aToken({ purpose: 'password-reset', email: `nobody_${randomBytes(4).toString('hex')}@example.test` });
      const { userId: _none, ...strangerWithoutUser } = stranger;
      expect(await adapters.tokens.insertForEmail(strangerWithoutUser, now)).toBeNull();
      expect(await adapters.tokens.findLive('password-reset', stranger.tokenHash, now)).toBeNull();
    });

    it("drops the account's tokens that expired before the given time when a reset token is stored", async () => {
      const old = aToken({ createdAt: at(-3 * HOUR), expiresAt: at(-2 * HOUR), resent: true });
      await adapters.tokens.insert(old);
      const { userId: _ignored, ...fresh } = aToken({ purpose: 'password-reset' });
      await adapters.tokens.insertForEmail(fresh, at(-HOUR));
      expect(await adapters.tokens.resentSince(userId, at(-4 * HOUR))).toEqual([]);
    });

    it('retires the live tokens of one purpose and account, which still count as resends', async () => {
      const other = aUser();
      await adapters.users.insert(other);
      const [mine, reset, others] = [
        aToken({ resent: true }),
        aToken({ purpose: 'password-reset' }),
        aToken({ userId: other.id, email: other.email }),
      ];
      for (const t of [mine, reset, others]) await adapters.tokens.insert(t);
      await adapters.tokens.retire(userId, 'verify-email', at(1000));
      expect(await adapters.tokens.findLive('verify-email', mine.tokenHash, at(1000))).toBeNull();
      expect(await adapters.tokens.findLive('password-reset', reset.tokenHash, at(1000))).toEqual(reset);
      expect(await adapters.tokens.findLive('verify-email', others.tokenHash, at(1000))).toEqual(others);
      expect(await adapters.tokens.resentSince(userId, at(-HOUR))).toEqual([now]);
    });

    it('lists the times of resent verification tokens since a time, oldest first, and removes spent ones', async () => {
      const tokens = [
        aToken({ resent: true, createdAt: at(-30 * 60 * 1000), expiresAt: at(HOUR) }),
        aToken({ resent: true, createdAt: at(-90 * 60 * 1000), expiresAt: at(-1000) }),
        aToken({ resent: false, createdAt: at(-10 * 60 * 1000) }),
        aToken({ resent: true, createdAt: at(-5 * 60 * 1000) }),
      ];
      for (const t of tokens) await adapters.tokens.insert(t);
      expect(await adapters.tokens.resentSince(userId, at(-HOUR))).toEqual([at(-30 * 60 * 1000), at(-5 * 60 * 1000)]);
      await adapters.tokens.removeSpent(userId, now);
      expect(await adapters.tokens.resentSince(userId, at(-2 * HOUR))).toEqual([at(-30 * 60 * 1000), at(-5 * 60 * 1000)]);
    });

    it('takes the account lock inside a unit of work', async () => {
      await expect(adapters.uow.run(() => adapters.tokens.lockAccount(userId))).resolves.toBeUndefined();
    });
  });
}
