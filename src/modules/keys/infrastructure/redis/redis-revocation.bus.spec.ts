import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import { RedisRevocationBus } from './redis-revocation.bus';

/** Just what the bus uses of an ioredis connection. */
class FakeConnection extends EventEmitter {
  published: Array<[string, string]> = [];
  subscriptions: string[] = [];
  down = false;
  async publish(channel: string, message: string): Promise<number> {
    if (this.down) throw new Error('Connection is closed.');
    this.published.push([channel, message]);
    return 1;
  }
  async subscribe(channel: string): Promise<number> {
    this.subscriptions.push(channel);
    return 1;
  }
  disconnect(): void {}
}

describe('RedisRevocationBus', () => {
  const hash = 'a'.repeat(64);
  let publisher: FakeConnection;
  let subscriber: FakeConnection;
  let log: { warn: jest.Mock; info: jest.Mock };
  let bus: RedisRevocationBus;

  beforeEach(() => {
    publisher = new FakeConnection();
    subscriber = new FakeConnection();
    log = { warn: jest.fn(), info: jest.fn() };
    bus = new RedisRevocationBus(publisher as unknown as Redis, subscriber as unknown as Redis, 'todo:', log);
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
    await bus.announce(hash);
    await bus.announce(hash);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(publisher.published).toHaveLength(2);
  });
});
