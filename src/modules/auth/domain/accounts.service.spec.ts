import { FakeClock } from '../../../common/testing/fake-clock';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryUserRepository } from '../infrastructure/in-memory/in-memory-user.repository';
import { AccountsService, SignUp } from './accounts.service';
import { EmailTaken, InvalidAccountField, InvalidCredentials, UsernameTaken } from './auth.errors';
import { ScryptPasswordHasher } from '../infrastructure/crypto/scrypt-password-hasher';

const valid: SignUp = { email: 'Ada@Example.com', username: 'ada_l', name: '  Ada Lovelace ', password: 'analytical engine' };

describe('AccountsService', () => {
  let users: InMemoryUserRepository;
  let accounts: AccountsService;

  beforeEach(() => {
    users = new InMemoryUserRepository();
    accounts = new AccountsService(
      users,
      new ScryptPasswordHasher(2 ** 10),
      new FakeClock('2026-05-01T08:00:00.000Z'),
      new SequentialIdGenerator(),
    );
  });

  it('creates an account with a normalised email, a trimmed name and a salted scrypt hash', async () => {
    const user = await accounts.signUp(valid);
    expect(user).toMatchObject({
      id: '00000000-0000-4000-8000-000000000001',
      email: 'ada@example.com',
      username: 'ada_l',
      name: 'Ada Lovelace',
      createdAt: new Date('2026-05-01T08:00:00.000Z'),
    });
    expect(user.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(user.passwordHash).not.toContain(valid.password);
    const again = await accounts.signUp({ ...valid, email: 'other@example.com', username: 'other' });
    expect(again.passwordHash).not.toBe(user.passwordHash);
  });

  it('re-hashes a password stored with a lower scrypt N at the next successful sign-in, and only then', async () => {
    const old = new AccountsService(
      users,
      new ScryptPasswordHasher(2 ** 10),
      new FakeClock('2026-05-01T08:00:00.000Z'),
      new SequentialIdGenerator(),
    );
    const user = await old.signUp(valid);
    const stronger = new AccountsService(
      users,
      new ScryptPasswordHasher(2 ** 11),
      new FakeClock('2026-05-01T08:00:00.000Z'),
      new SequentialIdGenerator(),
    );
    await expect(stronger.signIn('ada_l', 'not the password')).rejects.toBeInstanceOf(InvalidCredentials);
    expect((await users.findById(user.id))?.passwordHash).toBe(user.passwordHash);
    const signedIn = await stronger.signIn('ada_l', valid.password);
    const stored = (await users.findById(user.id))!.passwordHash;
    expect(stored).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect(signedIn.passwordHash).toBe(stored);
    // The new hash works, and is not replaced again.
    await stronger.signIn('ada_l', valid.password);
    expect((await users.findById(user.id))!.passwordHash).toBe(stored);
  });

  it.each([
    ['an email without a domain', { email: 'ada@' }, /email/],
    ['an email with spaces', { email: 'ada lovelace@example.com' }, /email/],
    ['upper case in the username', { username: 'Ada' }, /username/],
    ['a username of 2 characters', { username: 'ad' }, /username/],
    ['a username of 33 characters', { username: 'a'.repeat(33) }, /username/],
    ['a blank name', { name: ' \t ' }, /name/],
    ['a name of 101 code points', { name: 'é'.repeat(101) }, /name/],
    ['a password of 9 characters', { password: 'x'.repeat(9) }, /password/],
  ])('refuses %s with a 400-kind error and stores nothing', async (_label, overrides, message) => {
    const attempt = accounts.signUp({ ...valid, ...overrides });
    await expect(attempt).rejects.toBeInstanceOf(InvalidAccountField);
    await expect(attempt).rejects.toThrow(message);
    expect(await users.findByUsername(valid.username)).toBeNull();
  });

  it('counts code points, not UTF-16 units: 100 emoji make a valid name', async () => {
    await expect(accounts.signUp({ ...valid, name: '🙂'.repeat(100) })).resolves.toMatchObject({ name: '🙂'.repeat(100) });
  });

  it('refuses a taken email (in any case) or username', async () => {
    await accounts.signUp(valid);
    await expect(accounts.signUp({ ...valid, username: 'someone_else', email: 'ADA@example.COM' })).rejects.toBeInstanceOf(EmailTaken);
    await expect(accounts.signUp({ ...valid, email: 'new@example.com' })).rejects.toBeInstanceOf(UsernameTaken);
  });

  it('signs in by email in any case or by username', async () => {
    const user = await accounts.signUp(valid);
    await expect(accounts.signIn(' ADA@example.com ', valid.password)).resolves.toEqual(user);
    await expect(accounts.signIn('ada_l', valid.password)).resolves.toEqual(user);
    await expect(accounts.signIn('ADA_L', valid.password)).resolves.toEqual(user);
  });

  it('answers one generic error for a wrong password and for an unknown login', async () => {
    await accounts.signUp(valid);
    for (const [login, password] of [
      ['ada_l', 'wrong password'],
      ['nobody', valid.password],
      ['no@one.test', valid.password],
    ]) {
      const failure = accounts.signIn(login, password);
      await expect(failure).rejects.toBeInstanceOf(InvalidCredentials);
      await expect(failure).rejects.toThrow(/^invalid login or password$/);
    }
  });
});
