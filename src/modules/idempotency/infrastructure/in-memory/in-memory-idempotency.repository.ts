import { IdempotencyClaim, IdempotencyRepository, StoredOutcome } from '../../domain/idempotency.repository';

interface Entry extends IdempotencyClaim {
  /** Set once the request that took the key succeeded. */
  outcome?: { response: unknown };
}

/**
 * Idempotency records in memory. Used with InMemoryUnitOfWork, which runs units one
 * at a time: a claim left without an outcome therefore belongs to a unit that already
 * failed (the rollback PostgreSQL would have done), and is taken over like an expired one.
 */
export class InMemoryIdempotencyRepository extends IdempotencyRepository {
  private readonly entries = new Map<string, Entry>();

  async claim(claim: IdempotencyClaim, expiredBefore: Date): Promise<StoredOutcome | null> {
    const id = this.idOf(claim.userId, claim.key);
    const held = this.entries.get(id);
    if (held?.outcome && held.createdAt > expiredBefore) {
      return { fingerprint: held.fingerprint, response: structuredClone(held.outcome.response) };
    }
    this.entries.set(id, { ...claim });
    return null;
  }

  async complete(userId: string, key: string, response: unknown): Promise<void> {
    const entry = this.entries.get(this.idOf(userId, key));
    // Stored as JSON, as PostgreSQL would: what is replayed is what was sent.
    if (entry) entry.outcome = { response: JSON.parse(JSON.stringify(response)) };
  }

  async deleteAllOf(userId: string, keep: string | null): Promise<number> {
    let deleted = 0;
    for (const [id, entry] of this.entries) {
      if (entry.userId === userId && entry.key !== keep) {
        this.entries.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }

  async deleteExpired(before: Date): Promise<number> {
    let deleted = 0;
    for (const [id, entry] of this.entries) {
      if (entry.createdAt <= before) {
        this.entries.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }

  get size(): number {
    return this.entries.size;
  }

  private idOf(userId: string, key: string): string {
    return JSON.stringify([userId, key]);
  }
}
