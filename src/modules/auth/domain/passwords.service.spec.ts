import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { FakeClock } from '../../../common/testing/fake-clock';
import { accountsWorld, tokenMailedTo } from '../testing/accounts-world';
import { PASSWORD_RESET_TTL_MS } from './account-token';
import { InvalidAccountField, InvalidAccountToken, InvalidCredentials, NoSession, WrongPassword } from './auth.errors';
import { TooManyPasswordResets } from './sign-in-throttle';

const ada = { email: 'ada@example.com', username: 'ada_l', name: 'Ada', password: 'analytical engine' };
const NEW_PASSWORD = 'difference engine';

describe('PasswordsService', () => {
  let world: ReturnType<typeof accountsWorld>;
  let secrets: NodeSecretGenerator;
  let clock: FakeClock;

  beforeEach(() => {
    secrets = new NodeSecretGenerator();
    clock = new FakeClock();
    world = accountsWorld({ secrets, clock });
  });

  const signUp = () => world.signIns.signUp(ada, '192.0.2.1');

  it('does the same work for an account and for an unknown email: one token made and hashed, one statement, one mail', async () => {
    await signUp();
    const generate = jest.spyOn(secrets, 'generate');
    const insertForEmail = jest.spyOn(world.tokens, 'insertForEmail');
    const enqueue = jest.spyOn(world.mail, 'enqueue');
    await world.passwords.requestReset('ADA@example.com', '198.51.100.1');
    const known = [generate.mock.calls.length, insertForEmail.mock.calls.length, enqueue.mock.calls.length];
    await world.passwords.requestReset('nobody@example.com', '198.51.100.2');
    expect([generate.mock.calls.length, insertForEmail.mock.calls.length, enqueue.mock.calls.length]).toEqual(known.map((n) => 2 * n));
    expect(known).toEqual([1, 1, 1]);
    expect(world.mail.queued().map((m) => [m.to, m.kind])).toEqual([
      ['ada@example.com', 'verify-email'],
      ['ada@example.com', 'password-reset'],
      ['nobody@example.com', 'password-reset-no-account'],
    ]);
    expect(world.mail.queued()[2].text).not.toMatch(/#reset=/);
  });

  it('sets the password once with the token: every session ends, the email is verified, the old password fails', async () => {
    const { session, user } = await signUp();
    const other = await world.sessions.start(user.id);
    await world.passwords.requestReset(ada.email, '198.51.100.1');
    const token = tokenMailedTo(world.mail, ada.email, 'password-reset');

    await expect(world.passwords.confirmReset(token, 'short')).rejects.toBeInstanceOf(InvalidAccountField);
    await world.passwords.confirmReset(token, NEW_PASSWORD);
    await expect(world.sessions.require(other.token)).rejects.toBeInstanceOf(NoSession);
    expect(await world.sessionStore.findByTokenHash(session.tokenHash)).toBeNull();
    await expect(world.accounts.signIn(ada.email, ada.password)).rejects.toBeInstanceOf(InvalidCredentials);
    await expect(world.accounts.signIn(ada.email, NEW_PASSWORD)).resolves.toMatchObject({ emailVerified: true });
    await expect(world.passwords.confirmReset(token, 'another new password')).rejects.toBeInstanceOf(InvalidAccountToken);
  });

  it('refuses a token after an hour (the Clock decides) and one of two concurrent confirmations', async () => {
    await signUp();
    await world.passwords.requestReset(ada.email, '198.51.100.1');
    await world.passwords.requestReset(ada.email, '198.51.100.1');
    const [first, second] = world.mail
      .queued()
      .filter((m) => m.kind === 'password-reset')
      .map((m) => /#reset=(\S+)/.exec(m.text)![1]);
    const results = await Promise.allSettled([
      world.passwords.confirmReset(first, NEW_PASSWORD),
      world.passwords.confirmReset(first, NEW_PASSWORD),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    // A reset retires the account's other reset links.
    await expect(world.passwords.confirmReset(second, NEW_PASSWORD)).rejects.toBeInstanceOf(InvalidAccountToken);

    await world.passwords.requestReset(ada.email, '198.51.100.1');
    const late = tokenMailedTo(world.mail, ada.email, 'password-reset');
    clock.advance(PASSWORD_RESET_TTL_MS);
    await expect(world.passwords.confirmReset(late, NEW_PASSWORD)).rejects.toBeInstanceOf(InvalidAccountToken);
  });

  it('throttles per email like sign-ins, the same for an unknown email', async () => {
    await signUp();
    for (const email of [ada.email, 'nobody@example.com']) {
      for (let i = 0; i < 10; i += 1) await world.passwords.requestReset(email, `203.0.113.${i}`);
      await expect(world.passwords.requestReset(email, '203.0.113.99')).rejects.toBeInstanceOf(TooManyPasswordResets);
    }
  });

  it('changes the password with the current one; the other sessions end, this one stays', async () => {
    const { session, user } = await signUp();
    const other = await world.sessions.start(user.id);
    await expect(
      world.passwords.change(session, { currentPassword: 'wrong password', newPassword: NEW_PASSWORD }, '192.0.2.1'),
    ).rejects.toBeInstanceOf(WrongPassword);
    await world.passwords.change(session, { currentPassword: ada.password, newPassword: NEW_PASSWORD }, '192.0.2.1');
    expect(await world.sessionStore.findByTokenHash(session.tokenHash)).not.toBeNull();
    await expect(world.sessions.require(other.token)).rejects.toBeInstanceOf(NoSession);
    await expect(world.accounts.signIn(ada.username, NEW_PASSWORD)).resolves.toMatchObject({ id: user.id });
  });
});
