import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { TokenHasher } from '../../../common/ports/token-hasher';
import { NoSession } from './auth.errors';
import { hashSessionToken, isExpired, isSessionTokenFormat, newSessionToken, Session } from './session';
import { SessionRepository } from './session.repository';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface StartedSession {
  /** The secret for the cookie; it is not stored anywhere. */
  token: string;
  session: Session;
}

/**
 * Server-side sessions of the developer page. A session is checked against the database
 * on every request, so signing out takes effect at once on every instance.
 */
export class SessionsService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly hasher: TokenHasher,
    private readonly ttlMs = SESSION_TTL_MS,
  ) {}

  async start(userId: string): Promise<StartedSession> {
    const now = this.clock.now();
    await this.sessions.deleteExpiredOf(userId, now);
    const token = newSessionToken(this.secrets);
    const session: Session = {
      id: this.ids.next(),
      userId,
      tokenHash: hashSessionToken(this.hasher, token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
    };
    await this.sessions.insert(session);
    return { token, session };
  }

  /** The live session a cookie names, or NoSession (401). A token of the wrong shape costs no query. */
  async require(token: unknown): Promise<Session> {
    if (!isSessionTokenFormat(token)) throw new NoSession();
    const tokenHash = hashSessionToken(this.hasher, token);
    const session = await this.sessions.findByTokenHash(tokenHash);
    if (!session) throw new NoSession();
    if (isExpired(session, this.clock.now())) {
      await this.sessions.deleteByTokenHash(tokenHash);
      throw new NoSession();
    }
    return session;
  }

  /** Ends the session, if there is one; ending twice is harmless. */
  async end(token: unknown): Promise<void> {
    if (isSessionTokenFormat(token)) await this.sessions.deleteByTokenHash(hashSessionToken(this.hasher, token));
  }
}
