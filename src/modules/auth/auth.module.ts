import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { SecretGenerator } from '../../common/ports/secret-generator';
import { TokenHasher } from '../../common/ports/token-hasher';
import { MailQueue } from '../../common/ports/mail-queue';
import { MailModule } from '../mail/mail.module';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { developerPageUrl } from '../../config/public-links';
import { AccountTokenRepository } from './domain/account-token.repository';
import { EmailVerificationService } from './domain/email-verification.service';
import { MailedTokens } from './domain/mailed-tokens';
import { PasswordsService } from './domain/passwords.service';
import { TypeOrmAccountTokenRepository } from './infrastructure/typeorm/typeorm-account-token.repository';
import { AccountsService } from './domain/accounts.service';
import { PasswordHasher } from './domain/password-hasher';
import { SessionRepository } from './domain/session.repository';
import { SessionsService } from './domain/sessions.service';
import { SignInAttemptRepository } from './domain/sign-in-attempt.repository';
import { SignInThrottle } from './domain/sign-in-throttle';
import { SignInService } from './domain/sign-in.service';
import { UserDirectory } from './domain/user-directory';
import { UserRepository } from './domain/user.repository';
import { ScryptPasswordHasher } from './infrastructure/crypto/scrypt-password-hasher';
import { TypeOrmSessionRepository } from './infrastructure/typeorm/typeorm-session.repository';
import { TypeOrmSignInAttemptRepository } from './infrastructure/typeorm/typeorm-sign-in-attempt.repository';
import { TypeOrmUserRepository } from './infrastructure/typeorm/typeorm-user.repository';

/** How long an instance shows an account's email and verification as it cached them, when another instance changed them. */
const USER_CACHE_MAX_AGE_MS = 5_000;

@Module({
  imports: [MailModule],
  providers: [
    { provide: UserRepository, useClass: TypeOrmUserRepository },
    { provide: SessionRepository, useClass: TypeOrmSessionRepository },
    { provide: SignInAttemptRepository, useClass: TypeOrmSignInAttemptRepository },
    { provide: AccountTokenRepository, useClass: TypeOrmAccountTokenRepository },
    {
      provide: PasswordHasher,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new ScryptPasswordHasher(2 ** config.passwordScryptCost),
    },
    {
      provide: AccountsService,
      inject: [UserRepository, PasswordHasher, Clock, IdGenerator],
      useFactory: (users: UserRepository, hasher: PasswordHasher, clock: Clock, ids: IdGenerator) =>
        new AccountsService(users, hasher, clock, ids),
    },
    {
      provide: UserDirectory,
      inject: [UserRepository, Clock],
      useFactory: (users: UserRepository, clock: Clock) => new UserDirectory(users, 10_000, { clock, maxAgeMs: USER_CACHE_MAX_AGE_MS }),
    },
    {
      provide: SessionsService,
      inject: [SessionRepository, Clock, IdGenerator, SecretGenerator, TokenHasher],
      useFactory: (sessions: SessionRepository, clock: Clock, ids: IdGenerator, secrets: SecretGenerator, hasher: TokenHasher) =>
        new SessionsService(sessions, clock, ids, secrets, hasher),
    },
    {
      provide: SignInThrottle,
      inject: [SignInAttemptRepository, UnitOfWork, Clock, IdGenerator, TokenHasher],
      useFactory: (attempts: SignInAttemptRepository, uow: UnitOfWork, clock: Clock, ids: IdGenerator, hasher: TokenHasher) =>
        new SignInThrottle(attempts, uow, clock, ids, hasher),
    },
    {
      provide: MailedTokens,
      inject: [AccountTokenRepository, MailQueue, Clock, IdGenerator, SecretGenerator, TokenHasher, AppConfig],
      useFactory: (
        tokens: AccountTokenRepository,
        mail: MailQueue,
        clock: Clock,
        ids: IdGenerator,
        secrets: SecretGenerator,
        hasher: TokenHasher,
        config: AppConfig,
      ) => new MailedTokens(tokens, mail, clock, ids, secrets, hasher, { developerPage: developerPageUrl(config) }),
    },
    {
      provide: EmailVerificationService,
      inject: [UserRepository, AccountsService, UserDirectory, SignInThrottle, UnitOfWork, MailedTokens],
      useFactory: (
        users: UserRepository,
        accounts: AccountsService,
        directory: UserDirectory,
        throttle: SignInThrottle,
        uow: UnitOfWork,
        mailed: MailedTokens,
      ) => new EmailVerificationService(users, accounts, directory, throttle, uow, mailed),
    },
    {
      provide: PasswordsService,
      inject: [UserRepository, SessionRepository, AccountsService, UserDirectory, SignInThrottle, UnitOfWork, MailedTokens],
      useFactory: (
        users: UserRepository,
        sessions: SessionRepository,
        accounts: AccountsService,
        directory: UserDirectory,
        throttle: SignInThrottle,
        uow: UnitOfWork,
        mailed: MailedTokens,
      ) => new PasswordsService(users, sessions, accounts, directory, throttle, uow, mailed),
    },
    {
      provide: SignInService,
      inject: [AccountsService, SessionsService, SignInThrottle, UnitOfWork, EmailVerificationService],
      useFactory: (
        accounts: AccountsService,
        sessions: SessionsService,
        throttle: SignInThrottle,
        uow: UnitOfWork,
        verification: EmailVerificationService,
      ) => new SignInService(accounts, sessions, throttle, uow, verification),
    },
  ],
  exports: [AccountsService, UserDirectory, SessionsService, SignInService, EmailVerificationService, PasswordsService],
})
export class AuthModule {}
