import type { Clock } from '../../../common/ports/clock';
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
   * module's services, which drop the entry of this instance (`forget`); another instance's
   * entry is read again once it is `freshness.maxAgeMs` old. What decides access by email
   * (invitations) reads `findCurrent` instead, never stale. Bounded: past `cacheLimit` the
   * oldest entry goes. Without `freshness` (specs of one instance) entries do not age.
   */
  private readonly cache = new Map<string, { summary: UserSummary; at: number }>();

  constructor(
    private readonly users: UserRepository,
    private readonly cacheLimit = 10_000,
    private readonly freshness?: { clock: Clock; maxAgeMs: number },
  ) {}

  async findById(id: string): Promise<UserSummary | null> {
    const now = this.freshness?.clock.now().getTime() ?? 0;
    const cached = this.cache.get(id);
    if (cached && (!this.freshness || now - cached.at < this.freshness.maxAgeMs)) return cached.summary;
    this.cache.delete(id);
    const user = await this.users.findById(id);
    if (!user) return null;
    const summary = toSummary(user);
    if (this.cache.size >= this.cacheLimit) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, { summary, at: now });
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
