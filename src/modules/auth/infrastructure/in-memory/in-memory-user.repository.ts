import { EmailTaken, UsernameTaken } from '../../domain/auth.errors';
import { normaliseEmail, User } from '../../domain/user';
import { UserRepository } from '../../domain/user.repository';

export class InMemoryUserRepository extends UserRepository {
  private readonly users = new Map<string, User>();

  async insert(user: User): Promise<void> {
    const all = [...this.users.values()];
    if (all.some((u) => normaliseEmail(u.email) === normaliseEmail(user.email))) throw new EmailTaken();
    if (all.some((u) => u.username === user.username)) throw new UsernameTaken();
    this.users.set(user.id, { ...user });
  }

  async findById(id: string): Promise<User | null> {
    const user = this.users.get(id);
    return user ? { ...user } : null;
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    return ids.flatMap((id) => (this.users.has(id) ? [{ ...this.users.get(id)! }] : []));
  }

  async findByEmail(email: string): Promise<User | null> {
    const found = [...this.users.values()].find((u) => normaliseEmail(u.email) === normaliseEmail(email));
    return found ? { ...found } : null;
  }

  async findByUsername(username: string): Promise<User | null> {
    const found = [...this.users.values()].find((u) => u.username === username);
    return found ? { ...found } : null;
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    const user = this.users.get(id);
    if (user) this.users.set(id, { ...user, passwordHash });
  }

  async markEmailVerified(id: string, email: string): Promise<User | null> {
    const user = this.users.get(id);
    if (!user || normaliseEmail(user.email) !== normaliseEmail(email)) return null;
    const verified = { ...user, emailVerified: true };
    this.users.set(id, verified);
    return { ...verified };
  }

  async changeEmail(id: string, email: string): Promise<void> {
    const taken = [...this.users.values()].some((u) => u.id !== id && normaliseEmail(u.email) === normaliseEmail(email));
    if (taken) throw new EmailTaken();
    const user = this.users.get(id);
    if (user) this.users.set(id, { ...user, email: normaliseEmail(email), emailVerified: false });
  }
}
