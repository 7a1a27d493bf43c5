import { Readable } from 'node:stream';
import { FakeClock } from '../common/testing/fake-clock';
import { SequentialIdGenerator } from '../common/testing/sequential-id-generator';
import { AccountsService } from '../modules/auth/domain/accounts.service';
import { EmailTaken } from '../modules/auth/domain/auth.errors';
import { ScryptPasswordHasher } from '../modules/auth/infrastructure/crypto/scrypt-password-hasher';
import { InMemoryUserRepository } from '../modules/auth/infrastructure/in-memory/in-memory-user.repository';
import { ApiKey } from '../modules/keys/domain/api-key';
import { InvalidGracePeriod, InvalidKeyRestriction, KeyNotFound } from '../modules/keys/domain/keys.errors';
import { InMemoryApiKeyRepository } from '../modules/keys/infrastructure/in-memory/in-memory-api-key.repository';
import { keysServiceFor } from '../modules/keys/testing/keys-fixture';
import { CommandError, CommandServices, generatePassword, parseCommand, runCommand, UsageError } from './commands';
import { readPasswordFromStdin } from './password-input';
import { mailFixture } from '../modules/mail/testing/mail-fixture';

describe('operator command', () => {
  describe('parseCommand', () => {
    it('reads the options of each command, in either --name value or --name=value form', () => {
      expect(parseCommand(['create-user', '--email=a@b.co', '--username', 'ada', '--name', 'Ada L', '--json'])).toEqual({
        command: 'create-user',
        values: { email: 'a@b.co', username: 'ada', name: 'Ada L', json: true },
      });
      expect(parseCommand(['revoke-key', '--login', 'ada', '--last4', 'ab12'])).toEqual({
        command: 'revoke-key',
        values: { login: 'ada', last4: 'ab12' },
      });
      expect(parseCommand([]).command).toBe('help');
      expect(parseCommand(['--help']).command).toBe('help');
    });

    it.each([
      [['drop-database']],
      [['create-key', '--login', 'ada']],
      [['create-key', '--login', 'ada', '--label', 'x', 'extra']],
      [['create-user', '--email', 'a@b.co', '--username', 'ada', '--name', 'A', '--password', 'in-argv-is-unsafe']],
      [['revoke-key', '--login', 'ada']],
      [['revoke-key', '--login', 'ada', '--key-id', 'k', '--last4', 'abcd']],
    ])('refuses %j as a usage mistake', (argv) => {
      expect(() => parseCommand(argv)).toThrow(UsageError);
    });
  });

  describe('commands over the domain services', () => {
    let services: CommandServices;
    let keyRepo: InMemoryApiKeyRepository;
    const run = (argv: string[], password = { value: 'a long enough password', generated: false }) =>
      runCommand(services, parseCommand(argv), password);

    beforeEach(() => {
      const clock = new FakeClock('2026-05-01T08:00:00.000Z');
      const ids = new SequentialIdGenerator();
      services = {
        accounts: new AccountsService(new InMemoryUserRepository(), new ScryptPasswordHasher(2 ** 10), clock, ids),
        keys: keysServiceFor((keyRepo = new InMemoryApiKeyRepository()), clock, { ids }),
        mail: mailFixture().operations,
      };
    });

    it('returns a generated password once, and never a typed one', async () => {
      const typed = await run(['create-user', '--email', 'Ada@Example.com', '--username', 'ada', '--name', 'Ada']);
      // The operator vouches for the address: the account starts verified.
      expect(typed.json).toEqual({ id: expect.any(String), email: 'ada@example.com', username: 'ada', name: 'Ada', email_verified: true });
      expect(typed.text.join('\n')).not.toContain('a long enough password');
      const secret = generatePassword();
      const generated = await run(['create-user', '--email', 'bo@example.com', '--username', 'bob', '--name', 'Bo'], {
        value: secret,
        generated: true,
      });
      expect(generated.json).toMatchObject({ username: 'bob', password: secret });
      expect(generated.text).toContain(`generated password, shown only now: ${secret}`);
      await expect(services.accounts.signIn('bob', secret)).resolves.toMatchObject({ username: 'bob' });
    });

    it('leaves validation to the domain: a duplicate email is the domain error', async () => {
      await run(['create-user', '--email', 'ada@example.com', '--username', 'ada', '--name', 'Ada']);
      await expect(run(['create-user', '--email', 'ADA@example.com', '--username', 'ada2', '--name', 'Ada'])).rejects.toBeInstanceOf(
        EmailTaken,
      );
    });

    it('creates, lists and revokes keys of the account named by email or username', async () => {
      await run(['create-user', '--email', 'ada@example.com', '--username', 'ada', '--name', 'Ada']);
      const created = await run(['create-key', '--login', 'ADA@example.com', '--label', 'ci']);
      const secret = created.json.key as string;
      expect(secret).toMatch(/^sk_live_[0-9a-f]{64}$/);
      expect(created.text[1]).toBe(secret);

      const listed = await run(['list-keys', '--login', 'ada']);
      expect(listed.json).toEqual({ keys: [expect.objectContaining({ id: created.json.id, status: 'active', last4: secret.slice(-4) })] });
      expect(JSON.stringify(listed)).not.toContain(secret.slice(8, -4));

      const revoked = await run(['revoke-key', '--login', 'ada', '--last4', secret.slice(-4).toUpperCase()]);
      expect(revoked.json).toMatchObject({ id: created.json.id, status: 'revoked' });
      await expect(run(['revoke-key', '--login', 'ada', '--last4', secret.slice(-4)])).rejects.toThrow(
        `ada has no active key ending in ${secret.slice(-4)}`,
      );
    });

    it('creates a restricted key from comma-separated options, lists by mode and rolls it', async () => {
      await run(['create-user', '--email', 'ada@example.com', '--username', 'ada', '--name', 'Ada']);
      const created = await run([
        'create-key',
        ...['--login', 'ada', '--label', 'bot', '--scopes', 'items:read, profile:read'],
        ...['--expires-at', '2026-06-01T00:00:00Z', '--allowed-ips', '192.0.2.0/24,2001:db8::1'],
      ]);
      expect(created.json).toMatchObject({
        mode: 'live',
        scopes: ['items:read', 'profile:read'],
        list_ids: null,
        expires_at: '2026-06-01T00:00:00.000Z',
        allowed_ips: ['192.0.2.0/24', '2001:db8::1'],
      });
      expect(await run(['list-keys', '--login', 'ada', '--mode', 'test'])).toEqual({ json: { keys: [] }, text: ['ada has no test keys'] });
      const test = await run(['create-key', '--login', 'ada', '--label', 'sandbox', '--mode', 'test']);
      expect(test.json).toMatchObject({ mode: 'test', prefix: 'sk_test_' });
      expect(test.text).toEqual([
        `created test key "sandbox" (id ${test.json.id as string}) for ada; it is shown only now:`,
        test.json.key,
      ]);
      const listed = await run(['list-keys', '--login', 'ada']);
      expect(listed.text[0]).toBe('id  key  mode  status  created  last used  label');
      expect(listed.text.slice(1).map((line) => line.split(/ {2,}/)[2])).toEqual(['live', 'test']);

      const rolled = await run(['roll-key', '--login', 'ada', '--key-id', created.json.id as string, '--expires-in-hours', '24']);
      expect(rolled.json).toMatchObject({
        label: 'bot',
        scopes: ['items:read', 'profile:read'],
        expires_at: '2026-06-01T00:00:00.000Z',
        replaced: { id: created.json.id, expires_at: '2026-05-02T08:00:00.000Z', status: 'active' },
      });
      expect(rolled.text[1]).toBe(rolled.json.key);
      for (const hours of ['169', '-1', '1.5', '', '1e1']) {
        await expect(
          run(['roll-key', '--login', 'ada', '--key-id', rolled.json.id as string, `--expires-in-hours=${hours}`]),
        ).rejects.toBeInstanceOf(InvalidGracePeriod);
      }
      await expect(run(['create-key', '--login', 'ada', '--label', 'x', '--scopes', 'admin'])).rejects.toBeInstanceOf(
        InvalidKeyRestriction,
      );
    });

    it('refuses an unknown login, another account’s key and an ambiguous last4', async () => {
      await expect(run(['create-key', '--login', 'ghost', '--label', 'x'])).rejects.toThrow(
        new CommandError('no account with the login "ghost"'),
      );
      await run(['create-user', '--email', 'ada@example.com', '--username', 'ada', '--name', 'Ada']);
      await run(['create-user', '--email', 'bo@example.com', '--username', 'bob', '--name', 'Bo']);
      const { json } = await run(['create-key', '--login', 'ada', '--label', 'x']);
      await expect(run(['revoke-key', '--login', 'bob', '--key-id', json.id as string])).rejects.toBeInstanceOf(KeyNotFound);

      // Two active keys that end alike (about 1 in 65,536 pairs): the operator must name one by id.
      const adaId = (await services.accounts.findByLogin('ada'))!.id;
      const first = (await keyRepo.findById(json.id as string))!.toProps();
      await keyRepo.insertIfBelowLimit(
        ApiKey.restore({ ...first, id: '00000000-0000-4000-8000-0000000000aa', keyHash: 'f'.repeat(64), userId: adaId }),
        20,
      );
      await expect(run(['revoke-key', '--login', 'ada', '--last4', first.last4])).rejects.toThrow(
        new CommandError(`2 active keys of ada end in ${first.last4}; name one with --key-id`),
      );
    });
  });

  describe('dead mail', () => {
    let services: CommandServices;
    let mail: ReturnType<typeof mailFixture>;

    beforeEach(() => {
      mail = mailFixture();
      const clock = new FakeClock('2026-05-01T08:00:00.000Z');
      const ids = new SequentialIdGenerator();
      services = {
        accounts: new AccountsService(new InMemoryUserRepository(), new ScryptPasswordHasher(2 ** 10), clock, ids),
        keys: keysServiceFor(new InMemoryApiKeyRepository(), clock, { ids }),
        mail: mail.operations,
      };
    });

    it('lists dead mail without its text, and queues one again by id', async () => {
      expect((await runCommand(services, parseCommand(['dead-mail']))).text).toEqual(['no dead mail']);
      mail.sender.script.push({ kind: 'failed', error: '550 5.1.1 <ada@example.com> no such user', permanent: true });
      await mail.queue.enqueue({ to: 'ada@example.com', subject: 'Reset', text: 'token-abcdefghijklmnop', kind: 'password-reset' });
      await mail.round();
      const listed = await runCommand(services, parseCommand(['dead-mail', '--json']));
      const [dead] = listed.json.mail as Array<Record<string, unknown>>;
      expect(dead).toEqual({
        id: expect.any(String),
        kind: 'password-reset',
        to: 'ada@example.com',
        status: 'dead',
        attempts: 1,
        last_error: '550 5.1.1 <…@example.com> no such user',
        created_at: '2026-11-24T10:00:00.000Z',
        updated_at: '2026-11-24T10:00:00.000Z',
      });
      expect(JSON.stringify(listed)).not.toContain('token-');
      const retried = await runCommand(services, parseCommand(['retry-mail', '--id', dead.id as string]));
      expect(retried.text).toEqual([`mail ${dead.id as string} (password-reset to ada@example.com) is queued again`]);
      await mail.round();
      expect(mail.sender.sent.map((m) => m.text)).toEqual(['token-abcdefghijklmnop', 'token-abcdefghijklmnop']);
      await expect(runCommand(services, parseCommand(['retry-mail', '--id', dead.id as string]))).rejects.toMatchObject({
        code: 'DEAD_MAIL_NOT_FOUND',
      });
      expect(() => parseCommand(['retry-mail'])).toThrow(UsageError);
    });
  });

  describe('readPasswordFromStdin', () => {
    it('takes everything but one trailing line ending, and refuses nothing at all', async () => {
      await expect(readPasswordFromStdin(Readable.from(['pass word ', 'with spaces\r\n']))).resolves.toBe('pass word with spaces');
      await expect(readPasswordFromStdin(Readable.from(['two\n\n']))).resolves.toBe('two\n');
      await expect(readPasswordFromStdin(Readable.from([]))).rejects.toThrow('--password-stdin: stdin was empty');
    });
  });
});
