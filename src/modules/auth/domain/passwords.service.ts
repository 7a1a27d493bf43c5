import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { noAccountResetMail, passwordResetMail } from './account-mail';
import { PASSWORD_RESET_TTL_MS } from './account-token';
import { AccountsService } from './accounts.service';
import { MailedTokens } from './mailed-tokens';
import { InvalidAccountField, InvalidAccountToken, NoSession, WrongPassword } from './auth.errors';
import type { Session } from './session';
import { SessionRepository } from './session.repository';
import { SignInThrottle } from './sign-in-throttle';
import { isEmailAddress, normaliseEmail } from './user';
import { UserDirectory } from './user-directory';
import { UserRepository } from './user.repository';

/** Password reset by a mailed link, and password change from a signed-in session. */
export class PasswordsService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly accounts: AccountsService,
    private readonly directory: UserDirectory,
    private readonly throttle: SignInThrottle,
    private readonly uow: UnitOfWork,
    private readonly mailed: MailedTokens,
  ) {}

  /**
   * Mails a reset link to the account with this email. The caller learns nothing of whether
   * there is one, not even from the time the answer takes: both paths do the same work (the
   * sign-in throttle, a token made and hashed, one statement that stores it only if an account
   * has the email, one mail queued: the link, or a note that no account uses the address).
   * Every request counts against the throttle, as a failed sign-in does.
   */
  async requestReset(rawEmail: string, address: string): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!isEmailAddress(email)) throw new InvalidAccountField('email must be a valid email address');
    await this.throttle.begin(email, address, 'password-reset');
    const now = this.mailed.clock.now();
    const { token, tokenHash } = this.mailed.mint();
    const { mail, links } = this.mailed;
    await this.uow.run(async () => {
      const userId = await this.mailed.store.insertForEmail(
        {
          id: this.mailed.ids.next(),
          purpose: 'password-reset',
          tokenHash,
          email,
          resent: false,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
        },
        new Date(now.getTime() - PASSWORD_RESET_TTL_MS),
      );
      await mail.enqueue(userId ? passwordResetMail(links, email, token) : noAccountResetMail(links, email));
    });
  }

  /**
   * Sets the password a reset link allows: every session of the account ends (whoever held
   * one may be who the reset is meant to shut out), every reset link of the account stops
   * working, and the email is verified (the link proved it). API keys are untouched.
   */
  async confirmReset(token: unknown, password: string): Promise<void> {
    const tokenHash = this.mailed.hashOf(token);
    if (!tokenHash) throw new InvalidAccountToken();
    // A cheap look first, so an unknown token never costs a password hash.
    if (!(await this.mailed.store.findLive('password-reset', tokenHash, this.mailed.clock.now()))) throw new InvalidAccountToken();
    const passwordHash = await this.accounts.hashNewPassword(password);
    const userId = await this.uow.run(async () => {
      const now = this.mailed.clock.now();
      const spent = await this.mailed.store.consume('password-reset', tokenHash, now);
      if (!spent) throw new InvalidAccountToken();
      await this.users.updatePasswordHash(spent.userId, passwordHash);
      await this.users.markEmailVerified(spent.userId, spent.email);
      await this.mailed.store.retire(spent.userId, 'password-reset', now);
      await this.sessions.deleteAllOf(spent.userId);
      return spent.userId;
    });
    this.directory.forget(userId);
  }

  /**
   * Changes the password of the signed-in account, which must confirm the current one (a
   * wrong one counts as a failed sign-in). The account's other sessions end; this one stays.
   */
  async change(session: Session, input: { currentPassword: string; newPassword: string }, address: string): Promise<void> {
    const user = await this.users.findById(session.userId);
    if (!user) throw new NoSession();
    const attempt = await this.throttle.begin(user.email, address);
    if (!(await this.accounts.verifyPassword(user, input.currentPassword))) throw new WrongPassword();
    await this.throttle.succeeded(attempt);
    const passwordHash = await this.accounts.hashNewPassword(input.newPassword);
    await this.uow.run(async () => {
      await this.users.updatePasswordHash(user.id, passwordHash);
      await this.mailed.store.retire(user.id, 'password-reset', this.mailed.clock.now());
      await this.sessions.deleteAllOf(user.id, session.tokenHash);
    });
  }
}
