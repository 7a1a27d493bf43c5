import { InMemoryUnitOfWork } from '../../../../common/testing/in-memory-unit-of-work';
import { describeSessionRepositoryContract } from '../../testing/session-repository.contract';
import { describeAccountTokenRepositoryContract } from '../../testing/account-token-repository.contract';
import { InMemoryAccountTokenRepository } from './in-memory-account-token.repository';
import { describeSignInAttemptRepositoryContract } from '../../testing/sign-in-attempt-repository.contract';
import { describeUserRepositoryContract } from '../../testing/user-repository.contract';
import { InMemorySessionRepository } from './in-memory-session.repository';
import { InMemorySignInAttemptRepository } from './in-memory-sign-in-attempt.repository';
import { InMemoryUserRepository } from './in-memory-user.repository';

describeUserRepositoryContract('in memory', async () => new InMemoryUserRepository());
describeSessionRepositoryContract('in memory', async () => ({
  sessions: new InMemorySessionRepository(),
  users: new InMemoryUserRepository(),
}));
describeAccountTokenRepositoryContract('in memory', async () => {
  const users = new InMemoryUserRepository();
  return { tokens: new InMemoryAccountTokenRepository(users), users, uow: new InMemoryUnitOfWork() };
});
describeSignInAttemptRepositoryContract('in memory', async () => ({
  attempts: new InMemorySignInAttemptRepository(),
  uow: new InMemoryUnitOfWork(),
}));
