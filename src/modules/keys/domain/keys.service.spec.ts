import fc from 'fast-check';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import type { WarningLog } from '../../../common/ports/warning-log';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryApiKeyRepository } from '../infrastructure/in-memory/in-memory-api-key.repository';
import { FakeListAccess, type KeysOfOneInstance, keysServiceFor } from '../testing/keys-fixture';
import { SCOPES } from '../../../common/auth/scopes';
import { ListNotFound } from '../../lists/domain/lists.errors';
import {
  ExpiredApiKey,
  InvalidApiKey,
  InvalidGracePeriod,
  InvalidKeyLabel,
  InvalidKeyRestriction,
  KeyLimitReached,
  KeyNotFound,
  KeyNotRollable,
  MissingApiKey,
  RevokedApiKey,
} from './keys.errors';
import { ApiKey, hashKey } from './api-key';
import { KEY_CACHE_TTL_MS } from './key-cache';
import { KEY_RENEW_AHEAD_MS, KEY_RENEW_EVERY_MS } from './key-renewals';
import { KEPT_ENDED_KEYS, MAX_ACTIVE_KEYS } from './keys.service';
import { InProcessRevocationBus } from './revocation-bus';

describe('KeysService and KeyAuthenticator', () => {
  let clock: FakeClock;
  let repo: InMemoryApiKeyRepository;
  let keys: KeysOfOneInstance;
  let lists: FakeListAccess;

  /** A service over the shared repository and clock; `bus` and `log` as an instance would have them. */
  const serviceWith = (bus?: InProcessRevocationBus, log?: WarningLog) => keysServiceFor(repo, clock, { lists, bus, log });

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
    lists = new FakeListAccess();
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
        listIds: null,
        mode: 'live',
        allowedIps: null,
        label: 'CI',
        expiresAt: null,
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

  describe('restrictions', () => {
    const LIST_A = '0b0c3a4e-5a0e-4f0e-9c55-0a4d1f0e0a01';
    const LIST_B = '0b0c3a4e-5a0e-4f0e-9c55-0a4d1f0e0a02';
    const inAYear = (ms = 0) => new Date(clock.now().getTime() + 366 * 86_400_000 + ms).toISOString();

    beforeEach(() => lists.visible.set('u1', new Set([LIST_A, LIST_B])));

    it('creates a key with every restriction and hands them to its Principal', async () => {
      const expiresAt = new Date(clock.now().getTime() + 3_600_000);
      const { key, secret } = await keys.create('u1', 'CI', {
        mode: 'live',
        scopes: ['profile:read', 'items:read'],
        listIds: [LIST_B, LIST_A.toUpperCase()],
        expiresAt: expiresAt.toISOString().replace('Z', '+00:00'),
        allowedIps: ['192.0.2.0/24', '2001:DB8::1', '::ffff:198.51.100.1'],
      });
      expect(key.toProps()).toMatchObject({
        mode: 'live',
        scopes: ['items:read', 'profile:read'],
        listIds: [LIST_B, LIST_A],
        expiresAt,
        allowedIps: ['192.0.2.0/24', '2001:db8::1', '198.51.100.1'],
      });
      await expect(keys.authenticate(secret)).resolves.toEqual({
        userId: 'u1',
        keyId: key.id,
        scopes: ['items:read', 'profile:read'],
        listIds: [LIST_B, LIST_A],
        mode: 'live',
        allowedIps: ['192.0.2.0/24', '2001:db8::1', '198.51.100.1'],
        label: 'CI',
        expiresAt,
      });
    });

    it('takes null as the default of every restriction', async () => {
      const { key } = await keys.create('u1', 'CI', { mode: null, scopes: null, listIds: null, expiresAt: null, allowedIps: null });
      expect(key.restrictions()).toEqual({ mode: 'live', scopes: [...SCOPES], listIds: null, expiresAt: null, allowedIps: null });
    });

    it.each([
      [{ mode: 'sandbox' }, /mode must be "live" or "test"/],
      [{ scopes: [] }, /at least one/],
      [{ scopes: ['lists:read', 'lists:admin'] }, /unknown scope "lists:admin"/],
      [{ scopes: ['lists:read', 'lists:read'] }, /must not repeat lists:read/],
      [{ listIds: [] }, /1-100/],
      [{ listIds: Array.from({ length: 101 }, () => LIST_A) }, /1-100/],
      [{ listIds: [LIST_A, LIST_A.toUpperCase()] }, /must not repeat/],
      [{ expiresAt: 'tomorrow' }, /ISO 8601/],
      [{ expiresAt: '2026-05-02T08:00:00' }, /ISO 8601/],
      [{ expiresAt: '2026-02-30T08:00:00Z' }, /ISO 8601/],
      [{ expiresAt: '2026-05-01T08:00:00.000Z' }, /in the future/],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, /in the future/],
      [{ expiresAt: 'ahead' }, /ISO 8601/],
      [{ allowedIps: [] }, /1-20/],
      [{ allowedIps: Array.from({ length: 21 }, (_, i) => `192.0.2.${i}`) }, /1-20/],
      [{ allowedIps: ['192.0.2.1', 'example.com'] }, /"example.com" is not/],
      [{ allowedIps: ['192.0.2.1/33'] }, /is not/],
      [{ allowedIps: ['127.1'] }, /is not/],
      [{ allowedIps: ['10.0.0.0/8', '10.0.0.0/8'] }, /must not repeat 10.0.0.0\/8/],
      [{ allowedIps: ['10.0.0.0/8', '::ffff:10.0.0.0/104'] }, /must not repeat 10.0.0.0\/8/],
      [{ allowedIps: ['10.1.2.3/8'] }, /"10.1.2.3\/8" has host bits set: the range is "10.0.0.0\/8"/],
      [{ allowedIps: ['fe80::1%eth0'] }, /zone id/],
      [{ allowedIps: ['1.2.3.4/0'] }, /restricts nothing/],
    ])('refuses %j with a 400 that says why, and writes nothing', async (asked, message) => {
      const error = await keys.create('u1', 'CI', asked).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidKeyRestriction);
      expect((error as Error).message).toMatch(message);
      expect(await repo.listByUser('u1')).toEqual([]);
    });

    it('accepts an expiry exactly 366 days ahead, not a millisecond more', async () => {
      await expect(keys.create('u1', 'CI', { expiresAt: inAYear(1) })).rejects.toThrow(/at most 366 days/);
      await expect(keys.create('u1', 'CI', { expiresAt: inAYear() })).resolves.toBeDefined();
    });

    it('issues a test-mode key as sk_test_, which authenticates as a test-mode principal', async () => {
      const { key, secret } = await keys.create('u1', 'sandbox', { mode: 'test' });
      expect(secret).toMatch(/^sk_test_[0-9a-f]{64}$/);
      expect(key.mode).toBe('test');
      expect(key.toProps().prefix).toBe('sk_test_');
      expect((await keys.authenticate(secret)).mode).toBe('test');
    });

    it('answers 404 for a list the account cannot see (or a malformed id), and writes nothing', async () => {
      await expect(keys.create('u1', 'CI', { listIds: [LIST_A, '0b0c3a4e-5a0e-4f0e-9c55-0a4d1f0e0a03'] })).rejects.toBeInstanceOf(
        ListNotFound,
      );
      await expect(keys.create('u1', 'CI', { listIds: ['not-a-list'] })).rejects.toBeInstanceOf(ListNotFound);
      await expect(keys.create('u2', 'CI', { listIds: [LIST_A] })).rejects.toBeInstanceOf(ListNotFound);
      expect(await repo.listByUser('u1')).toEqual([]);
    });

    it('lists the keys of one mode, or of both', async () => {
      await keys.create('u1', 'a');
      expect(await keys.list('u1', 'live')).toHaveLength(1);
      expect(await keys.list('u1', 'test')).toEqual([]);
      expect(await keys.list('u1')).toHaveLength(1);
    });
  });

  describe('expiry', () => {
    const expiring = (ms: number) => keys.create('u1', 'short-lived', { expiresAt: new Date(clock.now().getTime() + ms).toISOString() });

    it('refuses a key from its expiry on, through the clock, as "this API key expired"', async () => {
      const { key, secret } = await expiring(60_000);
      clock.advance(59_999);
      await expect(keys.authenticate(secret)).resolves.toMatchObject({ keyId: key.id });
      clock.advance(1);
      await expect(keys.authenticate(secret)).rejects.toBeInstanceOf(ExpiredApiKey);
      await expect(keys.authenticate(secret)).rejects.toThrow('this API key expired');
      expect(keys.statusOf(key)).toBe('expired');
    });

    it('never trusts a cached key past its expiry, though the cache entry is younger than its TTL', async () => {
      const { secret } = await expiring(KEY_CACHE_TTL_MS / 3);
      await keys.authenticate(secret);
      const lookup = jest.spyOn(repo, 'findByHash');
      clock.advance(KEY_CACHE_TTL_MS / 3 - 1);
      await keys.authenticate(secret);
      expect(lookup).not.toHaveBeenCalled();
      clock.advance(1);
      await expect(keys.authenticate(secret)).rejects.toBeInstanceOf(ExpiredApiKey);
      expect(lookup).toHaveBeenCalledTimes(1);
    });

    it('does not count an expired key against the limit', async () => {
      await expiring(1_000);
      for (let i = 1; i < MAX_ACTIVE_KEYS; i += 1) await keys.create('u1', `k${i}`);
      await expect(keys.create('u1', 'one too many')).rejects.toBeInstanceOf(KeyLimitReached);
      clock.advance(1_000);
      await expect(keys.create('u1', 'in the expired one’s place')).resolves.toBeDefined();
    });
  });

  describe('roll', () => {
    it('replaces a key by one with the same label and restrictions, and expires the old one after the grace period', async () => {
      lists.visible.set('u1', new Set(['0b0c3a4e-5a0e-4f0e-9c55-0a4d1f0e0a01']));
      const expiresAt = new Date(clock.now().getTime() + 30 * 86_400_000);
      const old = await keys.create('u1', 'deploy', {
        scopes: ['items:read'],
        listIds: ['0b0c3a4e-5a0e-4f0e-9c55-0a4d1f0e0a01'],
        expiresAt: expiresAt.toISOString(),
        allowedIps: ['203.0.113.0/24'],
      });
      await keys.authenticate(old.secret);
      clock.advance(5_000);
      const rolled = await keys.roll('u1', old.key.id, 2);
      expect(rolled.secret).toMatch(/^sk_live_[0-9a-f]{64}$/);
      expect(rolled.secret).not.toBe(old.secret);
      expect(rolled.key.id).not.toBe(old.key.id);
      expect(rolled.key.toProps()).toMatchObject({ label: 'deploy', status: 'active', createdAt: clock.now(), lastUsedAt: null });
      expect(rolled.key.restrictions()).toEqual(old.key.restrictions());
      const graceEnds = new Date(clock.now().getTime() + 2 * 3_600_000);
      expect(rolled.replaced.expiresAt).toEqual(graceEnds);
      expect((await repo.findById(old.key.id))!.expiresAt).toEqual(graceEnds);
      // The old key's cached copy is dropped: its new expiry holds at once.
      clock.advance(2 * 3_600_000 - 1);
      await expect(keys.authenticate(old.secret)).resolves.toMatchObject({ keyId: old.key.id });
      await expect(keys.authenticate(rolled.secret)).resolves.toMatchObject({ keyId: rolled.key.id, scopes: ['items:read'] });
      clock.advance(1);
      await expect(keys.authenticate(old.secret)).rejects.toBeInstanceOf(ExpiredApiKey);
      await expect(keys.authenticate(rolled.secret)).resolves.toMatchObject({ keyId: rolled.key.id });
    });

    it('keeps an earlier expiry of the old key', async () => {
      const old = await keys.create('u1', 'k', { expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
      const rolled = await keys.roll('u1', old.key.id, 1);
      expect(rolled.replaced.expiresAt).toEqual(old.key.expiresAt);
      expect(rolled.key.expiresAt).toEqual(old.key.expiresAt);
    });

    it('with no grace, refuses the old key on another instance at once: the new expiry is announced like a revocation', async () => {
      const { here, elsewhere } = twoInstances();
      const old = await here.create('u1', 'k');
      await elsewhere.authenticate(old.secret);
      const rolled = await here.roll('u1', old.key.id, 0);
      // The clock does not move: elsewhere's cached copy is still fresh, only the announcement can act.
      await expect(elsewhere.authenticate(old.secret)).rejects.toBeInstanceOf(ExpiredApiKey);
      await expect(elsewhere.authenticate(rolled.secret)).resolves.toMatchObject({ keyId: rolled.key.id });
    });

    it.each([[-1], [169], [1.5], [Number.NaN]])('refuses the grace period %p (400) and writes nothing', async (hours) => {
      const { key } = await keys.create('u1', 'k');
      await expect(keys.roll('u1', key.id, hours)).rejects.toBeInstanceOf(InvalidGracePeriod);
      expect(await repo.listByUser('u1')).toHaveLength(1);
    });

    it("answers 404 for another account's key, an unknown id or a malformed one", async () => {
      const { key } = await keys.create('owner', 'k');
      await expect(keys.roll('intruder', key.id, 0)).rejects.toBeInstanceOf(KeyNotFound);
      await expect(keys.roll('owner', '0b0c3a4e-5a0e-4f0e-9c55-0a4d1f0e0a09', 0)).rejects.toBeInstanceOf(KeyNotFound);
      await expect(keys.roll('owner', 'nope', 0)).rejects.toBeInstanceOf(KeyNotFound);
      expect(await repo.listByUser('owner')).toHaveLength(1);
    });

    it('refuses to roll a revoked or an expired key (422): there is nothing left to rotate', async () => {
      const revoked = await keys.create('u1', 'r');
      await keys.revoke('u1', revoked.key.id);
      await expect(keys.roll('u1', revoked.key.id, 0)).rejects.toThrow(/is revoked/);
      const expired = await keys.create('u1', 'e');
      await keys.roll('u1', expired.key.id, 0);
      await expect(keys.roll('u1', expired.key.id, 0)).rejects.toBeInstanceOf(KeyNotRollable);
    });

    it('works at the limit: the replaced key does not count; a key still in its grace period does', async () => {
      const made = [];
      for (let i = 0; i < MAX_ACTIVE_KEYS; i += 1) made.push(await keys.create('u1', `k${i}`));
      const first = await keys.roll('u1', made[0].key.id, 1);
      // 21 usable keys for an hour; rolling another now would make 22.
      await expect(keys.roll('u1', made[1].key.id, 1)).rejects.toBeInstanceOf(KeyLimitReached);
      await expect(keys.roll('u1', first.key.id, 1)).rejects.toBeInstanceOf(KeyLimitReached);
      await expect(keys.create('u1', 'new')).rejects.toBeInstanceOf(KeyLimitReached);
      clock.advance(3_600_000);
      await expect(keys.roll('u1', made[1].key.id, 0)).resolves.toBeDefined();
      await expect(keys.roll('u1', first.key.id, 0)).resolves.toBeDefined();
    });
  });

  describe('history', () => {
    it(`keeps the ${KEPT_ENDED_KEYS} most recently revoked keys of an account; older ones are deleted and stay refused`, async () => {
      const revoked = [];
      for (let i = 0; i < KEPT_ENDED_KEYS + 3; i += 1) {
        const made = await keys.create('u1', `k${i}`);
        clock.advance(1);
        await keys.revoke('u1', made.key.id);
        revoked.push(made);
      }
      await keys.create('u1', 'current');
      const listed = await keys.list('u1');
      expect(listed.filter((k) => !k.isActive)).toHaveLength(KEPT_ENDED_KEYS);
      expect(listed.map((k) => k.id)).not.toContain(revoked[0].key.id);
      await expect(keys.authenticate(revoked[0].secret)).rejects.toBeInstanceOf(InvalidApiKey);
    });

    it(`counts the keys rolls expire among the ${KEPT_ENDED_KEYS} kept`, async () => {
      let current = await keys.create('u1', 'rotated');
      const first = current;
      for (let i = 0; i < KEPT_ENDED_KEYS + 2; i += 1) {
        clock.advance(1);
        current = await keys.roll('u1', current.key.id, 0);
      }
      const listed = await keys.list('u1');
      expect(listed).toHaveLength(KEPT_ENDED_KEYS + 1);
      expect(listed.map((k) => k.id)).not.toContain(first.key.id);
      expect(listed.filter((k) => keys.statusOf(k) === 'active').map((k) => k.id)).toEqual([current.key.id]);
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
      ['a short test key', 'sk_test_abc', InvalidApiKey],
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
