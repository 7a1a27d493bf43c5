import { toSummary, UserSummary } from './user';
import { UserRepository } from './user.repository';

/**
 * What other modules may ask about accounts (lists show owners and members, invitations
 * match emails). They depend on this, never on the auth module's storage.
 */
export class UserDirectory {
  constructor(private readonly users: UserRepository) {}

  async findById(id: string): Promise<UserSummary | null> {
    const user = await this.users.findById(id);
    return user ? toSummary(user) : null;
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
