import Redis from 'ioredis';
import { Clock, SystemClock } from '../../../../common/ports/clock';
import { OutageLog, RedisCircuit } from '../../../../common/redis/redis-circuit';
import { FAIL_FAST_REDIS_OPTIONS } from '../../../../common/redis/redis-options';
import { KEY_CACHE_TTL_MS } from '../../domain/key-cache';
import { RevocationBus } from '../../domain/revocation-bus';

export type RevocationLog = OutageLog;

/**
 * Revocations through Redis pub/sub, on the channel `<prefix>key-revocations`. Two
 * connections, because a subscribed connection can do nothing else. The subscriber
 * re-subscribes by itself after a reconnection (ioredis); what was published meanwhile is
 * lost, which the key cache's lifetime covers. Publishing goes through a RedisCircuit: after a
 * failed or timed-out publish, announcements are skipped (the cache lifetime bounds them) until
 * a background PING finds Redis answering; the outage is logged once, with no key material. A
 * publish that timed out while queued may still go out when Redis is back, which is harmless
 * (forgetting a key twice costs one lookup).
 */
export class RedisRevocationBus extends RevocationBus {
  private readonly channel: string;
  private subscribed = false;
  private readonly circuit: RedisCircuit;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
    log: RevocationLog,
    clock: Clock = new SystemClock(),
  ) {
    super();
    this.channel = `${prefix}key-revocations`;
    this.circuit = new RedisCircuit(
      log,
      {
        down: (cause) =>
          `could not announce a key revocation through Redis${cause}; ` +
          `other instances will refuse the key when their cached copy expires (within ${KEY_CACHE_TTL_MS / 1000} s)`,
        up: 'Redis is reachable again: key revocations reach every instance at once again',
        resetConnection: () => publisher.disconnect(true),
      },
      clock,
    );
    // Without a listener ioredis reports connection errors as unhandled; the publish path logs them.
    publisher.on('error', () => undefined);
    subscriber.on('error', () => undefined);
  }

  async announce(keyHash: string): Promise<void> {
    await this.circuit.run(
      async () => {
        await this.publisher.publish(this.channel, keyHash);
      },
      async () => undefined,
      () => this.publisher.ping(),
    );
  }

  onRevoked(listener: (keyHash: string) => void): void {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) listener(message);
    });
    if (this.subscribed) return;
    this.subscribed = true;
    // Queued until Redis answers (the subscriber keeps its offline queue); never awaited.
    this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  /** Drops both connections at once: a `quit` would wait on a Redis that may be gone. */
  close(): void {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export function connectRedisRevocationBus(url: string, prefix: string, log: RevocationLog, clock?: Clock): RedisRevocationBus {
  return new RedisRevocationBus(
    // The publisher queues while it connects, so that a one-off process (the operator
    // command) can announce right after start; the timeouts still bound the wait.
    new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, enableOfflineQueue: true }),
    // The subscriber waits for Redis as long as it takes and re-subscribes after each reconnection.
    new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
    prefix,
    log,
    clock,
  );
}
