import type { AccountToken, TokenPurpose } from './account-token';

/** Port: the mailed single-use tokens of accounts, shared by every instance. */
export abstract class AccountTokenRepository {
  abstract insert(token: AccountToken): Promise<void>;
  /**
   * Inserts `token` for the account whose email is `token.email` (case-insensitively), in one
   * statement whether or not there is one, and drops that account's tokens that expired before
   * `spentBefore`. Returns the account's id, or null when no account has the email.
   */
  abstract insertForEmail(token: Omit<AccountToken, 'userId'>, spentBefore: Date): Promise<string | null>;
  /** The token with this hash and purpose if it is still live at `now`; nothing is changed. */
  abstract findLive(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | null>;
  /**
   * Deletes the token with this hash and purpose if it is still live at `now`, and returns it:
   * of two concurrent calls for one token, exactly one gets it.
   */
  abstract consume(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | null>;
  /**
   * The account's live tokens of this purpose stop working (they expire at `now`); they stay
   * stored a while, so the resends among them are still counted.
   */
  abstract retire(userId: string, purpose: TokenPurpose, now: Date): Promise<void>;
  /** Drops the account's tokens that expired before `before`. */
  abstract removeSpent(userId: string, before: Date): Promise<void>;
  /** Creation times of the account's resent verification tokens since `since`, oldest first. */
  abstract resentSince(userId: string, since: Date): Promise<Date[]>;
  /**
   * Called inside a unit of work: until it ends, no other unit can take the lock for this
   * account, so a count and the insert that follows are atomic.
   */
  abstract lockAccount(userId: string): Promise<void>;
}
