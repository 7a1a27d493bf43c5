import type { Principal } from '../../../common/auth/principal';
import { Clock } from '../../../common/ports/clock';
import { TokenHasher } from '../../../common/ports/token-hasher';
import { hashKey, isKeyFormat } from './api-key';
import { ApiKeyRepository } from './api-key.repository';
import { cacheEntry, KeyCache } from './key-cache';
import { KeyRenewals } from './key-renewals';
import { ExpiredApiKey, InvalidApiKey, MissingApiKey, RevokedApiKey } from './keys.errors';
import { LastUseRecorder } from './last-use-recorder';

/** Who a request's key is: every keyed request asks, so most answers come from the cache. */
export class KeyAuthenticator {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly hasher: TokenHasher,
    private readonly cache: KeyCache,
    private readonly renewals: KeyRenewals,
    private readonly lastUse: LastUseRecorder,
  ) {}

  /**
   * Turns the X-API-Key header into the caller. A value of the wrong shape is refused
   * before any lookup; verified keys are cached briefly so most requests cost no query.
   */
  async authenticate(header: string | undefined): Promise<Principal> {
    if (header === undefined || header === '') throw new MissingApiKey();
    if (!isKeyFormat(header)) throw new InvalidApiKey();

    const keyHash = hashKey(this.hasher, header);
    const now = this.clock.now().getTime();
    let cached = this.cache.get(keyHash);
    if (!cached || cached.expiresAt <= now) {
      const mark = this.cache.mark();
      const key = await this.keys.findByHash(keyHash);
      if (!key) throw new InvalidApiKey();
      cached = cacheEntry(key, now);
      // This request began before any revocation that overtook its read, so it may still be
      // answered with what it read; only the cache must not keep it.
      this.cache.remember(keyHash, cached, mark);
    } else if (KeyRenewals.isDue(cached, now)) {
      this.renewals.renewSoon(keyHash, now);
    }
    if (!cached.principal) throw cached.refusal === 'expired' ? new ExpiredApiKey() : new RevokedApiKey();
    this.lastUse.note(cached.principal.keyId, now);
    return cached.principal;
  }

  /** Settles when no background renewal is running (shutdown, tests); a renewal never rejects. */
  renewalsSettled(): Promise<void> {
    return this.renewals.settled();
  }
}
