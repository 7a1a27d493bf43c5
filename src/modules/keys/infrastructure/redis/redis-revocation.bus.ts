import Redis from 'ioredis';
import { FAIL_FAST_REDIS_OPTIONS } from '../../../../common/redis/redis-options';
import { KEY_CACHE_TTL_MS } from '../../domain/keys.service';
import { RevocationBus } from '../../domain/revocation-bus';

export interface RevocationLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Revocations through Redis pub/sub, on the channel `<prefix>key-revocations`. Two
 * connections, because a subscribed connection can do nothing else. The subscriber
 * re-subscribes by itself after a reconnection (ioredis); what was published meanwhile is
 * lost, which the key cache's lifetime covers. A failed publish is logged once per outage,
 * with no key material; one that timed out while queued may still go out when Redis is back,
 * which is harmless (forgetting a key twice costs one lookup).
 */
export class RedisRevocationBus extends RevocationBus {
  private readonly channel: string;
  private subscribed = false;
  private failing = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
    private readonly log: RevocationLog,
  ) {
    super();
    this.channel = `${prefix}key-revocations`;
    // Without a listener ioredis reports connection errors as unhandled; the publish path logs them.
    publisher.on('error', () => undefined);
    subscriber.on('error', () => undefined);
  }

  async announce(keyHash: string): Promise<void> {
    try {
      await this.publisher.publish(this.channel, keyHash);
      if (this.failing) {
        this.failing = false;
        this.log.info('Redis is reachable again: key revocations reach every instance at once again');
      }
    } catch (error) {
      if (!this.failing) {
        this.failing = true;
        this.log.warn(
          `could not announce a key revocation through Redis (${(error as Error).message}); ` +
            `other instances will refuse the key when their cached copy expires (within ${KEY_CACHE_TTL_MS / 1000} s)`,
        );
      }
    }
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

export function connectRedisRevocationBus(url: string, prefix: string, log: RevocationLog): RedisRevocationBus {
  return new RedisRevocationBus(
    // The publisher queues while it connects, so that a one-off process (the operator
    // command) can announce right after start; the timeouts still bound the wait.
    new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, enableOfflineQueue: true }),
    // The subscriber waits for Redis as long as it takes and re-subscribes after each reconnection.
    new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
    prefix,
    log,
  );
}
