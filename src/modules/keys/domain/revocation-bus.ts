/**
 * Tells every instance of the service that a key was revoked, so that none goes on
 * trusting its cached copy. It speeds up what the cache's short lifetime already bounds:
 * an announcement that is lost (Redis away, an instance reconnecting) costs at most
 * KEY_CACHE_TTL_MS, never a revoked key accepted for longer. So `announce` must not fail
 * the revocation: adapters report their own trouble and resolve.
 */
export abstract class RevocationBus {
  /** `keyHash` is the SHA-256 of the key, as the cache and the database know it; never the key. */
  abstract announce(keyHash: string): Promise<void>;
  abstract onRevoked(listener: (keyHash: string) => void): void;
}

/** One process: the announcement reaches the listeners of this process only (no REDIS_URL, unit tests). */
export class InProcessRevocationBus extends RevocationBus {
  private readonly listeners: Array<(keyHash: string) => void> = [];

  async announce(keyHash: string): Promise<void> {
    for (const listener of this.listeners) listener(keyHash);
  }

  onRevoked(listener: (keyHash: string) => void): void {
    this.listeners.push(listener);
  }
}
