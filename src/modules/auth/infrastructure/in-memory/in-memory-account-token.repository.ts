import type { AccountToken, TokenPurpose } from '../../domain/account-token';
import { AccountTokenRepository } from '../../domain/account-token.repository';
import { normaliseEmail } from '../../domain/user';
import { UserRepository } from '../../domain/user.repository';

export class InMemoryAccountTokenRepository extends AccountTokenRepository {
  private readonly tokens = new Map<string, AccountToken>();

  /** Tokens belong to accounts: `insertForEmail` finds the account there. */
  constructor(private readonly users: UserRepository) {
    super();
  }

  async insert(token: AccountToken): Promise<void> {
    if ([...this.tokens.values()].some((t) => t.tokenHash === token.tokenHash)) throw new Error('duplicate account token hash');
    this.tokens.set(token.id, { ...token });
  }

  async insertForEmail(token: Omit<AccountToken, 'userId'>, spentBefore: Date): Promise<string | null> {
    const user = await this.users.findByEmail(token.email);
    if (!user) return null;
    await this.removeSpent(user.id, spentBefore);
    await this.insert({ ...token, email: normaliseEmail(token.email), userId: user.id });
    return user.id;
  }

  async findLive(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | null> {
    const found = [...this.tokens.values()].find(
      (t) => t.purpose === purpose && t.tokenHash === tokenHash && t.expiresAt.getTime() > now.getTime(),
    );
    return found ? { ...found } : null;
  }

  async consume(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | null> {
    const found = await this.findLive(purpose, tokenHash, now);
    if (found) this.tokens.delete(found.id);
    return found;
  }

  async retire(userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
    for (const token of this.tokens.values()) {
      if (token.userId === userId && token.purpose === purpose && token.expiresAt.getTime() > now.getTime())
        token.expiresAt = new Date(now);
    }
  }

  async removeSpent(userId: string, before: Date): Promise<void> {
    for (const [id, token] of this.tokens)
      if (token.userId === userId && token.expiresAt.getTime() < before.getTime()) this.tokens.delete(id);
  }

  async resentSince(userId: string, since: Date): Promise<Date[]> {
    return [...this.tokens.values()]
      .filter((t) => t.userId === userId && t.purpose === 'verify-email' && t.resent && t.createdAt.getTime() >= since.getTime())
      .map((t) => new Date(t.createdAt))
      .sort((x, y) => x.getTime() - y.getTime());
  }

  /** Nothing to lock: the in-memory unit of work already runs units one at a time. */
  async lockAccount(): Promise<void> {}

  /** For specs: every stored token, as stored. */
  all(): AccountToken[] {
    return [...this.tokens.values()].map((t) => ({ ...t }));
  }
}
