import fc from 'fast-check';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import type { WarningLog } from '../../../common/ports/warning-log';
import { FakeClock } from '../../../common/testing/fake-clock';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryApiKeyRepository } from '../infrastructure/in-memory/in-memory-api-key.repository';
import {
  InvalidApiKey,
  InvalidKeyLabel,
  KeyLimitReached,
  KeyNotFound,
  MissingApiKey,
  RevokedApiKey,
  SandboxKeyUnavailable,
} from './keys.errors';
import { ApiKey, hashKey } from './api-key';
import { KEPT_REVOKED_KEYS, KEY_CACHE_TTL_MS, KEY_RENEW_AHEAD_MS, KEY_RENEW_EVERY_MS, KeysService, MAX_ACTIVE_KEYS } from './keys.service';
import { InProcessRevocationBus } from './revocation-bus';

describe('KeysService', () => {
  let clock: FakeClock;
  let repo: InMemoryApiKeyRepository;
  let keys: KeysService;

  /** A service over the shared repository and clock; `bus` and `log` as an instance would have them. */
  const serviceWith = (bus?: InProcessRevocationBus, log?: WarningLog) =>
    new KeysService(repo, clock, new SequentialIdGenerator(), new NodeSecretGenerator(), new Sha256TokenHasher(), bus, log);

  /** Another instance (sharing the database, not a revocation bus) revokes the key. */
  const revokeElsewhere = async (keyId: string) => {
    const key = (await repo.findById(keyId))!;
    key.revoke(clock.now());
    await repo.save(key);
  };

  /** Two instances sharing the database and a revocation bus. */
  const twoInstances = () => {
    const bus = new InProcessRevocationBus();
    return {
      here: serviceWith(bus),
      elsewhere: serviceWith(bus),
    };
  };

  beforeEach(() => {
    clock = new FakeClock('2026-05-01T08:00:00.000Z');
    repo = new InMemoryApiKeyRepository();
    keys = serviceWith();
  });

  it('reports a last-use write that failed to its warning log, and still answers the request', async () => {
    const { secret } = await keys.create('u1', 'CI');
    const warned = new Promise<{ context: object; message: string }>((resolve) => {
      const log = { warn: (context: object, message: string) => resolve({ context, message }) };
      keys = serviceWith(new InProcessRevocationBus(), log);
    });
    jest.spyOn(repo, 'touchLastUsed').mockRejectedValue(new Error('database away'));
    await expect(keys.authenticate(secret)).resolves.toMatchObject({ userId: 'u1' });
    const { context, message } = await warned;
    expect(message).toBe('could not record last use of a key');
    expect(context).toMatchObject({ err: expect.objectContaining({ message: 'database away' }) });
    expect(JSON.stringify(context)).not.toContain(secret);
  });

  describe('create', () => {
    it('creates an active key with a trimmed label and every scope', async () => {
      const { key, secret } = await keys.create('u1', '  CI  ');
      expect(key.toProps()).toMatchObject({ userId: 'u1', label: 'CI', status: 'active', createdAt: clock.now() });
      await expect(keys.authenticate(secret)).resolves.toEqual({
        userId: 'u1',
        keyId: key.id,
        scopes: ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'],
      });
    });

    it.each([[''], ['   '], ['x'.repeat(101)]])('refuses the label %j', async (label) => {
      await expect(keys.create('u1', label)).rejects.toBeInstanceOf(InvalidKeyLabel);
      expect(await repo.listByUser('u1')).toEqual([]);
    });

    it('accepts 100 code points of label, even outside the BMP', async () => {
      await expect(keys.create('u1', '🔑'.repeat(100))).resolves.toBeDefined();
    });

    it('allows 20 active keys per account, then 422 until one is revoked', async () => {
      const made = [];
      for (let i = 0; i < MAX_ACTIVE_KEYS; i += 1) made.push(await keys.create('u1', `k${i}`));
      await expect(keys.create('u1', 'one too many')).rejects.toBeInstanceOf(KeyLimitReached);
      await expect(keys.create('u2', 'another account')).resolves.toBeDefined();
      await keys.revoke('u1', made[0].key.id);
      await expect(keys.create('u1', 'replacement')).resolves.toBeDefined();
    });
  });

  describe('history', () => {
    it(`keeps the ${KEPT_REVOKED_KEYS} most recently revoked keys of an account; older ones are deleted and stay refused`, async () => {
      const revoked = [];
      for (let i = 0; i < KEPT_REVOKED_KEYS + 3; i += 1) {
        const made = await keys.create('u1', `k${i}`);
        clock.advance(1);
        await keys.revoke('u1', made.key.id);
        revoked.push(made);
      }
      await keys.create('u1', 'current');
      const listed = await keys.list('u1');
      expect(listed.filter((k) => !k.isActive)).toHaveLength(KEPT_REVOKED_KEYS);
      expect(listed.map((k) => k.id)).not.toContain(revoked[0].key.id);
      await expect(keys.authenticate(revoked[0].secret)).rejects.toBeInstanceOf(InvalidApiKey);
    });
  });

  describe('revoke', () => {
    it("answers 404 for another account's key, an unknown id or a malformed one, and leaves the key alone", async () => {
      const { key, secret } = await keys.create('owner', 'mine');
      const lookup = jest.spyOn(repo, 'findById');
      await expect(keys.revoke('intruder', key.id)).rejects.toBeInstanceOf(KeyNotFound);
      await expect(keys.revoke('owner', '00000000-0000-4000-8000-0000000000ff')).rejects.toBeInstanceOf(KeyNotFound);
      await expect(keys.revoke('owner', 'not-a-uuid')).rejects.toBeInstanceOf(KeyNotFound);
      expect(lookup).toHaveBeenCalledTimes(2);
      await expect(keys.authenticate(secret)).resolves.toMatchObject({ keyId: key.id });
    });

    it('takes effect on this instance at once, even while the key is cached', async () => {
      const { key, secret } = await keys.create('u1', 'k');
      await keys.authenticate(secret);
      const revoked = await keys.revoke('u1', key.id);
      expect(revoked.toProps()).toMatchObject({ status: 'revoked', revokedAt: clock.now() });
      await expect(keys.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
    });
  });

  describe('authenticate', () => {
    it.each([
      ['no header', undefined, MissingApiKey],
      ['an empty header', '', MissingApiKey],
      ['a sandbox key', `sk_test_${'a'.repeat(64)}`, SandboxKeyUnavailable],
      ['a short key', 'sk_live_abc', InvalidApiKey],
      ['upper-case hex', `sk_live_${'A'.repeat(64)}`, InvalidApiKey],
      ['another scheme', `Bearer ${'a'.repeat(64)}`, InvalidApiKey],
    ])('refuses %s without touching the repository', async (_label, header, error) => {
      const lookup = jest.spyOn(repo, 'findByHash');
      await expect(keys.authenticate(header)).rejects.toBeInstanceOf(error);
      expect(lookup).not.toHaveBeenCalled();
    });

    it('refuses a well-formed key that does not exist', async () => {
      await expect(keys.authenticate(`sk_live_${'0'.repeat(64)}`)).rejects.toBeInstanceOf(InvalidApiKey);
    });

    it('trusts a cached key for less than a second after it was read, then reads it again', async () => {
      const { secret, key } = await keys.create('u1', 'k');
      const lookup = jest.spyOn(repo, 'findByHash');
      await keys.authenticate(secret);
      clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS - 1);
      await keys.authenticate(secret);
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(KEY_CACHE_TTL_MS).toBeLessThan(1000);

      // Another instance revokes the key: this one notices once its cache entry expires.
      await revokeElsewhere(key.id);
      clock.advance(KEY_RENEW_AHEAD_MS + 1);
      await expect(keys.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
      expect(lookup).toHaveBeenCalledTimes(2);
    });

    describe('background renewal', () => {
      const deferred = <T>() => {
        let resolve!: (value: T) => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
        return { promise, resolve, reject };
      };

      it('reads a key in use again before it expires, while the request that noticed goes on', async () => {
        const { secret } = await keys.create('u1', 'k');
        await keys.authenticate(secret);
        const lookup = jest.spyOn(repo, 'findByHash');
        const readNow = repo.findManyByHash.bind(repo);
        const read = deferred<ApiKey[]>();
        const renewal = jest.spyOn(repo, 'findManyByHash').mockReturnValueOnce(read.promise);

        clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS);
        // The renewal's read has not answered: the request does not wait for it.
        await expect(keys.authenticate(secret)).resolves.toMatchObject({ userId: 'u1' });
        expect(renewal).toHaveBeenCalledTimes(1);
        read.resolve(await readNow(renewal.mock.calls[0][0]));
        await keys.renewalsSettled();

        // Past the first read's expiry, the renewed copy answers: no request has read the key since.
        clock.advance(KEY_RENEW_AHEAD_MS + 1);
        await expect(keys.authenticate(secret)).resolves.toMatchObject({ userId: 'u1' });
        expect(lookup).not.toHaveBeenCalled();
      });

      it('renews every key due meanwhile in one read, at most every KEY_RENEW_EVERY_MS', async () => {
        const secrets = await Promise.all(['a', 'b', 'c'].map(async (label) => (await keys.create('u1', label)).secret));
        for (const secret of secrets) await keys.authenticate(secret);
        const readNow = repo.findManyByHash.bind(repo);
        const read = deferred<ApiKey[]>();
        const renewal = jest.spyOn(repo, 'findManyByHash').mockReturnValueOnce(read.promise);

        clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS);
        for (const secret of secrets) await keys.authenticate(secret);
        read.resolve(await readNow(renewal.mock.calls[0][0]));
        await keys.renewalsSettled();
        clock.advance(KEY_RENEW_EVERY_MS - 1);
        for (const secret of secrets.slice(1)) await keys.authenticate(secret);
        expect(renewal).toHaveBeenCalledTimes(1);

        clock.advance(1);
        await keys.authenticate(secrets[0]); // renewed by the first read: not due
        await keys.authenticate(secrets[1]);
        await keys.renewalsSettled();
        const hashes = secrets.map((secret) => hashKey(new Sha256TokenHasher(), secret));
        expect(renewal.mock.calls.map(([batch]) => [...batch].sort())).toEqual([[hashes[0]], [hashes[1], hashes[2]].sort()]);
      });

      it('never undoes a revocation announced while it reads', async () => {
        const { here, elsewhere } = twoInstances();
        const { secret, key } = await here.create('u1', 'k');
        await elsewhere.authenticate(secret);
        const readBefore = await repo.findManyByHash([key.toProps().keyHash]);
        const read = deferred<ApiKey[]>();
        jest.spyOn(repo, 'findManyByHash').mockReturnValueOnce(read.promise);

        clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS);
        await elsewhere.authenticate(secret);
        await here.revoke('u1', key.id);
        read.resolve(readBefore);
        await elsewhere.renewalsSettled();
        await expect(elsewhere.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
      });

      it('notices a revocation made elsewhere before the copy it renews would have expired', async () => {
        const { secret, key } = await keys.create('u1', 'k');
        await keys.authenticate(secret);
        await revokeElsewhere(key.id);
        clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS);
        await keys.authenticate(secret); // still the cached copy; its renewal reads the revocation
        await keys.renewalsSettled();
        await expect(keys.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
      });

      it('logs a renewal that failed and leaves the copy to expire; the next request then reads the key itself', async () => {
        const warnings: string[] = [];
        const log = { warn: (_context: object, message: string) => warnings.push(message) };
        keys = serviceWith(new InProcessRevocationBus(), log);
        const { secret } = await keys.create('u1', 'k');
        await keys.authenticate(secret);
        jest.spyOn(repo, 'findManyByHash').mockRejectedValueOnce(new Error('database away'));
        const lookup = jest.spyOn(repo, 'findByHash');

        clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS);
        await expect(keys.authenticate(secret)).resolves.toMatchObject({ userId: 'u1' });
        await keys.renewalsSettled();
        expect(warnings).toEqual(['could not renew cached keys']);
        clock.advance(KEY_RENEW_AHEAD_MS);
        await expect(keys.authenticate(secret)).resolves.toMatchObject({ userId: 'u1' });
        expect(lookup).toHaveBeenCalledTimes(1);
      });

      it('warns once per outage, not once per renewal, and again after a renewal succeeded', async () => {
        const warnings: string[] = [];
        const log = { warn: (_context: object, message: string) => warnings.push(message) };
        keys = serviceWith(new InProcessRevocationBus(), log);
        const { secret } = await keys.create('u1', 'k');
        const renewal = jest.spyOn(repo, 'findManyByHash');
        const renewOnce = async () => {
          // Read afresh, then used once it is due: one renewal each time.
          clock.advance(KEY_CACHE_TTL_MS);
          await keys.authenticate(secret);
          clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS);
          await keys.authenticate(secret);
          await keys.renewalsSettled();
        };
        renewal.mockRejectedValueOnce(new Error('database away')).mockRejectedValueOnce(new Error('database away'));
        await renewOnce();
        await renewOnce();
        expect(warnings).toEqual(['could not renew cached keys']);
        await renewOnce();
        renewal.mockRejectedValueOnce(new Error('database away again'));
        await renewOnce();
        expect(renewal).toHaveBeenCalledTimes(4);
        expect(warnings).toEqual(['could not renew cached keys', 'could not renew cached keys']);
      });

      it.each([1, 15, 29])('trusts what a renewal read no longer than TTL from when it began (revoked %i ms after)', async (after) => {
        const { secret, key } = await keys.create('u1', 'k');
        await keys.authenticate(secret);
        clock.advance(KEY_CACHE_TTL_MS - KEY_RENEW_AHEAD_MS);
        await keys.authenticate(secret); // starts the renewal, which reads the key still active
        await keys.renewalsSettled();
        clock.advance(after);
        await revokeElsewhere(key.id);
        // Unused meanwhile (a use would start the next renewal, which would read the revocation).
        clock.advance(KEY_CACHE_TTL_MS - after);
        await expect(keys.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
      });

      it('keeps the revocation bound however a key is used: refused from TTL after the revocation on', async () => {
        // Uses of one key at any times (gaps included), a revocation elsewhere at any time, and
        // renewals whose reads answer at once or only after the next use.
        const uses = fc.uniqueArray(fc.integer({ min: 0, max: 4 * KEY_CACHE_TTL_MS }), { minLength: 1, maxLength: 60 });
        await fc.assert(
          fc.asyncProperty(uses, fc.integer({ min: 0, max: 3 * KEY_CACHE_TTL_MS }), fc.boolean(), async (times, revokedAt, slow) => {
            const start = Date.parse('2026-05-01T08:00:00.000Z');
            clock = new FakeClock(start);
            repo = new InMemoryApiKeyRepository();
            keys = serviceWith();
            const { secret, key } = await keys.create('u1', 'k');
            const readNow = repo.findManyByHash.bind(repo);
            let answerLate: (() => void) | undefined;
            if (slow) {
              // The read happens when asked; its answer comes only at the next use.
              jest.spyOn(repo, 'findManyByHash').mockImplementation((hashes) => {
                const read = readNow(hashes);
                return new Promise((resolve) => (answerLate = () => resolve(read)));
              });
            }
            for (const t of [...times].sort((a, b) => a - b)) {
              clock.set(start + t);
              if (t >= revokedAt && (await repo.findById(key.id))!.isActive) await revokeElsewhere(key.id);
              answerLate?.();
              answerLate = undefined;
              await keys.renewalsSettled();
              const answer = keys.authenticate(secret);
              if (t >= revokedAt + KEY_CACHE_TTL_MS) await expect(answer).rejects.toBeInstanceOf(RevokedApiKey);
              else await answer.catch(() => undefined);
            }
            answerLate?.();
            await keys.renewalsSettled();
          }),
          { numRuns: 300 },
        );
      });
    });

    it('refuses a key revoked by another instance at once when the revocation is announced on their shared bus', async () => {
      const { here, elsewhere } = twoInstances();
      const { secret, key } = await here.create('u1', 'k');
      await here.authenticate(secret);
      await elsewhere.authenticate(secret);
      const lookup = jest.spyOn(repo, 'findByHash');

      // The clock does not move: the cached copies are still fresh, only the announcement can act.
      await here.revoke('u1', key.id);
      await expect(elsewhere.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
      await expect(here.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
      expect(lookup).toHaveBeenCalledTimes(2);
    });

    it('does not cache what a lookup read before an announced revocation it outlived', async () => {
      const { here, elsewhere } = twoInstances();
      const { secret, key } = await here.create('u1', 'k');
      // Elsewhere's lookup reads the still-active row, then answers only after the announcement.
      const readBefore = (await repo.findById(key.id))!;
      let answer!: () => void;
      jest.spyOn(repo, 'findByHash').mockImplementationOnce(() => new Promise((resolve) => (answer = () => resolve(readBefore))));
      const inFlight = elsewhere.authenticate(secret);

      await here.revoke('u1', key.id);
      answer();
      // It began before the revocation, so it may pass; what it read must not outlive the announcement.
      await expect(inFlight).resolves.toMatchObject({ keyId: key.id });
      await expect(elsewhere.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
    });

    it('announces the key hash, never the key', async () => {
      const heard: string[] = [];
      const bus = new InProcessRevocationBus();
      bus.onRevoked((hash) => heard.push(hash));
      const service = serviceWith(bus);
      const { secret, key } = await service.create('u1', 'k');
      await service.revoke('u1', key.id);
      expect(heard).toEqual([key.toProps().keyHash]);
      expect(heard[0]).not.toContain(secret.slice(8));
    });

    it('records the last use at most once a minute per key', async () => {
      const { secret, key } = await keys.create('u1', 'k');
      const touch = jest.spyOn(repo, 'touchLastUsed');
      const start = clock.now();
      await keys.authenticate(secret);
      clock.advance(30_000);
      await keys.authenticate(secret);
      clock.advance(29_999);
      await keys.authenticate(secret);
      expect(touch).toHaveBeenCalledTimes(1);
      clock.advance(1);
      await keys.authenticate(secret);
      expect(touch.mock.calls).toEqual([
        [key.id, start, 60_000],
        [key.id, new Date(start.getTime() + 60_000), 60_000],
      ]);
      expect((await repo.findById(key.id))!.toProps().lastUsedAt).toEqual(new Date(start.getTime() + 60_000));
    });
  });
});
