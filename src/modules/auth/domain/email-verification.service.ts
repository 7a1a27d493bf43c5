import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { verificationMail } from './account-mail';
import { PASSWORD_RESET_TTL_MS, VERIFICATION_TTL_MS } from './account-token';
import { AccountsService } from './accounts.service';
import { MailedTokens } from './mailed-tokens';
import {
  EmailAlreadyVerified,
  InvalidAccountField,
  InvalidAccountToken,
  NoSession,
  TooManyVerificationMails,
  WrongPassword,
} from './auth.errors';
import { SignInThrottle } from './sign-in-throttle';
import { isEmailAddress, normaliseEmail, User } from './user';
import { UserDirectory } from './user-directory';
import { UserRepository } from './user.repository';

export const MAX_RESENDS_PER_HOUR = 5;
export const RESEND_WINDOW_MS = 60 * 60 * 1000;

/**
 * Accounts prove their email: a single-use link mailed at sign-up, on request and after an
 * email change. The mail is queued in the unit of work of the change that causes it, so a
 * committed sign-up always has its mail.
 */
export class EmailVerificationService {
  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountsService,
    private readonly directory: UserDirectory,
    private readonly throttle: SignInThrottle,
    private readonly uow: UnitOfWork,
    private readonly mailed: MailedTokens,
  ) {}

  /**
   * Mails `user.email` a new verification link; earlier links stop working. Runs inside the
   * caller's unit of work.
   */
  async issue(user: Pick<User, 'id' | 'email'>, resent = false): Promise<void> {
    const now = this.mailed.clock.now();
    const { token, tokenHash } = this.mailed.mint();
    await this.mailed.store.retire(user.id, 'verify-email', now);
    // Kept past their expiry for as long as the resend limit looks back.
    await this.mailed.store.removeSpent(user.id, new Date(now.getTime() - Math.max(RESEND_WINDOW_MS, PASSWORD_RESET_TTL_MS)));
    await this.mailed.store.insert({
      id: this.mailed.ids.next(),
      userId: user.id,
      purpose: 'verify-email',
      tokenHash,
      email: normaliseEmail(user.email),
      resent,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    });
    await this.mailed.mail.enqueue(verificationMail(this.mailed.links, user.email, token));
  }

  /** Spends a verification token: its account's email is verified, if it is still the address the link went to. */
  async verify(token: unknown): Promise<User> {
    const tokenHash = this.mailed.hashOf(token);
    if (!tokenHash) throw new InvalidAccountToken();
    const user = await this.uow.run(async () => {
      const spent = await this.mailed.store.consume('verify-email', tokenHash, this.mailed.clock.now());
      const verified = spent && (await this.users.markEmailVerified(spent.userId, spent.email));
      if (!verified) throw new InvalidAccountToken();
      return verified;
    });
    this.directory.forget(user.id);
    return user;
  }

  /** A new link for the signed-in account: at most MAX_RESENDS_PER_HOUR in any hour (429 beyond). */
  async resend(userId: string): Promise<void> {
    await this.uow.run(async () => {
      await this.mailed.store.lockAccount(userId);
      const user = await this.users.findById(userId);
      if (!user) throw new NoSession();
      if (user.emailVerified) throw new EmailAlreadyVerified();
      const now = this.mailed.clock.now();
      // The window is the last hour, its first instant excluded: at Retry-After the oldest has left it.
      const times = await this.mailed.store.resentSince(userId, new Date(now.getTime() - RESEND_WINDOW_MS + 1));
      if (times.length >= MAX_RESENDS_PER_HOUR) {
        const freeAt = times[times.length - MAX_RESENDS_PER_HOUR].getTime() + RESEND_WINDOW_MS;
        throw new TooManyVerificationMails(MAX_RESENDS_PER_HOUR, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
      }
      await this.issue(user, true);
    });
  }

  /**
   * Moves the account to another address, which it must then verify: the current password is
   * required (checked as a sign-in is, and counted by the same throttle), the address must be
   * free, and reset links mailed to the former address stop working.
   */
  async changeEmail(userId: string, input: { email: string; password: string }, address: string): Promise<User> {
    const email = normaliseEmail(input.email);
    if (!isEmailAddress(email)) throw new InvalidAccountField('email must be a valid email address');
    const current = await this.users.findById(userId);
    if (!current) throw new NoSession();
    const attempt = await this.throttle.begin(current.email, address);
    if (!(await this.accounts.verifyPassword(current, input.password))) throw new WrongPassword();
    await this.throttle.succeeded(attempt);
    const changed = { ...current, email, emailVerified: false };
    await this.uow.run(async () => {
      await this.users.changeEmail(userId, email);
      await this.mailed.store.retire(userId, 'password-reset', this.mailed.clock.now());
      await this.issue(changed);
    });
    this.directory.forget(userId);
    return changed;
  }
}
