import { FakeClock } from '../../../common/testing/fake-clock';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { InMemoryUserRepository } from '../infrastructure/in-memory/in-memory-user.repository';
import { EmailTaken, InvalidAccountField, InvalidCredentials, NoSession, UsernameTaken } from './auth.errors';
import { ScryptPasswordHasher } from '../infrastructure/crypto/scrypt-password-hasher';
import { SessionsService } from './sessions.service';
import { SIGN_IN_WINDOW_MS, TooManySignIns, TooManySignUps } from './sign-in-throttle';
import { SignInService } from './sign-in.service';
import { accountsWorld } from '../testing/accounts-world';

const ada = { email: 'ada@example.com', username: 'ada_l', name: 'Ada', password: 'analytical engine' };

/** Knows whether a unit of work (a transaction, with the TypeORM adapter) is open. */
class WatchedUnitOfWork extends InMemoryUnitOfWork {
  open = 0;
  override run<T>(work: () => Promise<T>): Promise<T> {
    return super.run(async () => {
      this.open += 1;
      try {
        return await work();
      } finally {
        this.open -= 1;
      }
    });
  }
}

/** Records, for each hash, whether a unit of work was open meanwhile. */
class WatchingHasher extends ScryptPasswordHasher {
  readonly hashedInsideUnitOfWork: boolean[] = [];
  constructor(private readonly uow: WatchedUnitOfWork) {
    super(2 ** 10);
  }
  override hash(password: string): Promise<string> {
    this.hashedInsideUnitOfWork.push(this.uow.open > 0);
    return super.hash(password);
  }
}

describe('SignInService', () => {
  let users: InMemoryUserRepository;
  let sessions: SessionsService;
  let service: SignInService;
  let clock: FakeClock;
  let hasher: WatchingHasher;

  beforeEach(() => {
    clock = new FakeClock();
    const ids = new SequentialIdGenerator();
    const uow = new WatchedUnitOfWork();
    hasher = new WatchingHasher(uow);
    users = new InMemoryUserRepository();
    ({ sessions, signIns: service } = accountsWorld({ users, clock, ids, uow, passwordHasher: hasher }));
  });

  it('signs up into a live session', async () => {
    const { user, token } = await service.signUp(ada, '192.0.2.1');
    await expect(sessions.require(token)).resolves.toMatchObject({ userId: user.id });
  });

  it('signs in with a fresh session each time and ends the one the browser held', async () => {
    const first = await service.signUp(ada, '192.0.2.1');
    const second = await service.signIn('ada_l', ada.password, '192.0.2.1', first.token);
    expect(second.token).not.toBe(first.token);
    await expect(sessions.require(first.token)).rejects.toBeInstanceOf(NoSession);
    await expect(sessions.require(second.token)).resolves.toMatchObject({ userId: first.user.id });
  });

  it('slows repeated failures down to a 429 even for the right password', async () => {
    await service.signUp(ada, '192.0.2.1');
    for (let i = 0; i < 10; i += 1) {
      await expect(service.signIn('ada_l', 'wrong password', '192.0.2.1')).rejects.toBeInstanceOf(InvalidCredentials);
    }
    await expect(service.signIn('ada_l', ada.password, '192.0.2.1')).rejects.toBeInstanceOf(TooManySignIns);
  });

  it('signs out: the token no longer opens a session', async () => {
    const { token } = await service.signUp(ada, '192.0.2.1');
    await service.signOut(token);
    await expect(sessions.require(token)).rejects.toBeInstanceOf(NoSession);
  });

  describe('sign-up', () => {
    const taken = (i: number) => ({ ...ada, username: `other_${i}` });

    it('hashes the password outside the transaction, and as much for a taken email as for a new one', async () => {
      await service.signUp(ada, '192.0.2.1');
      await expect(service.signUp(taken(1), '192.0.2.1')).rejects.toBeInstanceOf(EmailTaken);
      expect(hasher.hashedInsideUnitOfWork).toEqual([false, false]);
    });

    it('counts failed sign-ups per address and refuses the 11th with 429 until the window frees a slot', async () => {
      await service.signUp(ada, '203.0.113.1');
      for (let i = 0; i < 10; i += 1) {
        await expect(service.signUp({ ...taken(i), email: `ada_${i}@example.com`, username: 'ada_l' }, '192.0.2.1')).rejects.toBeInstanceOf(
          UsernameTaken,
        );
        clock.advance(1000);
      }
      const refused = service.signUp({ ...ada, email: 'new@example.com', username: 'brand_new' }, '192.0.2.1');
      await expect(refused).rejects.toBeInstanceOf(TooManySignUps);
      await expect(refused).rejects.toMatchObject({
        retryAfterSeconds: 890,
        message: 'Too many failed sign-ups or sign-ins: retry in 890 seconds',
      });
      // Refused before any hashing.
      expect(hasher.hashedInsideUnitOfWork).toHaveLength(11);
      // Another address is not concerned.
      await expect(service.signUp({ ...ada, email: 'new@example.com', username: 'brand_new' }, '192.0.2.2')).resolves.toBeDefined();
      clock.advance(SIGN_IN_WINDOW_MS - 10_000);
      await expect(service.signUp({ ...ada, email: 'newer@example.com', username: 'newer' }, '192.0.2.1')).resolves.toBeDefined();
    });

    it('counts failed sign-ups for one email like failed sign-ins for that login, from any address', async () => {
      await service.signUp(ada, '203.0.113.1');
      for (let i = 0; i < 5; i += 1) {
        await expect(service.signUp(taken(i), `198.51.100.${i}`)).rejects.toBeInstanceOf(EmailTaken);
        await expect(service.signIn('ADA@example.com', 'wrong password', `198.51.100.${i}`)).rejects.toBeInstanceOf(InvalidCredentials);
      }
      await expect(service.signUp(taken(9), '198.51.100.9')).rejects.toBeInstanceOf(TooManySignUps);
      await expect(service.signIn('ada@example.com', ada.password, '198.51.100.9')).rejects.toBeInstanceOf(TooManySignIns);
    });

    it('does not count successful sign-ups, nor ones refused by the field rules', async () => {
      for (let i = 0; i < 11; i += 1) {
        await expect(service.signUp({ ...ada, email: `bad_${i}`, username: `bad_${i}` }, '192.0.2.1')).rejects.toBeInstanceOf(
          InvalidAccountField,
        );
        await service.signUp({ ...ada, email: `ok_${i}@example.com`, username: `ok_${i}` }, '192.0.2.1');
      }
      await expect(service.signUp({ ...ada, email: 'last@example.com', username: 'last' }, '192.0.2.1')).resolves.toBeDefined();
    });
  });
});
