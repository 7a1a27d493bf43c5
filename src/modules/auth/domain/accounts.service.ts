import { Clock } from '../../../common/ports/clock';
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
const codePoints = (s: string) => [...s].length;

/** Accounts: sign-up and sign-in. Field rules live here so every entry point (portal, CLI) shares them. */
export class AccountsService {
  private dummyHash?: string;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async signUp(input: SignUp): Promise<User> {
    const email = normaliseEmail(input.email);
    const name = input.name.trim();
    if (!isEmailAddress(email)) throw new InvalidAccountField('email must be a valid email address');
    if (!USERNAME.test(input.username)) {
      throw new InvalidAccountField('username must be 3-32 characters of a-z, 0-9 and _');
    }
    if (codePoints(name) < 1 || codePoints(name) > 100) throw new InvalidAccountField('name must be 1-100 characters');
    if (codePoints(input.password) < 10) throw new InvalidAccountField('password must be at least 10 characters');
    if (codePoints(input.password) > 1024) throw new InvalidAccountField('password must be at most 1024 characters');

    const user: User = {
      id: this.ids.next(),
      email,
      username: input.username,
      name,
      passwordHash: await this.hasher.hash(input.password),
      createdAt: this.clock.now(),
    };
    await this.users.insert(user);
    return user;
  }

  /** `login` is an email or a username. One generic error for every failure, so nothing is revealed. */
  async signIn(login: string, password: string): Promise<User> {
    const user = await this.findByLogin(login);
    // Hash even when there is no such account, so the answer takes as long either way.
    this.dummyHash ??= await this.hasher.hash('not-a-real-password');
    const valid = await this.hasher.verify(password, user?.passwordHash ?? this.dummyHash);
    if (!user || !valid) throw new InvalidCredentials();
    return user;
  }

  /** An email (any case) or a username; usernames are lower case, so they are matched lower-cased too. */
  findByLogin(login: string): Promise<User | null> {
    return login.includes('@')
      ? this.users.findByEmail(normaliseEmail(login))
      : this.users.findByUsername(login.trim().toLowerCase());
  }

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }
}
