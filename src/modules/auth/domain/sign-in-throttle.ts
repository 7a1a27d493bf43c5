import { RateLimited } from '../../../common/errors/domain-error';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { SignInAttemptRepository } from './sign-in-attempt.repository';
import { TokenHasher } from '../../../common/ports/token-hasher';

export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export class TooManySignIns extends RateLimited {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `Too many failed sign-ins: retry in ${retryAfterSeconds} seconds`;
  }
}

/** A sign-up refused because of earlier failures: they share one count with sign-ins. */
export class TooManySignUps extends TooManySignIns {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `Too many failed sign-ups or sign-ins: retry in ${retryAfterSeconds} seconds`;
  }
}

/** A password reset refused: asked too often for this email or from this address. */
export class TooManyPasswordResets extends TooManySignIns {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `Too many password resets or failed sign-ins: retry in ${retryAfterSeconds} seconds`;
  }
}

export type ThrottledAction = 'sign-in' | 'sign-up' | 'password-reset';

const refusal = (action: ThrottledAction, retryAfter: number): TooManySignIns =>
  action === 'sign-up'
    ? new TooManySignUps(retryAfter)
    : action === 'password-reset'
      ? new TooManyPasswordResets(retryAfter)
      : new TooManySignIns(retryAfter);

/** Emails are case-insensitive and usernames lower case, so one login has one counter however it is typed. */
export const loginKeyOf = (hasher: TokenHasher, login: string): string => hasher.digest(login.trim().toLowerCase());

/**
 * At most 10 failed sign-ins per login and per client address in any 15 minutes.
 * An attempt is recorded *before* the password is checked and removed only when it
 * succeeds, so parallel guesses cannot slip past the count while their hashes run.
 * Sign-ups go through the same count (the login being the email): a sign-up refused for a
 * registered email tells that the email exists, so probing that way is no faster than by
 * signing in. Password resets go through it too, every one counted (each mails the address):
 * the same answer, 429 included, whether or not the email has an account.
 */
export class SignInThrottle {
  constructor(
    private readonly attempts: SignInAttemptRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly hasher: TokenHasher,
    private readonly limit = SIGN_IN_FAILURE_LIMIT,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  /** Reserves one attempt (counted as a failure until `succeeded`), or throws TooManySignIns / TooManySignUps (429). */
  async begin(login: string, address: string, action: ThrottledAction = 'sign-in'): Promise<string> {
    const loginKey = loginKeyOf(this.hasher, login);
    const since = new Date(this.clock.now().getTime() - this.windowMs);
    await this.attempts.removeOlderThan(since);
    return this.uow.run(async () => {
      await this.attempts.lockSubjects(loginKey, address);
      const now = this.clock.now();
      const from = new Date(now.getTime() - this.windowMs);
      const freeAt = Math.max(
        this.freeAt(await this.attempts.timesFor('login', loginKey, from)),
        this.freeAt(await this.attempts.timesFor('address', address, from)),
      );
      if (freeAt > now.getTime()) {
        const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
        throw refusal(action, retryAfter);
      }
      const id = this.ids.next();
      await this.attempts.add({ id, loginKey, address, at: now });
      return id;
    });
  }

  /** The attempt was a success: it no longer counts. */
  succeeded(attemptId: string): Promise<void> {
    return this.attempts.remove(attemptId);
  }

  /** When the count drops below the limit again: the limit-th newest attempt leaves the window. */
  private freeAt(times: Date[]): number {
    if (times.length < this.limit) return 0;
    return times[times.length - this.limit].getTime() + this.windowMs;
  }
}
