/** Port: one-way password hashing (ScryptPasswordHasher is the adapter). */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(password: string, stored: string): Promise<boolean>;
  /** Whether a stored hash was made with weaker parameters than today's (re-hash it at sign-in). */
  abstract needsRehash(stored: string): boolean;
}
