import { FakeClock } from '../../../common/testing/fake-clock';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { InMemorySignInAttemptRepository } from '../infrastructure/in-memory/in-memory-sign-in-attempt.repository';
import { SIGN_IN_WINDOW_MS, SignInThrottle, TooManySignIns } from './sign-in-throttle';

describe('SignInThrottle', () => {
  let clock: FakeClock;
  let throttle: SignInThrottle;

  beforeEach(() => {
    clock = new FakeClock('2026-05-01T08:00:00.000Z');
    throttle = new SignInThrottle(
      new InMemorySignInAttemptRepository(),
      new InMemoryUnitOfWork(),
      clock,
      new SequentialIdGenerator(),
      new Sha256TokenHasher(),
    );
  });

  /** `count` failed attempts, one second apart. */
  async function fail(count: number, login: (i: number) => string, address: (i: number) => string) {
    for (let i = 0; i < count; i += 1) {
      await throttle.begin(login(i), address(i));
      clock.advance(1000);
    }
  }

  it('refuses the 11th attempt for one login within 15 minutes, from any address and in any case', async () => {
    await fail(
      10,
      () => 'ada@example.com',
      (i) => `10.0.0.${i}`,
    );
    const refused = throttle.begin('  ADA@Example.com', '10.9.9.9');
    await expect(refused).rejects.toBeInstanceOf(TooManySignIns);
    // The first failure was 10 s ago: it leaves the window in 15 min - 10 s.
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 890, message: 'Too many failed sign-ins: retry in 890 seconds' });
    await expect(throttle.begin('someone_else', '10.9.9.9')).resolves.toEqual(expect.any(String));
  });

  it('refuses the 11th attempt from one address, whatever the logins', async () => {
    await fail(
      10,
      (i) => `user_${i}`,
      () => '192.0.2.7',
    );
    await expect(throttle.begin('brand_new', '192.0.2.7')).rejects.toBeInstanceOf(TooManySignIns);
    await expect(throttle.begin('brand_new', '192.0.2.8')).resolves.toEqual(expect.any(String));
  });

  it('says exactly when to retry: one second early is refused, on time is allowed', async () => {
    await fail(
      10,
      () => 'ada_l',
      () => '192.0.2.1',
    );
    const error = await throttle.begin('ada_l', '192.0.2.1').catch((e: TooManySignIns) => e);
    expect(error).toBeInstanceOf(TooManySignIns);
    const wait = (error as TooManySignIns).retryAfterSeconds;
    clock.advance((wait - 1) * 1000);
    await expect(throttle.begin('ada_l', '192.0.2.1')).rejects.toBeInstanceOf(TooManySignIns);
    clock.advance(1000);
    await expect(throttle.begin('ada_l', '192.0.2.1')).resolves.toEqual(expect.any(String));
  });

  it('does not count successful sign-ins, nor refused ones', async () => {
    for (let i = 0; i < 30; i += 1) await throttle.succeeded(await throttle.begin('ada_l', '192.0.2.1'));
    await fail(
      10,
      () => 'ada_l',
      () => '192.0.2.1',
    );
    for (let i = 0; i < 5; i += 1) await expect(throttle.begin('ada_l', '192.0.2.1')).rejects.toBeInstanceOf(TooManySignIns);
    clock.advance(SIGN_IN_WINDOW_MS);
    await fail(
      10,
      () => 'ada_l',
      () => '192.0.2.1',
    );
    await expect(throttle.begin('ada_l', '192.0.2.1')).rejects.toBeInstanceOf(TooManySignIns);
  });

  it('never answers less than 1 second', async () => {
    await fail(
      10,
      () => 'ada_l',
      () => '192.0.2.1',
    );
    clock.advance(SIGN_IN_WINDOW_MS - 10_000 - 1);
    await expect(throttle.begin('ada_l', '192.0.2.1')).rejects.toMatchObject({ retryAfterSeconds: 1 });
  });
});
