import { randomUUID } from 'node:crypto';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { UserRepository } from '../../auth/domain/user.repository';
import { aUser } from '../../auth/testing/user-repository.contract';
import { ApiKey, type KeyRestrictions } from '../domain/api-key';
import { ApiKeyRepository } from '../domain/api-key.repository';

export interface ApiKeyAdapters {
  keys: ApiKeyRepository;
  /** Keys belong to accounts, which must exist first. */
  users: UserRepository;
}

/** What every ApiKeyRepository must do; run against the in-memory and the TypeORM adapters. */
export function describeApiKeyRepositoryContract(name: string, make: () => Promise<ApiKeyAdapters>): void {
  describe(`ApiKeyRepository contract: ${name}`, () => {
    let adapters: ApiKeyAdapters;
    let userId: string;
    const issue = (owner = userId, minute = 0, restrictions?: KeyRestrictions) =>
      ApiKey.issue(
        { id: randomUUID(), userId: owner, label: `key ${minute}`, now: new Date(Date.UTC(2026, 2, 1, 10, minute)), restrictions },
        new NodeSecretGenerator(),
        new Sha256TokenHasher(),
      ).key;
    /** A key of every scope but one, two lists, the addresses given, expiring at `expiresAt`. */
    const restricted = (expiresAt: Date | null, minute = 0) =>
      issue(userId, minute, {
        mode: 'live',
        scopes: ['lists:read', 'items:read', 'items:write', 'profile:read'],
        listIds: [randomUUID(), randomUUID()],
        expiresAt,
        allowedIps: ['192.0.2.0/24', '2001:db8::1'],
      });
    const newUser = async () => {
      const user = aUser();
      await adapters.users.insert(user);
      return user.id;
    };

    beforeEach(async () => {
      adapters = await make();
      userId = await newUser();
    });

    it('finds an inserted key by id and by hash, with every property intact', async () => {
      const key = issue();
      expect(await adapters.keys.insertIfBelowLimit(key, 20)).toBe(true);
      expect((await adapters.keys.findById(key.id))?.toProps()).toEqual(key.toProps());
      expect((await adapters.keys.findByHash(key.toProps().keyHash))?.toProps()).toEqual(key.toProps());
      expect(await adapters.keys.findById(randomUUID())).toBeNull();
      expect(await adapters.keys.findByHash('0'.repeat(64))).toBeNull();
    });

    it('keeps every restriction of a key, and reads a key without them as unrestricted', async () => {
      const key = restricted(new Date('2026-04-01T00:00:00.123Z'));
      await adapters.keys.insertIfBelowLimit(key, 20);
      for (const found of [await adapters.keys.findById(key.id), await adapters.keys.findByHash(key.toProps().keyHash)]) {
        expect(found?.toProps()).toEqual(key.toProps());
      }
      expect((await adapters.keys.findManyByHash([key.toProps().keyHash]))[0].toProps()).toEqual(key.toProps());
      const plain = issue();
      await adapters.keys.insertIfBelowLimit(plain, 20);
      expect((await adapters.keys.findById(plain.id))?.restrictions()).toEqual({
        mode: 'live',
        scopes: ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'],
        listIds: null,
        expiresAt: null,
        allowedIps: null,
      });
    });

    it('does not count keys expired at the new key’s creation against the limit', async () => {
      // issue(…, minute) creates at 10:minute; this one expires at 10:05.
      await adapters.keys.insertIfBelowLimit(restricted(new Date(Date.UTC(2026, 2, 1, 10, 5))), 1);
      expect(await adapters.keys.insertIfBelowLimit(issue(userId, 4), 1)).toBe(false);
      expect(await adapters.keys.insertIfBelowLimit(issue(userId, 5), 1)).toBe(true);
    });

    it('replaces a key: the replacement is inserted and the old key expires, in one step', async () => {
      const old = restricted(null);
      await adapters.keys.insertIfBelowLimit(old, 20);
      const replacement = issue(userId, 1, old.restrictions());
      old.expireBy(new Date(Date.UTC(2026, 2, 1, 12)));
      expect(await adapters.keys.insertReplacing(replacement, old, 20)).toBe(true);
      expect((await adapters.keys.findById(replacement.id))?.toProps()).toEqual(replacement.toProps());
      expect((await adapters.keys.findById(old.id))?.toProps()).toEqual(old.toProps());
    });

    it('replacing writes only an earlier expiry: a revocation or an earlier expiry saved meanwhile stands', async () => {
      const old = restricted(new Date(Date.UTC(2026, 2, 1, 11)));
      await adapters.keys.insertIfBelowLimit(old, 20);
      const stored = (await adapters.keys.findById(old.id))!;
      stored.revoke(new Date(Date.UTC(2026, 2, 1, 10, 30)));
      await adapters.keys.save(stored);
      // What the roll read before the revocation: active, its expiry moved to 12:00 (later: ignored).
      old.expireBy(new Date(Date.UTC(2026, 2, 1, 12)));
      expect(await adapters.keys.insertReplacing(issue(userId, 1), old, 20)).toBe(true);
      expect((await adapters.keys.findById(old.id))?.toProps()).toMatchObject({
        status: 'revoked',
        expiresAt: new Date(Date.UTC(2026, 2, 1, 11)),
      });
    });

    it('counts every active key but the replaced one against the limit when replacing', async () => {
      const [a, b] = [issue(userId, 1), issue(userId, 2)];
      await adapters.keys.insertIfBelowLimit(a, 2);
      await adapters.keys.insertIfBelowLimit(b, 2);
      a.expireBy(new Date(Date.UTC(2026, 2, 1, 12)));
      const first = issue(userId, 3);
      expect(await adapters.keys.insertReplacing(first, a, 2)).toBe(true);
      // a (in its grace period), b and first are active: replacing b would make three besides it.
      b.expireBy(new Date(Date.UTC(2026, 2, 1, 12)));
      const refused = issue(userId, 4);
      expect(await adapters.keys.insertReplacing(refused, b, 2)).toBe(false);
      expect(await adapters.keys.findById(refused.id)).toBeNull();
      expect((await adapters.keys.findById(b.id))?.expiresAt).toBeNull();
    });

    it('finds many keys by hash in one call: those that exist, revoked ones included', async () => {
      const [a, b, c] = [issue(userId, 1), issue(userId, 2), issue(userId, 3)];
      for (const key of [a, b, c]) await adapters.keys.insertIfBelowLimit(key, 20);
      b.revoke(new Date('2026-03-05T12:00:00.000Z'));
      await adapters.keys.save(b);
      const hashes = [a, b].map((k) => k.toProps().keyHash);
      const found = await adapters.keys.findManyByHash([...hashes, '0'.repeat(64)]);
      expect(found.map((k) => k.toProps()).sort((x, y) => x.id.localeCompare(y.id))).toEqual(
        [a, b].map((k) => k.toProps()).sort((x, y) => x.id.localeCompare(y.id)),
      );
      expect(await adapters.keys.findManyByHash([])).toEqual([]);
    });

    it("lists only the account's keys, oldest first", async () => {
      const [second, first] = [issue(userId, 2), issue(userId, 1)];
      await adapters.keys.insertIfBelowLimit(second, 20);
      await adapters.keys.insertIfBelowLimit(first, 20);
      await adapters.keys.insertIfBelowLimit(issue(await newUser()), 20);
      expect((await adapters.keys.listByUser(userId)).map((k) => k.id)).toEqual([first.id, second.id]);
    });

    it('deletes revoked keys of the account beyond the `keep` most recently revoked, and nothing else', async () => {
      const [active, a, b, c] = [issue(userId, 1), issue(userId, 2), issue(userId, 3), issue(userId, 4)];
      const someoneElses = issue(await newUser(), 5);
      for (const key of [active, a, b, c, someoneElses]) await adapters.keys.insertIfBelowLimit(key, 20);
      for (const [key, minute] of [
        [b, 10],
        [a, 11],
        [c, 12],
        [someoneElses, 13],
      ] as const) {
        key.revoke(new Date(Date.UTC(2026, 2, 1, 11, minute)));
        await adapters.keys.save(key);
      }
      expect(await adapters.keys.deleteRevokedBeyond(userId, 2)).toBe(1);
      // b was revoked first: it goes; the active key and the other account's key stay.
      expect((await adapters.keys.listByUser(userId)).map((k) => k.id)).toEqual([active.id, a.id, c.id]);
      expect(await adapters.keys.findById(someoneElses.id)).not.toBeNull();
      expect(await adapters.keys.deleteRevokedBeyond(userId, 2)).toBe(0);
    });

    it('counts only active keys of the same account against the limit', async () => {
      const revoked = issue();
      await adapters.keys.insertIfBelowLimit(revoked, 2);
      revoked.revoke(new Date());
      await adapters.keys.save(revoked);
      expect(await adapters.keys.insertIfBelowLimit(issue(), 2)).toBe(true);
      expect(await adapters.keys.insertIfBelowLimit(issue(), 2)).toBe(true);
      const refused = issue();
      expect(await adapters.keys.insertIfBelowLimit(refused, 2)).toBe(false);
      expect(await adapters.keys.findById(refused.id)).toBeNull();
      expect(await adapters.keys.insertIfBelowLimit(issue(await newUser()), 2)).toBe(true);
    });

    it('holds the limit under concurrent inserts', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => adapters.keys.insertIfBelowLimit(issue(userId, i), 3)));
      expect(results.filter(Boolean)).toHaveLength(3);
      expect(await adapters.keys.listByUser(userId)).toHaveLength(3);
    });

    it('saves a revocation and records the last use', async () => {
      const key = issue();
      await adapters.keys.insertIfBelowLimit(key, 20);
      const revokedAt = new Date('2026-03-02T00:00:00.000Z');
      key.revoke(revokedAt);
      await adapters.keys.save(key);
      const usedAt = new Date('2026-03-01T12:00:00.500Z');
      await adapters.keys.touchLastUsed(key.id, usedAt, 60_000);
      expect((await adapters.keys.findById(key.id))?.toProps()).toMatchObject({ status: 'revoked', revokedAt, lastUsedAt: usedAt });
    });

    it('records the last use at most once per interval, whoever reports it, and never backwards', async () => {
      const key = issue();
      await adapters.keys.insertIfBelowLimit(key, 20);
      const lastUsed = async () => (await adapters.keys.findById(key.id))!.toProps().lastUsedAt;
      const first = new Date('2026-03-01T12:00:00.000Z');
      const at = (ms: number) => new Date(first.getTime() + ms);
      await adapters.keys.touchLastUsed(key.id, first, 60_000);
      expect(await lastUsed()).toEqual(first);
      // Two instances report uses within the minute: neither is written.
      await Promise.all([adapters.keys.touchLastUsed(key.id, at(1_000), 60_000), adapters.keys.touchLastUsed(key.id, at(59_999), 60_000)]);
      expect(await lastUsed()).toEqual(first);
      await adapters.keys.touchLastUsed(key.id, at(60_000), 60_000);
      expect(await lastUsed()).toEqual(at(60_000));
      // A late report of an older use does not move it back.
      await adapters.keys.touchLastUsed(key.id, at(-120_000), 60_000);
      expect(await lastUsed()).toEqual(at(60_000));
      // An unknown key is simply not there to touch.
      await expect(adapters.keys.touchLastUsed(randomUUID(), first, 60_000)).resolves.toBeUndefined();
    });
  });
}
