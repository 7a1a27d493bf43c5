import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { connectRedisRevocationBus, RedisRevocationBus } from '../src/modules/keys/infrastructure/redis/redis-revocation.bus';
import { RecordingLog, withTestRedis } from './support/redis';
import { proxiedUrl, TcpProxy } from './support/tcp-proxy';
import { waitFor } from './support/wait-for';

/**
 * The Redis revocation bus with real ioredis connections, through a proxy the test cuts:
 * what the unit spec's fake connections cannot show (offline queues, timeouts, re-subscribing).
 */
const { redisUrl, describeWithRedis } = withTestRedis(
  'test/key-revocations-redis.e2e-spec.ts',
  'key revocations through Redis, and their fallback while it is away, were NOT checked.',
);

/** ioredis reconnects on its own back-off, which grows to seconds: a generous bound, polled gently. */
const eventually = (check: () => Promise<boolean> | boolean, what: string) => waitFor(check, { what, timeoutMs: 30_000, intervalMs: 50 });

describeWithRedis('RedisRevocationBus against a real Redis', () => {
  /** Each test its own channel, so that it counts only its own subscribers. */
  let prefix: string;
  beforeEach(() => (prefix = `revocations-e2e:${randomBytes(6).toString('hex')}:`));
  const hash = (n: number) => String(n).repeat(64).slice(0, 64);
  let proxy: TcpProxy;
  let direct: Redis;
  const buses: RedisRevocationBus[] = [];

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    direct = new Redis(redisUrl!);
  });
  afterAll(async () => {
    buses.forEach((bus) => bus.close());
    direct?.disconnect();
    await proxy?.cut();
  });

  const subscribers = async () => Number(((await direct.pubsub('NUMSUB', `${prefix}key-revocations`)) as [string, number])[1]);

  it('starts without Redis, announces without failing meanwhile, then subscribes and delivers when Redis comes', async () => {
    await proxy.cut();
    const log = new RecordingLog();
    const away = connectRedisRevocationBus(proxiedUrl(redisUrl!, proxy.port), prefix, log);
    buses.push(away);
    const heardAway: string[] = [];
    away.onRevoked((keyHash) => heardAway.push(keyHash));
    const other = connectRedisRevocationBus(redisUrl!, prefix, new RecordingLog());
    buses.push(other);
    const heardOther: string[] = [];
    other.onRevoked((keyHash) => heardOther.push(keyHash));
    await eventually(async () => (await subscribers()) === 1, '1 subscriber on the channel');

    await expect(away.announce(hash(1))).resolves.toBeUndefined();
    await expect(away.announce(hash(2))).resolves.toBeUndefined();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^warn: could not announce a key revocation through Redis/);
    expect(log.lines[0]).not.toContain(hash(1));
    expect(heardOther).toEqual([]);

    await proxy.restore();
    // Its subscription, queued while Redis was away, is made once Redis answers.
    await eventually(async () => (await subscribers()) === 2, '2 subscribers on the channel');
    await other.announce(hash(3));
    await eventually(() => heardAway.includes(hash(3)), 'revocation 3 heard by the other bus');
    // Its publisher reconnects on its own back-off: announcing until one goes through says so once.
    await eventually(async () => {
      await away.announce(hash(4));
      return log.lines.length > 1;
    }, 'an announcement through Redis once it is back');
    await eventually(() => heardOther.includes(hash(4)), 'revocation 4 heard by the other bus');
    expect(log.lines).toEqual([log.lines[0], 'info: Redis is reachable again: key revocations reach every instance at once again']);
  });

  it('subscribes again after losing its connection, without being told', async () => {
    const away = connectRedisRevocationBus(proxiedUrl(redisUrl!, proxy.port), prefix, new RecordingLog());
    const other = connectRedisRevocationBus(redisUrl!, prefix, new RecordingLog());
    buses.push(away, other);
    const heard: string[] = [];
    away.onRevoked((keyHash) => heard.push(keyHash));
    await eventually(async () => (await subscribers()) === 1, '1 subscriber on the channel');

    await proxy.cut();
    await eventually(async () => (await subscribers()) === 0, '0 subscribers on the channel');
    await proxy.restore();
    await eventually(async () => (await subscribers()) === 1, '1 subscriber on the channel');
    await other.announce(hash(5));
    await eventually(() => heard.includes(hash(5)), 'revocation 5 heard by the other bus');
  });
});
