import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { SignInAttempt, SignInAttemptRepository } from '../domain/sign-in-attempt.repository';

export interface SignInAttemptAdapters {
  attempts: SignInAttemptRepository;
  uow: UnitOfWork;
}

/**
 * What every SignInAttemptRepository must do. `removeOlderThan` is global, so the
 * TypeORM run needs a database of its own.
 */
export function describeSignInAttemptRepositoryContract(name: string, make: () => Promise<SignInAttemptAdapters>): void {
  describe(`SignInAttemptRepository contract: ${name}`, () => {
    let adapters: SignInAttemptAdapters;
    const at = (minute: number) => new Date(Date.UTC(2099, 0, 1, 0, minute));
    const anAttempt = (overrides: Partial<SignInAttempt> = {}): SignInAttempt => ({
      id: randomUUID(),
      loginKey: randomBytes(32).toString('hex'),
      address: `10.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      at: at(0),
      ...overrides,
    });

    beforeEach(async () => {
      adapters = await make();
    });

    it('lists the times of one login or one address since a moment, oldest first', async () => {
      const loginKey = randomBytes(32).toString('hex');
      const address = `192.0.2.${randomBytes(1)[0]}`;
      await adapters.attempts.add(anAttempt({ loginKey, at: at(5) }));
      await adapters.attempts.add(anAttempt({ loginKey, address, at: at(1) }));
      await adapters.attempts.add(anAttempt({ loginKey, at: at(3) }));
      await adapters.attempts.add(anAttempt({ address, at: at(4) }));

      expect(await adapters.attempts.timesFor('login', loginKey, at(1))).toEqual([at(1), at(3), at(5)]);
      expect(await adapters.attempts.timesFor('login', loginKey, at(2))).toEqual([at(3), at(5)]);
      expect(await adapters.attempts.timesFor('address', address, at(0))).toEqual([at(1), at(4)]);
      expect(await adapters.attempts.timesFor('address', '198.51.100.1', at(0))).toEqual([]);
    });

    it('removes one attempt by id, and every attempt older than a moment', async () => {
      const loginKey = randomBytes(32).toString('hex');
      const [old, removed, kept] = [
        anAttempt({ loginKey, at: at(1) }),
        anAttempt({ loginKey, at: at(2) }),
        anAttempt({ loginKey, at: at(3) }),
      ];
      for (const a of [old, removed, kept]) await adapters.attempts.add(a);
      await adapters.attempts.remove(removed.id);
      await adapters.attempts.removeOlderThan(at(2));
      expect(await adapters.attempts.timesFor('login', loginKey, at(0))).toEqual([at(3)]);
    });

    it('makes units of work that lock the same login take turns', async () => {
      const loginKey = randomBytes(32).toString('hex');
      const trace: string[] = [];
      const unit = (label: string, address: string) =>
        adapters.uow.run(async () => {
          await adapters.attempts.lockSubjects(loginKey, address);
          trace.push(`${label}:start`);
          await sleep(50);
          trace.push(`${label}:end`);
        });
      await Promise.all([unit('a', '192.0.2.1'), unit('b', '192.0.2.2')]);
      const first = trace[0].split(':')[0];
      const second = first === 'a' ? 'b' : 'a';
      expect(trace).toEqual([`${first}:start`, `${first}:end`, `${second}:start`, `${second}:end`]);
    });
  });
}
