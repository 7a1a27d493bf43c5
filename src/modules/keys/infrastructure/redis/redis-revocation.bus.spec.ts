import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import { FakeClock } from '../../../../common/testing/fake-clock';
import { RedisRevocationBus } from './redis-revocation.bus';

/** Just what the bus uses of an ioredis connection. */
class FakeConnection extends EventEmitter {
  published: Array<[string, string]> = [];
  subscriptions: string[] = [];
  down = false;
  hung = false;
  disconnects = 0;
  attempts = 0;
  async ping(): Promise<string> {
    if (this.down) throw new Error('Connection is closed.');
    if (this.hung) throw new Error('Command timed out');
    return 'PONG';
  }
  async publish(channel: string, message: string): Promise<number> {
    this.attempts += 1;
    if (this.down) throw new Error('Connection is closed.');
    if (this.hung) throw new Error('Command timed out');
    this.published.push([channel, message]);
    return 1;
  }
  async subscribe(channel: string): Promise<number> {
    this.subscriptions.push(channel);
    return 1;
  }
  disconnect(): void {
    this.disconnects += 1;
  }
}

describe('RedisRevocationBus', () => {
  const hash = 'a'.repeat(64);
  let publisher: FakeConnection;
  let subscriber: FakeConnection;
  let log: { warn: jest.Mock; info: jest.Mock };
  let bus: RedisRevocationBus;
  let clock: FakeClock;
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    clock = new FakeClock();
    publisher = new FakeConnection();
    subscriber = new FakeConnection();
    log = { warn: jest.fn(), info: jest.fn() };
    bus = new RedisRevocationBus(publisher as unknown as Redis, subscriber as unknown as Redis, 'todo:', log, clock);
  });

  it('publishes on its prefixed channel and hands messages of that channel only to its listeners', async () => {
    const heard: string[] = [];
    bus.onRevoked((keyHash) => heard.push(keyHash));
    bus.onRevoked((keyHash) => heard.push(`second ${keyHash}`));
    expect(subscriber.subscriptions).toEqual(['todo:key-revocations']);

    await bus.announce(hash);
    expect(publisher.published).toEqual([['todo:key-revocations', hash]]);

    subscriber.emit('message', 'todo:key-revocations', hash);
    subscriber.emit('message', 'other:key-revocations', 'b'.repeat(64));
    expect(heard).toEqual([hash, `second ${hash}`]);
  });

  it('never fails a revocation: Redis away is logged once, without the hash, and its return once', async () => {
    publisher.down = true;
    await expect(bus.announce(hash)).resolves.toBeUndefined();
    await expect(bus.announce(hash)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).not.toContain(hash);

    publisher.down = false;
    // Until a background PING finds Redis again, announcements are skipped (the cache bounds them).
    await bus.announce(hash);
    expect(publisher.published).toHaveLength(0);
    clock.advance(1_000);
    await bus.announce(hash);
    await flush();
    await bus.announce(hash);
    await bus.announce(hash);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(publisher.published).toHaveLength(2);
  });

  it('stops trying a Redis that never answers after the first timeout, and drops that connection', async () => {
    publisher.hung = true;
    await bus.announce(hash);
    expect(publisher.disconnects).toBe(1);
    for (let i = 0; i < 5; i += 1) await bus.announce(hash);
    expect(publisher.attempts).toBe(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatch(/Command timed out.*within 0\.9 s/);
    expect(publisher.disconnects).toBe(1);
  });
});
