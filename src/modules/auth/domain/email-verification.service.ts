import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { MailQueue } from '../../../common/ports/mail-queue';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { TokenHasher } from '../../../common/ports/token-hasher';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { AccountLinks, verificationMail } from './account-mail';
import { hashAccountToken, isAccountTokenFormat, newAccountToken, PASSWORD_RESET_TTL_MS, VERIFICATION_TTL_MS } from './account-token';
import { AccountTokenRepository } from './account-token.repository';
import { AccountsService } from './accounts.service';
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
    private readonly tokens: AccountTokenRepository,
    private readonly accounts: AccountsService,
    private readonly directory: UserDirectory,
    private readonly throttle: SignInThrottle,
    private readonly mail: MailQueue,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly hasher: TokenHasher,
    private readonly links: AccountLinks,
  ) {}

  /**
   * Mails `user.email` a new verification link; earlier links stop working. Runs inside the
   * caller's unit of work.
   */
  async issue(user: Pick<User, 'id' | 'email'>, resent = false): Promise<void> {
    const now = this.clock.now();
    const token = newAccountToken(this.secrets);
    await this.tokens.retire(user.id, 'verify-email', now);
    // Kept past their expiry for as long as the resend limit looks back.
    await this.tokens.removeSpent(user.id, new Date(now.getTime() - Math.max(RESEND_WINDOW_MS, PASSWORD_RESET_TTL_MS)));
    await this.tokens.insert({
      id: this.ids.next(),
      userId: user.id,
      purpose: 'verify-email',
      tokenHash: hashAccountToken(this.hasher, token),
      email: normaliseEmail(user.email),
      resent,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    });
    await this.mail.enqueue(verificationMail(this.links, user.email, token));
  }

  /** Spends a verification token: its account's email is verified, if it is still the address the link went to. */
  async verify(token: unknown): Promise<User> {
    if (!isAccountTokenFormat(token)) throw new InvalidAccountToken();
    const user = await this.uow.run(async () => {
      const spent = await this.tokens.consume('verify-email', hashAccountToken(this.hasher, token), this.clock.now());
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
      await this.tokens.lockAccount(userId);
      const user = await this.users.findById(userId);
      if (!user) throw new NoSession();
      if (user.emailVerified) throw new EmailAlreadyVerified();
      const now = this.clock.now();
      const times = await this.tokens.resentSince(userId, new Date(now.getTime() - RESEND_WINDOW_MS));
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
      await this.tokens.retire(userId, 'password-reset', this.clock.now());
      await this.issue(changed);
    });
    this.directory.forget(userId);
    return changed;
  }
}
