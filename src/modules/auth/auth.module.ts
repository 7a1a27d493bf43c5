import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { SecretGenerator } from '../../common/ports/secret-generator';
import { TokenHasher } from '../../common/ports/token-hasher';
import { UnitOfWork } from '../../common/ports/unit-of-work';
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

@Module({
  providers: [
    { provide: UserRepository, useClass: TypeOrmUserRepository },
    { provide: SessionRepository, useClass: TypeOrmSessionRepository },
    { provide: SignInAttemptRepository, useClass: TypeOrmSignInAttemptRepository },
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
    { provide: UserDirectory, inject: [UserRepository], useFactory: (users: UserRepository) => new UserDirectory(users) },
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
      provide: SignInService,
      inject: [AccountsService, SessionsService, SignInThrottle, UnitOfWork],
      useFactory: (accounts: AccountsService, sessions: SessionsService, throttle: SignInThrottle, uow: UnitOfWork) =>
        new SignInService(accounts, sessions, throttle, uow),
    },
  ],
  exports: [AccountsService, UserDirectory, SessionsService, SignInService],
})
export class AuthModule {}
