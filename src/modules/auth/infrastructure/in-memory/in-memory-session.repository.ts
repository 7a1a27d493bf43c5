import type { Session } from '../../domain/session';
import { SessionRepository } from '../../domain/session.repository';

export class InMemorySessionRepository extends SessionRepository {
  private readonly byHash = new Map<string, Session>();

  async insert(session: Session): Promise<void> {
    if (this.byHash.has(session.tokenHash)) throw new Error('duplicate session token hash');
    this.byHash.set(session.tokenHash, { ...session });
  }

  async findByTokenHash(tokenHash: string): Promise<Session | null> {
    const session = this.byHash.get(tokenHash);
    return session ? { ...session } : null;
  }

  async deleteByTokenHash(tokenHash: string): Promise<void> {
    this.byHash.delete(tokenHash);
  }

  async deleteAllOf(userId: string, keepTokenHash?: string): Promise<void> {
    for (const [hash, session] of this.byHash) {
      if (session.userId === userId && hash !== keepTokenHash) this.byHash.delete(hash);
    }
  }

  async deleteExpiredOf(userId: string, now: Date): Promise<void> {
    for (const [hash, session] of this.byHash) {
      if (session.userId === userId && session.expiresAt.getTime() <= now.getTime()) this.byHash.delete(hash);
    }
  }
}
