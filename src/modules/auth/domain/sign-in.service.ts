import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { AccountsService, SignUp } from './accounts.service';
import { EmailVerificationService } from './email-verification.service';
import { SessionsService, StartedSession } from './sessions.service';
import { SignInThrottle } from './sign-in-throttle';
import type { User } from './user';

export interface SignedIn extends StartedSession {
  user: User;
}

/**
 * The developer page's account flows. Each sign-up or sign-in starts a fresh session;
 * the one the browser held before (if any) is ended, so a planted cookie is useless.
 */
export class SignInService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly throttle: SignInThrottle,
    private readonly uow: UnitOfWork,
    private readonly verification: EmailVerificationService,
  ) {}

  /**
   * The account, its first session and its verification mail are created together or not
   * at all (an acknowledged sign-up never lacks its mail). The password is
   * hashed before that transaction, so no database connection waits on scrypt. A sign-up
   * that fails (a taken email or username) counts against the email and the address like a
   * failed sign-in, so sign-up is no faster a way to learn which emails are registered.
   */
  async signUp(input: SignUp, address: string, previousToken?: unknown): Promise<SignedIn> {
    const checked = this.accounts.checkSignUp(input);
    const attempt = await this.throttle.begin(checked.email, address, 'sign-up');
    const user = await this.accounts.newUser(checked);
    const signedIn = await this.uow.run(async () => {
      await this.accounts.register(user);
      await this.verification.issue(user);
      return { user, ...(await this.sessions.start(user.id)) };
    });
    await this.throttle.succeeded(attempt);
    await this.sessions.end(previousToken);
    return signedIn;
  }

  async signIn(login: string, password: string, address: string, previousToken?: unknown): Promise<SignedIn> {
    const attempt = await this.throttle.begin(login, address);
    const user = await this.accounts.signIn(login, password);
    await this.throttle.succeeded(attempt);
    await this.sessions.end(previousToken);
    return { user, ...(await this.sessions.start(user.id)) };
  }

  signOut(token: unknown): Promise<void> {
    return this.sessions.end(token);
  }
}
