import { FakeClock } from '../../../common/ports/clock';
import { SequentialIdGenerator } from '../../../common/ports/id-generator';
import { InMemoryUnitOfWork } from '../../../common/ports/unit-of-work';
import { InMemorySessionRepository } from '../infrastructure/in-memory/in-memory-session.repository';
import { InMemorySignInAttemptRepository } from '../infrastructure/in-memory/in-memory-sign-in-attempt.repository';
import { InMemoryUserRepository } from '../infrastructure/in-memory/in-memory-user.repository';
import { AccountsService } from './accounts.service';
import { InvalidCredentials, NoSession } from './auth.errors';
import { ScryptPasswordHasher } from './password-hasher';
import { SessionsService } from './sessions.service';
import { SignInThrottle, TooManySignIns } from './sign-in-throttle';
import { SignInService } from './sign-in.service';

const ada = { email: 'ada@example.com', username: 'ada_l', name: 'Ada', password: 'analytical engine' };

describe('SignInService', () => {
  let users: InMemoryUserRepository;
  let sessions: SessionsService;
  let service: SignInService;

  beforeEach(() => {
    const clock = new FakeClock();
    const ids = new SequentialIdGenerator();
    const uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository();
    sessions = new SessionsService(new InMemorySessionRepository(), clock, ids);
    const accounts = new AccountsService(users, new ScryptPasswordHasher(2 ** 10), clock, ids);
    service = new SignInService(accounts, sessions, new SignInThrottle(new InMemorySignInAttemptRepository(), uow, clock, ids), uow);
  });

  it('signs up into a live session', async () => {
    const { user, token } = await service.signUp(ada);
    await expect(sessions.require(token)).resolves.toMatchObject({ userId: user.id });
  });

  it('signs in with a fresh session each time and ends the one the browser held', async () => {
    const first = await service.signUp(ada);
    const second = await service.signIn('ada_l', ada.password, '192.0.2.1', first.token);
    expect(second.token).not.toBe(first.token);
    await expect(sessions.require(first.token)).rejects.toBeInstanceOf(NoSession);
    await expect(sessions.require(second.token)).resolves.toMatchObject({ userId: first.user.id });
  });

  it('slows repeated failures down to a 429 even for the right password', async () => {
    await service.signUp(ada);
    for (let i = 0; i < 10; i += 1) {
      await expect(service.signIn('ada_l', 'wrong password', '192.0.2.1')).rejects.toBeInstanceOf(InvalidCredentials);
    }
    await expect(service.signIn('ada_l', ada.password, '192.0.2.1')).rejects.toBeInstanceOf(TooManySignIns);
  });

  it('signs out: the token no longer opens a session', async () => {
    const { token } = await service.signUp(ada);
    await service.signOut(token);
    await expect(sessions.require(token)).rejects.toBeInstanceOf(NoSession);
  });
});
