/** One sign-in that has not (yet) succeeded. `loginKey` is a hash: typed logins are not kept. */
export interface SignInAttempt {
  id: string;
  loginKey: string;
  address: string;
  at: Date;
}

export type AttemptSubject = 'login' | 'address';

/** Port: the record of failed sign-ins, shared by every instance. */
export abstract class SignInAttemptRepository {
  /**
   * Called inside a unit of work: until it ends, no other unit can take the same lock
   * for this login or this address, so a check and the insert that follows are atomic.
   */
  abstract lockSubjects(loginKey: string, address: string): Promise<void>;
  /** Times of the attempts for one login key or one address since `since`, oldest first. */
  abstract timesFor(subject: AttemptSubject, value: string, since: Date): Promise<Date[]>;
  abstract add(attempt: SignInAttempt): Promise<void>;
  abstract remove(id: string): Promise<void>;
  abstract removeOlderThan(before: Date): Promise<void>;
}
