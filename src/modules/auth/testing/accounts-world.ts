import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import type { AccountLinks } from '../domain/account-mail';
import { AccountTokenRepository } from '../domain/account-token.repository';
import { AccountsService } from '../domain/accounts.service';
import { EmailVerificationService } from '../domain/email-verification.service';
import { MailedTokens } from '../domain/mailed-tokens';
import { PasswordHasher } from '../domain/password-hasher';
import { PasswordsService } from '../domain/passwords.service';
import { SessionRepository } from '../domain/session.repository';
import { SessionsService } from '../domain/sessions.service';
import { SignInAttemptRepository } from '../domain/sign-in-attempt.repository';
import { SignInThrottle } from '../domain/sign-in-throttle';
import { SignInService } from '../domain/sign-in.service';
import { UserDirectory } from '../domain/user-directory';
import { UserRepository } from '../domain/user.repository';
import { ScryptPasswordHasher } from '../infrastructure/crypto/scrypt-password-hasher';
import { InMemoryAccountTokenRepository } from '../infrastructure/in-memory/in-memory-account-token.repository';
import { InMemoryMailQueue } from '../../mail/infrastructure/in-memory/in-memory-mail-queue';
import { InMemorySessionRepository } from '../infrastructure/in-memory/in-memory-session.repository';
import { InMemorySignInAttemptRepository } from '../infrastructure/in-memory/in-memory-sign-in-attempt.repository';
import { InMemoryUserRepository } from '../infrastructure/in-memory/in-memory-user.repository';

export const TEST_LINKS: AccountLinks = { developerPage: 'https://todo.example/developers' };

export interface AccountsWorldParts {
  users: UserRepository;
  sessionStore: SessionRepository;
  attempts: SignInAttemptRepository;
  tokens: AccountTokenRepository;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  secrets: SecretGenerator;
  passwordHasher: PasswordHasher;
}

/**
 * The auth module's services wired as auth.module.ts wires them, over in-memory adapters
 * unless `parts` names others (the TypeORM ones, in e2e specs); mail is recorded.
 */
export function accountsWorld(parts: Partial<AccountsWorldParts> = {}) {
  const users = parts.users ?? new InMemoryUserRepository();
  const sessionStore = parts.sessionStore ?? new InMemorySessionRepository();
  const attempts = parts.attempts ?? new InMemorySignInAttemptRepository();
  const tokens = parts.tokens ?? new InMemoryAccountTokenRepository(users);
  const uow = parts.uow ?? new InMemoryUnitOfWork();
  const clock = parts.clock ?? new FakeClock();
  const ids = parts.ids ?? new SequentialIdGenerator();
  const secrets = parts.secrets ?? new NodeSecretGenerator();
  const passwordHasher = parts.passwordHasher ?? new ScryptPasswordHasher(2 ** 10);
  const hasher = new Sha256TokenHasher();
  const mail = new InMemoryMailQueue(undefined, clock, ids);
  const accounts = new AccountsService(users, passwordHasher, clock, ids);
  const directory = new UserDirectory(users);
  const sessions = new SessionsService(sessionStore, clock, ids, secrets, hasher);
  const throttle = new SignInThrottle(attempts, uow, clock, ids, hasher);
  const mailed = new MailedTokens(tokens, mail, clock, ids, secrets, hasher, TEST_LINKS);
  const verification = new EmailVerificationService(users, accounts, directory, throttle, uow, mailed);
  const passwords = new PasswordsService(users, sessionStore, accounts, directory, throttle, uow, mailed);
  const signIns = new SignInService(accounts, sessions, throttle, uow, verification);
  return { users, sessionStore, tokens, uow, clock, mail, accounts, directory, sessions, throttle, verification, passwords, signIns };
}

/** The token of the newest link of `kind` mailed to `to`. */
export function tokenMailedTo(mail: InMemoryMailQueue, to: string, kind = 'verify-email'): string {
  const found = mail
    .queued()
    .filter((m) => m.to === to && m.kind === kind)
    .at(-1);
  const token = found && /#(?:verify|reset)=([A-Za-z0-9_-]+)/.exec(found.text)?.[1];
  if (!token) throw new Error(`no ${kind} link mailed to ${to}`);
  return token;
}
