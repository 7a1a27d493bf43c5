import type { User } from './user';

/** Port: where accounts live. */
export abstract class UserRepository {
  /** Inserts; throws EmailTaken / UsernameTaken when either is already used. */
  abstract insert(user: User): Promise<void>;
  abstract findById(id: string): Promise<User | null>;
  abstract findByIds(ids: readonly string[]): Promise<User[]>;
  /** Case-insensitive. */
  abstract findByEmail(email: string): Promise<User | null>;
  abstract findByUsername(username: string): Promise<User | null>;
  /** Replaces the stored password hash (a re-hash with stronger parameters). */
  abstract updatePasswordHash(id: string, passwordHash: string): Promise<void>;
  /**
   * Marks the email verified if the account's email is still `email` (case-insensitively):
   * a link mailed to an earlier address proves nothing about the current one. Returns the
   * account as it is then, or null when it does not exist or its email has changed.
   */
  abstract markEmailVerified(id: string, email: string): Promise<User | null>;
  /** Replaces the email, unverified; throws EmailTaken when another account has it. */
  abstract changeEmail(id: string, email: string): Promise<void>;
}
