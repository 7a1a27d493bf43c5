import type { Session } from './session';

/** Port: where developer-page sessions live. */
export abstract class SessionRepository {
  abstract insert(session: Session): Promise<void>;
  abstract findByTokenHash(tokenHash: string): Promise<Session | null>;
  abstract deleteByTokenHash(tokenHash: string): Promise<void>;
  /** Housekeeping: drops the account's sessions that expired at or before `now`. */
  abstract deleteExpiredOf(userId: string, now: Date): Promise<void>;
  /** Ends every session of the account, except the one whose token hash is `keepTokenHash` (if given). */
  abstract deleteAllOf(userId: string, keepTokenHash?: string): Promise<void>;
}
