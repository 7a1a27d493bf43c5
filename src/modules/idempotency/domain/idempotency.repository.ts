/** A request taking an Idempotency-Key for its account. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  fingerprint: string;
  createdAt: Date;
}

/** The completed request that holds a key. */
export interface StoredOutcome {
  fingerprint: string;
  response: unknown;
}

/**
 * Port: where Idempotency-Key records live, per account. Called inside a unit of work
 * that also runs the request itself, so a record and the request's effects are
 * committed, or rolled back, together.
 */
export abstract class IdempotencyRepository {
  /**
   * Takes the key for this request, unless a completed record created after
   * `expiredBefore` holds it; then returns that record. Expired records count as absent
   * (they are taken over). While another unit of work holds the key without having
   * finished, this waits for it (PostgreSQL: the primary key's unique index), then
   * returns its record if it committed, or takes the key if it rolled back.
   * Returns null when the key was taken.
   */
  abstract claim(claim: IdempotencyClaim, expiredBefore: Date): Promise<StoredOutcome | null>;

  /** Records the successful response of the request that took the key. */
  abstract complete(userId: string, key: string, response: unknown): Promise<void>;

  /** Deletes every record of the account except the one of key `keep` (when given); returns how many. */
  abstract deleteAllOf(userId: string, keep: string | null): Promise<number>;

  /** Deletes records created at or before the date (expired ones); returns how many. */
  abstract deleteExpired(before: Date): Promise<number>;
}
