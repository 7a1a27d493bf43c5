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
import { KEPT_REVOKED_KEYS, KEY_CACHE_TTL_MS, KeysService, MAX_ACTIVE_KEYS } from './keys.service';
import { InProcessRevocationBus } from './revocation-bus';

describe('KeysService', () => {
  let clock: FakeClock;
  let repo: InMemoryApiKeyRepository;
  let keys: KeysService;

  beforeEach(() => {
    clock = new FakeClock('2026-05-01T08:00:00.000Z');
    repo = new InMemoryApiKeyRepository();
    keys = new KeysService(repo, clock, new SequentialIdGenerator());
  });

  it('reports a last-use write that failed to its warning log, and still answers the request', async () => {
    const { secret } = await keys.create('u1', 'CI');
    const warned = new Promise<{ context: object; message: string }>((resolve) => {
      const log = { warn: (context: object, message: string) => resolve({ context, message }) };
      keys = new KeysService(repo, clock, new SequentialIdGenerator(), new InProcessRevocationBus(), log);
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

    it('answers from its cache for less than a second, then asks the repository again', async () => {
      const { secret, key } = await keys.create('u1', 'k');
      const lookup = jest.spyOn(repo, 'findByHash');
      await keys.authenticate(secret);
      clock.advance(KEY_CACHE_TTL_MS - 1);
      await keys.authenticate(secret);
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(KEY_CACHE_TTL_MS).toBeLessThan(1000);

      // Another instance revokes the key: this one notices once its cache entry expires.
      const elsewhere = (await repo.findById(key.id))!;
      elsewhere.revoke(clock.now());
      await repo.save(elsewhere);
      await expect(keys.authenticate(secret)).resolves.toBeDefined();
      clock.advance(1);
      await expect(keys.authenticate(secret)).rejects.toBeInstanceOf(RevokedApiKey);
      expect(lookup).toHaveBeenCalledTimes(2);
    });

    it('refuses a key revoked by another instance at once when the revocation is announced on their shared bus', async () => {
      const bus = new InProcessRevocationBus();
      const here = new KeysService(repo, clock, new SequentialIdGenerator(), bus);
      const elsewhere = new KeysService(repo, clock, new SequentialIdGenerator(), bus);
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
      const bus = new InProcessRevocationBus();
      const here = new KeysService(repo, clock, new SequentialIdGenerator(), bus);
      const elsewhere = new KeysService(repo, clock, new SequentialIdGenerator(), bus);
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
      const service = new KeysService(repo, clock, new SequentialIdGenerator(), bus);
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
