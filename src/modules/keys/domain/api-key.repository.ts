import type { ApiKey } from './api-key';

/**
 * Port: where API keys live (hashes only). "Active" in a count means not revoked and not
 * expired at the new key's creation time.
 */
export abstract class ApiKeyRepository {
  /**
   * Inserts the key unless the account already has `maxActive` active keys; returns
   * whether it was inserted. The check and the insert are one atomic step.
   */
  abstract insertIfBelowLimit(key: ApiKey, maxActive: number): Promise<boolean>;

  /**
   * A roll: inserts `replacement` unless the account already has `maxActive` active keys
   * besides `replaced`, and brings `replaced`'s expiry forward to its `expiresAt` (an earlier
   * expiry stands; nothing else of its row is written, so a revocation saved meanwhile stays).
   * One atomic step; returns whether it happened.
   */
  abstract insertReplacing(replacement: ApiKey, replaced: ApiKey, maxActive: number): Promise<boolean>;
  abstract findById(id: string): Promise<ApiKey | null>;
  abstract findByHash(keyHash: string): Promise<ApiKey | null>;
  /** The keys of these hashes that exist, in no particular order: one read for many (cache renewal). */
  abstract findManyByHash(keyHashes: readonly string[]): Promise<ApiKey[]>;
  /** Oldest first. */
  abstract listByUser(userId: string): Promise<ApiKey[]>;
  abstract save(key: ApiKey): Promise<void>;
  /** Deletes the account's revoked keys except the `keep` most recently revoked; returns how many went. */
  abstract deleteRevokedBeyond(userId: string, keep: number): Promise<number>;
  /**
   * Records `at` as the key's last use unless the recorded one is later than
   * `at - resolutionMs`: however many instances report uses, the row is written at
   * most once per interval, and never moved backwards.
   */
  abstract touchLastUsed(id: string, at: Date, resolutionMs: number): Promise<void>;
}
