import type { WarningLog } from '../../../common/ports/warning-log';
import type { ApiKey } from './api-key';
import { ApiKeyRepository } from './api-key.repository';
import { cacheEntry, type CachedKey, KEY_CACHE_LIMIT, KeyCache } from './key-cache';

/**
 * A cached key used with less than this left of its TTL is read again in the background, so
 * that a key in steady use never makes a request wait for its re-read (a second pool checkout
 * on the request's path). Keys left unused expire.
 */
export const KEY_RENEW_AHEAD_MS = 450;
/** Background renewals start at most this often, each one read for every key then due. */
export const KEY_RENEW_EVERY_MS = 100;
const RENEW_BATCH_LIMIT = 500;

/** Reads the cached keys in steady use again before they lapse, many in one statement, off the requests' path. */
export class KeyRenewals {
  /** Keys used within KEY_RENEW_AHEAD_MS of expiry, waiting for the next renewal. */
  private readonly due = new Set<string>();
  private renewal: Promise<void> | null = null;
  private lastRenewalAt = Number.NEGATIVE_INFINITY;
  /** The last renewal failed: the next failures of the same outage are not logged again. */
  private renewalFailing = false;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly cache: KeyCache,
    private readonly log: WarningLog = console,
  ) {}

  /** Whether an entry used at `now` is due for renewal. */
  static isDue(entry: CachedKey, now: number): boolean {
    return entry.expiresAt - now <= KEY_RENEW_AHEAD_MS;
  }

  /** Settles when no background renewal is running (shutdown, tests); a renewal never rejects. */
  async settled(): Promise<void> {
    while (this.renewal) await this.renewal;
  }

  /**
   * Queues the key for the next background renewal and starts one unless one is running or
   * the last began less than KEY_RENEW_EVERY_MS ago: many due keys share one read.
   */
  renewSoon(keyHash: string, now: number): void {
    if (this.due.size < KEY_CACHE_LIMIT) this.due.add(keyHash);
    if (this.renewal || now - this.lastRenewalAt < KEY_RENEW_EVERY_MS) return;
    this.lastRenewalAt = now;
    this.renewal = this.renew(now).finally(() => (this.renewal = null));
  }

  /**
   * Reads the due keys again and trusts what it read until `readAt` + TTL: `readAt` is taken
   * before the read, so a revocation saved after it is noticed within the TTL, as with a
   * request's own read. An entry that changed meanwhile (forgotten on a revocation, or read
   * again by a request) is left as it is, so a renewal never undoes forget().
   */
  private async renew(readAt: number): Promise<void> {
    const batch: Array<[string, CachedKey]> = [];
    for (const keyHash of this.due) {
      if (batch.length === RENEW_BATCH_LIMIT) break;
      this.due.delete(keyHash);
      const entry = this.cache.get(keyHash);
      // A key used again while the last renewal was reading it is due no more.
      if (entry && KeyRenewals.isDue(entry, readAt)) batch.push([keyHash, entry]);
    }
    if (batch.length === 0) return;
    let found: Map<string, ApiKey>;
    try {
      const keys = await this.keys.findManyByHash(batch.map(([keyHash]) => keyHash));
      found = new Map(keys.map((key) => [key.toProps().keyHash, key]));
    } catch (error: unknown) {
      // The entries expire as they would have; the requests after that read their keys
      // themselves. Once per outage, not once per renewal (up to ten a second).
      if (!this.renewalFailing) this.log.warn({ err: error, keys: batch.length }, 'could not renew cached keys');
      this.renewalFailing = true;
      return;
    }
    this.renewalFailing = false;
    for (const [keyHash, entry] of batch) {
      const key = found.get(keyHash);
      this.cache.renew(keyHash, entry, key ? cacheEntry(key, readAt) : null);
    }
  }
}
