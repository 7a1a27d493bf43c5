import type { Principal } from '../../../common/auth/principal';
import type { ApiKey } from './api-key';
import { InProcessRevocationBus, RevocationBus } from './revocation-bus';

/**
 * How long a verified key is trusted without asking the database again. It bounds how
 * late any instance can notice a revocation made elsewhere (the contract allows 1 s),
 * even when the revocation's announcement on the RevocationBus is lost.
 */
export const KEY_CACHE_TTL_MS = 900;
/** Keys held at most, by this cache and by the key services' per-key bookkeeping. */
export const KEY_CACHE_LIMIT = 10_000;

export interface CachedKey {
  /** null: the key is refused, for `refusal`. */
  principal: Principal | null;
  refusal: 'revoked' | 'expired' | null;
  expiresAt: number;
}

/**
 * What a lookup learnt of a key, trusted until `expiresAt`: the TTL, and never past the key's
 * own expiry, so that every instance refuses an expired key from its expiry on without any
 * announcement.
 */
export function cacheEntry(key: ApiKey, readAt: number): CachedKey {
  const lapse = readAt + KEY_CACHE_TTL_MS;
  const status = key.statusAt(new Date(readAt));
  if (status !== 'active') return { principal: null, refusal: status, expiresAt: lapse };
  const { userId, id, scopes, listIds, mode, allowedIps, label, expiresAt } = key.toProps();
  return {
    principal: { userId, keyId: id, scopes, listIds, mode, allowedIps, label, expiresAt },
    refusal: null,
    expiresAt: expiresAt ? Math.min(lapse, expiresAt.getTime()) : lapse,
  };
}

/**
 * This instance's verified keys, by hash, and what keeps them honest: a revocation or expiry
 * saved here is forgotten at once and announced on the RevocationBus, and one announced by
 * another instance is forgotten when it arrives.
 */
export class KeyCache {
  private readonly entries = new Map<string, CachedKey>();
  /**
   * Counts forget() calls, so that a lookup can tell a revocation came while it waited: it
   * may have read the key before the revocation was saved. One counter for every key, as
   * revocations are rare: a lookup that overlaps any of them only skips the cache once.
   */
  private forgets = 0;

  constructor(private readonly revocations: RevocationBus = new InProcessRevocationBus()) {
    revocations.onRevoked((keyHash) => this.forget(keyHash));
  }

  get(keyHash: string): CachedKey | undefined {
    return this.entries.get(keyHash);
  }

  /** A mark to hand to remember() after a read: whether a revocation came in between. */
  mark(): number {
    return this.forgets;
  }

  /**
   * Caches what a read begun at `mark` learnt, unless a revocation came meanwhile: caching a
   * read that a revocation may have overtaken would undo forget() for a whole TTL.
   */
  remember(keyHash: string, entry: CachedKey, mark: number): void {
    if (this.forgets !== mark) return;
    if (this.entries.size >= KEY_CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyHash, entry);
  }

  /** Replaces `entry` by what a renewal read (nothing: the key is gone), unless it changed meanwhile. */
  renew(keyHash: string, entry: CachedKey, renewed: CachedKey | null): void {
    if (this.entries.get(keyHash) !== entry) return;
    if (renewed) this.entries.set(keyHash, renewed);
    else this.entries.delete(keyHash);
  }

  /** Drops a key from this instance's cache (a revocation or expiry seen here or announced by another instance). */
  forget(keyHash: string): void {
    this.entries.delete(keyHash);
    this.forgets += 1;
  }

  /** A saved revocation or expiry reaches this instance's cache at once, and the others' through the bus. */
  async announce(keyHash: string): Promise<void> {
    this.forget(keyHash);
    await this.revocations.announce(keyHash);
  }
}
