import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryAccountTokenRepository } from '../infrastructure/in-memory/in-memory-account-token.repository';
import { accountsWorld, tokenMailedTo } from '../testing/accounts-world';
import { EmailAlreadyVerified, EmailTaken, InvalidAccountToken, TooManyVerificationMails, WrongPassword } from './auth.errors';
import { MAX_RESENDS_PER_HOUR, RESEND_WINDOW_MS } from './email-verification.service';
import { VERIFICATION_TTL_MS } from './account-token';

const ada = { email: 'Ada@Example.com', username: 'ada_l', name: 'Ada', password: 'analytical engine' };

describe('EmailVerificationService', () => {
  let world: ReturnType<typeof accountsWorld>;
  let tokens: InMemoryAccountTokenRepository;
  let clock: FakeClock;

  beforeEach(() => {
    clock = new FakeClock();
    world = accountsWorld({ clock });
    tokens = world.tokens as InMemoryAccountTokenRepository;
  });

  const signUp = async (fields = ada) => (await world.signIns.signUp(fields, '192.0.2.1')).user;

  it('queues the verification mail with the sign-up, in its unit of work, and stores only the hash of its 256-bit token', async () => {
    const user = await signUp();
    expect(user.emailVerified).toBe(false);
    expect(world.mail.queued()).toEqual([
      {
        to: 'ada@example.com',
        kind: 'verify-email',
        subject: 'Confirm your email address',
        text: expect.stringContaining('https://todo.example/developers#verify='),
      },
    ]);
    const token = tokenMailedTo(world.mail, 'ada@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.all()).toEqual([
      expect.objectContaining({ userId: user.id, tokenHash: new Sha256TokenHasher().digest(token), email: 'ada@example.com' }),
    ]);
    expect(JSON.stringify(tokens.all())).not.toContain(token);
  });

  it('fails the sign-up when its mail cannot be queued (the database rolls the account back: repositories.e2e-spec)', async () => {
    jest.spyOn(world.mail, 'enqueue').mockRejectedValueOnce(new Error('queue unavailable'));
    await expect(signUp()).rejects.toThrow('queue unavailable');
    expect(world.mail.queued()).toEqual([]);
  });

  it('verifies once, until the token expires (the Clock decides)', async () => {
    const user = await signUp();
    const token = tokenMailedTo(world.mail, 'ada@example.com');
    await expect(world.verification.verify(token)).resolves.toMatchObject({ id: user.id, emailVerified: true });
    await expect(world.verification.verify(token)).rejects.toBeInstanceOf(InvalidAccountToken);

    await signUp({ ...ada, email: 'bob@example.com', username: 'bob_b' });
    const late = tokenMailedTo(world.mail, 'bob@example.com');
    clock.advance(VERIFICATION_TTL_MS);
    await expect(world.verification.verify(late)).rejects.toBeInstanceOf(InvalidAccountToken);
    await expect(world.verification.verify('malformed')).rejects.toBeInstanceOf(InvalidAccountToken);
    await expect(world.verification.verify(42)).rejects.toBeInstanceOf(InvalidAccountToken);
  });

  it(`resends at most ${MAX_RESENDS_PER_HOUR} times in any hour, each a new token that retires the one before`, async () => {
    const user = await signUp();
    const seen = [tokenMailedTo(world.mail, 'ada@example.com')];
    for (let i = 0; i < MAX_RESENDS_PER_HOUR; i += 1) {
      clock.advance(60_000);
      await world.verification.resend(user.id);
      seen.push(tokenMailedTo(world.mail, 'ada@example.com'));
    }
    expect(new Set(seen).size).toBe(MAX_RESENDS_PER_HOUR + 1);
    const refused = world.verification.resend(user.id);
    await expect(refused).rejects.toBeInstanceOf(TooManyVerificationMails);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: (RESEND_WINDOW_MS - 4 * 60_000) / 1000 });
    await expect(world.verification.verify(seen[0])).rejects.toBeInstanceOf(InvalidAccountToken);

    clock.advance(RESEND_WINDOW_MS - 4 * 60_000);
    await world.verification.resend(user.id);
    await world.verification.verify(tokenMailedTo(world.mail, 'ada@example.com'));
    await expect(world.verification.resend(user.id)).rejects.toBeInstanceOf(EmailAlreadyVerified);
  });

  it('changes the email only with the current password, unverified, mailing the new address; old links verify nothing', async () => {
    const user = await signUp();
    await signUp({ ...ada, email: 'taken@example.com', username: 'taken' });
    const old = tokenMailedTo(world.mail, 'ada@example.com');
    await expect(
      world.verification.changeEmail(user.id, { email: 'new@example.com', password: 'wrong password' }, '192.0.2.9'),
    ).rejects.toBeInstanceOf(WrongPassword);
    await expect(
      world.verification.changeEmail(user.id, { email: 'TAKEN@example.com', password: ada.password }, '192.0.2.9'),
    ).rejects.toBeInstanceOf(EmailTaken);
    const changed = await world.verification.changeEmail(user.id, { email: 'New@Example.com', password: ada.password }, '192.0.2.9');
    expect(changed).toMatchObject({ email: 'new@example.com', emailVerified: false });
    await expect(world.verification.verify(old)).rejects.toBeInstanceOf(InvalidAccountToken);
    await expect(world.verification.verify(tokenMailedTo(world.mail, 'new@example.com'))).resolves.toMatchObject({
      email: 'new@example.com',
      emailVerified: true,
    });
    expect((await world.directory.findById(user.id))?.email).toBe('new@example.com');
  });
});
