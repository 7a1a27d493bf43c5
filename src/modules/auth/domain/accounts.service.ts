import { Clock } from '../../../common/ports/clock';
import { codePointLength } from '../../../common/text/unicode-text';
import { IdGenerator } from '../../../common/ports/id-generator';
import { InvalidAccountField, InvalidCredentials } from './auth.errors';
import { PasswordHasher } from './password-hasher';
import { isEmailAddress, normaliseEmail, User } from './user';
import { UserRepository } from './user.repository';

export interface SignUp {
  email: string;
  username: string;
  name: string;
  password: string;
}

const USERNAME = /^[a-z0-9_]{3,32}$/;

/** The one rule for passwords: at sign-up, at a reset and at a change. */
export function checkPassword(password: string): void {
  if (codePointLength(password) < 10) throw new InvalidAccountField('password must be at least 10 characters');
  if (codePointLength(password) > 1024) throw new InvalidAccountField('password must be at most 1024 characters');
}

/** Accounts: sign-up and sign-in. Field rules live here so every entry point (portal, CLI) shares them. */
export class AccountsService {
  private dummyHash?: string;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /**
   * An account made without the developer page (the operator command, which vouches for the
   * address: `emailVerified: true`). The page's sign-up is SignInService's.
   */
  async signUp(input: SignUp, options: { emailVerified?: boolean } = {}): Promise<User> {
    const user = await this.newUser(this.checkSignUp(input), options.emailVerified ?? false);
    await this.register(user);
    return user;
  }

  /** The field rules of a sign-up, with the email and name normalised; nothing is looked up. */
  checkSignUp(input: SignUp): SignUp {
    const email = normaliseEmail(input.email);
    const name = input.name.trim();
    if (!isEmailAddress(email)) throw new InvalidAccountField('email must be a valid email address');
    if (!USERNAME.test(input.username)) {
      throw new InvalidAccountField('username must be 3-32 characters of a-z, 0-9 and _');
    }
    if (codePointLength(name) < 1 || codePointLength(name) > 100) throw new InvalidAccountField('name must be 1-100 characters');
    checkPassword(input.password);
    return { email, username: input.username, name, password: input.password };
  }

  /**
   * The account of a checked sign-up, its password hashed: the slow part, so callers run it
   * outside any transaction. It is done whether or not the email is taken (that is only
   * learnt by `register`), so both answers cost the same.
   */
  async newUser(checked: SignUp, emailVerified = false): Promise<User> {
    return {
      id: this.ids.next(),
      email: checked.email,
      username: checked.username,
      name: checked.name,
      passwordHash: await this.hasher.hash(checked.password),
      emailVerified,
      createdAt: this.clock.now(),
    };
  }

  /** Stores a new account; a taken email or username is refused here (422). */
  register(user: User): Promise<void> {
    return this.users.insert(user);
  }

  /** `login` is an email or a username. One generic error for every failure, so nothing is revealed. */
  async signIn(login: string, password: string): Promise<User> {
    const user = await this.findByLogin(login);
    // Hash even when there is no such account, so the answer takes as long either way.
    this.dummyHash ??= await this.hasher.hash('not-a-real-password');
    const valid = await this.hasher.verify(password, user?.passwordHash ?? this.dummyHash);
    if (!user || !valid) throw new InvalidCredentials();
    // A hash made with weaker parameters (scrypt N raised since) is replaced while we hold the password.
    if (this.hasher.needsRehash(user.passwordHash)) {
      const passwordHash = await this.hasher.hash(password);
      await this.users.updatePasswordHash(user.id, passwordHash);
      return { ...user, passwordHash };
    }
    return user;
  }

  /** Whether `password` is the account's (the slow hash, as a sign-in runs it). */
  verifyPassword(user: User, password: string): Promise<boolean> {
    return this.hasher.verify(password, user.passwordHash);
  }

  /** A new password's hash, after the sign-up's rules for passwords. */
  hashNewPassword(password: string): Promise<string> {
    checkPassword(password);
    return this.hasher.hash(password);
  }

  /** An email (any case) or a username; usernames are lower case, so they are matched lower-cased too. */
  findByLogin(login: string): Promise<User | null> {
    return login.includes('@') ? this.users.findByEmail(normaliseEmail(login)) : this.users.findByUsername(login.trim().toLowerCase());
  }

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }
}
