import { toSummary, UserSummary } from './user';
import { UserRepository } from './user.repository';

/**
 * What other modules may ask about accounts (lists show owners and members, invitations
 * match emails). They depend on this, never on the auth module's storage.
 */
export class UserDirectory {
  /**
   * Summaries by id, so that `GET /v1/me` costs no query. An account's id, username and name
   * are fixed at sign-up; its email and whether it is verified change through the auth
   * module's services, which drop the entry here (`forget`). What decides access by email
   * (invitations) reads `findCurrent` instead, which no other instance's change can leave
   * stale. Bounded: past `cacheLimit` the oldest entry goes.
   */
  private readonly cache = new Map<string, UserSummary>();

  constructor(
    private readonly users: UserRepository,
    private readonly cacheLimit = 10_000,
  ) {}

  async findById(id: string): Promise<UserSummary | null> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const user = await this.users.findById(id);
    if (!user) return null;
    const summary = toSummary(user);
    if (this.cache.size >= this.cacheLimit) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, summary);
    return summary;
  }

  /** The account as stored now, never from the cache: for decisions that rest on its email. */
  async findCurrent(id: string): Promise<UserSummary | null> {
    const user = await this.users.findById(id);
    return user ? toSummary(user) : null;
  }

  /** The account's email or its verification changed: the next `findById` reads it again. */
  forget(id: string): void {
    this.cache.delete(id);
  }

  async findByIds(ids: readonly string[]): Promise<Map<string, UserSummary>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const users = await this.users.findByIds(unique);
    return new Map(users.map((user) => [user.id, toSummary(user)]));
  }

  async findByEmail(email: string): Promise<UserSummary | null> {
    const user = await this.users.findByEmail(email);
    return user ? toSummary(user) : null;
  }
}
