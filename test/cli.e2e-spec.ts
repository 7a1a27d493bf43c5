import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AccountsService } from '../src/modules/auth/domain/accounts.service';
import { runNpm, userEnv } from './support/npm-process';
import { listen, PortalClient } from './support/portal-client';
import { recordSecret } from './support/secret-ledger';
import { cli } from './support/cli-process';
import { freePort, ROOT, ServiceProcess, spawnReady, stopInstances } from './support/service-process';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

// Each run of the command is a new Node process that boots the domain modules (about a second
// on an idle machine, several on a busy one): a test of five runs needs the e2e project's 60 s.

const fresh = () => {
  const tag = randomBytes(5).toString('hex');
  return { email: `Op_${tag}@Example.test`, username: `op_${tag}`, name: `Operator ${tag}` };
};

describe('operator command (npm run cli)', () => {
  let t: TestApp;
  let baseUrl: string;
  /** The account of the first test, reused where any existing account will do. */
  let firstUsername: string;

  beforeAll(async () => {
    t = await startTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());

  it('prints exactly one JSON document in the documented form, npm run --silent cli -- … --json', async () => {
    const who = fresh();
    const run = runNpm(
      ['run', '--silent', 'cli', '--', 'create-user', '--email', who.email, '--username', who.username, '--name', who.name, '--json'],
      {
        cwd: ROOT,
        env: userEnv({ DATABASE_URL: process.env.DATABASE_URL! }),
      },
    );
    expect(await run.exited).toBe(0);
    // The whole of stdout is the document: no npm banner before it, no build report.
    expect(JSON.parse(run.stdout())).toMatchObject({ username: who.username });
    expect(run.stdout().trim().split('\n')).toHaveLength(1);

    const mistake = runNpm(['run', '--silent', 'cli', '--', 'create-key', '--json'], {
      cwd: ROOT,
      env: userEnv({ DATABASE_URL: process.env.DATABASE_URL! }),
    });
    expect(await mistake.exited).toBe(2);
    expect(mistake.stdout()).toBe('');
    expect(mistake.output().trim().split('\n')).toHaveLength(1);
  });

  it('creates a user with a generated password and a key that works on GET /v1/me', async () => {
    const who = fresh();
    const made = await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name, '--json']);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const user = JSON.parse(made.stdout);
    firstUsername = who.username;
    expect(user).toEqual({
      id: expect.any(String),
      email: who.email.toLowerCase(),
      email_verified: true,
      username: who.username,
      name: who.name,
      password: expect.stringMatching(/^.{10,}$/),
    });

    // By email in another case, as an operator might type it.
    const keyed = await cli(['create-key', '--login', who.email.toUpperCase(), '--label', 'deploy script', '--json']);
    expect(keyed).toMatchObject({ code: 0, stderr: '' });
    const key = JSON.parse(keyed.stdout);
    expect(key).toMatchObject({
      key: expect.stringMatching(/^sk_live_[0-9a-f]{64}$/),
      id: expect.any(String),
      label: 'deploy script',
      prefix: 'sk_live_',
      status: 'active',
      scopes: ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'],
    });
    expect(key.last4).toBe(key.key.slice(-4));

    const me = await request(t.server).get('/v1/me').set('X-API-Key', key.key).expect(200);
    const unrestricted = { mode: 'live', scopes: key.scopes, list_ids: null, expires_at: null, allowed_ips: null };
    expect(me.body).toEqual({
      data: { ...user, password: undefined, scopes: key.scopes, key: { id: key.id, label: 'deploy script', ...unrestricted } },
      error: null,
    });

    // The printed password is the account's real one.
    const portal = new PortalClient(baseUrl);
    const login = await portal.post('login', { login: who.username, password: user.password });
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(user.id);
  });

  it('reads the password from stdin with --password-stdin and never prints it', async () => {
    const who = fresh();
    const password = `stdin-${randomBytes(8).toString('hex')}`;
    const made = await cli(
      ['create-user', '--email', who.email, '--username', who.username, '--name', who.name, '--password-stdin', '--json'],
      {
        stdin: `${password}\n`,
      },
    );
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(Object.keys(JSON.parse(made.stdout)).sort()).toEqual(['email', 'email_verified', 'id', 'name', 'username']);
    expect(made.stdout).not.toContain(password);

    const portal = new PortalClient(baseUrl);
    expect((await portal.post('login', { login: who.email, password })).status).toBe(200);
  });

  it('prints the key once, lists keys without secrets, and revokes by last 4 (the service refuses the key within a second); a stranger cannot revoke it', async () => {
    const who = fresh();
    const made = await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name]);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toMatch(/^created user .+\ngenerated password, shown only now: \S{10,}\n$/);
    const keyed = await cli(['create-key', '--login', who.username, '--label', 'ci']);
    expect(keyed).toMatchObject({ code: 0, stderr: '' });
    const key = keyed.stdout.trim().split('\n').pop()!;
    expect(key).toMatch(/^sk_live_[0-9a-f]{64}$/);
    await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);

    const listed = await cli(['list-keys', '--login', who.username, '--json']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(key.slice(8));
    const [{ id }] = JSON.parse(listed.stdout).keys;
    expect(JSON.parse(listed.stdout)).toEqual({
      keys: [expect.objectContaining({ id, label: 'ci', status: 'active', last4: key.slice(-4), revoked_at: null })],
    });

    // Another account naming this key by id: not found, and the key still works.
    const stranger = await cli(['revoke-key', '--login', firstUsername, '--key-id', id]);
    expect(stranger).toEqual({ code: 1, stdout: '', stderr: 'error: API key not found\n' });
    await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);

    const revoked = await cli(['revoke-key', '--login', who.username, '--last4', key.slice(-4), '--json']);
    expect(revoked).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id, status: 'revoked', revoked_at: expect.any(String) });
    // The app may hold the key in its cache for up to a second (held to the millisecond on a
    // driven clock in key-revocation.e2e-spec.ts): wait for the refusal, bounded.
    const refused = await waitFor(
      async () => {
        const res = await request(t.server).get('/v1/me').set('X-API-Key', key);
        return res.status === 401 && res;
      },
      { what: 'the app to refuse the revoked key', timeoutMs: 5_000, intervalMs: 50 },
    );
    expect(refused.body).toEqual({ data: null, error: expect.any(String) });

    const again = await cli(['revoke-key', '--login', who.username, '--last4', key.slice(-4)]);
    expect(again).toEqual({ code: 1, stdout: '', stderr: `error: ${who.username} has no active key ending in ${key.slice(-4)}\n` });
  });

  it('creates a restricted key with the developer page’s options and rules, and rolls it', async () => {
    const who = fresh();
    expect((await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name])).code).toBe(0);
    const expiresAt = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
    const keyed = await cli([
      'create-key',
      '--login',
      who.username,
      '--label',
      'assistant',
      '--mode',
      'live',
      '--scopes',
      'profile:read,lists:read',
      '--expires-at',
      expiresAt,
      // Supertest calls from the loopback address.
      '--allowed-ips',
      '127.0.0.0/8, ::1',
      '--json',
    ]);
    expect(keyed).toMatchObject({ code: 0, stderr: '' });
    const key = JSON.parse(keyed.stdout);
    recordSecret('api key', key.key);
    const restrictions = {
      mode: 'live',
      scopes: ['lists:read', 'profile:read'],
      list_ids: null,
      expires_at: expiresAt,
      allowed_ips: ['127.0.0.0/8', '::1'],
    };
    expect(key).toMatchObject({ label: 'assistant', ...restrictions, status: 'active' });
    const me = await request(t.server).get('/v1/me').set('X-API-Key', key.key).expect(200);
    expect(me.body.data.key).toEqual({ id: key.id, label: 'assistant', ...restrictions });

    const rolled = await cli(['roll-key', '--login', who.username, '--key-id', key.id, '--expires-in-hours', '0', '--json']);
    expect(rolled).toMatchObject({ code: 0, stderr: '' });
    const replacement = JSON.parse(rolled.stdout);
    recordSecret('api key', replacement.key);
    expect(replacement).toMatchObject({ label: 'assistant', ...restrictions, status: 'active', replaced: { id: key.id } });
    expect(replacement.key).not.toBe(key.key);
    await request(t.server).get('/v1/me').set('X-API-Key', replacement.key).expect(200);
    // Another process expired the old key: the app notices within its cache's second (bounded wait).
    const refused = await waitFor(
      async () => {
        const res = await request(t.server).get('/v1/me').set('X-API-Key', key.key);
        return res.status === 401 && res;
      },
      { what: 'the app to refuse the rolled key', timeoutMs: 5_000, intervalMs: 50 },
    );
    expect(refused.body).toEqual({ data: null, error: 'this API key expired' });
  });

  it('creates a test key with --mode test, restricted to test lists only, and lists keys with their modes', async () => {
    const who = fresh();
    expect((await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name])).code).toBe(0);
    const live = await cli(['create-key', '--login', who.username, '--label', 'live one']);
    expect(live).toMatchObject({ code: 0, stderr: '' });
    expect(live.stdout).toMatch(
      new RegExp(`^created live key "live one" \\(id [0-9a-f-]+\\) for ${who.username}; it is shown only now:\nsk_live_[0-9a-f]{64}\n$`),
    );
    const liveKey = live.stdout.trim().split('\n').pop()!;
    recordSecret('api key', liveKey);

    const made = await cli(['create-key', '--login', who.username, '--label', 'sandbox one', '--mode', 'test', '--json']);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const test = JSON.parse(made.stdout);
    recordSecret('api key', test.key);
    expect(test).toMatchObject({
      key: expect.stringMatching(/^sk_test_[0-9a-f]{64}$/),
      prefix: 'sk_test_',
      mode: 'test',
      label: 'sandbox one',
    });
    expect((await request(t.server).get('/v1/me').set('X-API-Key', test.key).expect(200)).body.data.key).toMatchObject({
      id: test.id,
      mode: 'test',
    });

    // --list-ids of a test key name test lists: a live list is not found, as on the developer page.
    const listOf = async (key: string, name: string) =>
      (await request(t.server).post('/v1/lists').set('X-API-Key', key).send({ name }).expect(200)).body.data.list.id as string;
    const testList = await listOf(test.key, 'Sandbox list');
    const liveList = await listOf(liveKey, 'Live list');
    const crossed = await cli(['create-key', '--login', who.username, '--label', 'crossed', '--mode', 'test', '--list-ids', liveList]);
    expect(crossed).toEqual({ code: 1, stdout: '', stderr: 'error: List not found\n' });
    const restricted = await cli([
      'create-key',
      '--login',
      who.username,
      '--label',
      'picked',
      '--mode',
      'test',
      '--list-ids',
      testList,
      '--json',
    ]);
    expect(restricted).toMatchObject({ code: 0, stderr: '' });
    recordSecret('api key', JSON.parse(restricted.stdout).key);
    expect(JSON.parse(restricted.stdout)).toMatchObject({ mode: 'test', list_ids: [testList] });

    // Every key with its mode, or the keys of one mode.
    const listed = await cli(['list-keys', '--login', who.username]);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const [header, ...lines] = listed.stdout.trim().split('\n');
    expect(header).toBe('id  key  mode  status  created  last used  label');
    const columns = (line: string) => line.split(/ {2,}/);
    expect(lines.map((line) => [...columns(line).slice(1, 4), columns(line).at(-1)])).toEqual([
      [`sk_live_…${liveKey.slice(-4)}`, 'live', 'active', 'live one'],
      [`sk_test_…${test.key.slice(-4)}`, 'test', 'active', 'sandbox one'],
      [expect.stringMatching(/^sk_test_…/), 'test', 'active', 'picked'],
    ]);
    const tests = JSON.parse((await cli(['list-keys', '--login', who.username, '--mode', 'test', '--json'])).stdout).keys;
    expect(tests.map((k: { label: string; mode: string }) => [k.label, k.mode])).toEqual([
      ['sandbox one', 'test'],
      ['picked', 'test'],
    ]);
  }, 120_000);

  it.each([
    [
      ['--scopes', 'lists:read,admin'],
      'error: unknown scope "admin": the scopes are lists:read, lists:write, items:read, items:write, profile:read\n',
    ],
    [['--scopes', ''], 'error: scopes must name at least one of lists:read, lists:write, items:read, items:write, profile:read\n'],
    [['--mode', 'sandbox'], 'error: mode must be "live" or "test", not "sandbox"\n'],
    [['--expires-at', '2020-01-01T00:00:00Z'], 'error: expires_at must be in the future\n'],
    [['--allowed-ips', '10.0.0.0/8,example.com'], 'error: allowed_ips: "example.com" is not an IPv4 or IPv6 address or CIDR range\n'],
    [['--list-ids', '00000000-0000-4000-8000-00000000ffff'], 'error: List not found\n'],
  ])('refuses create-key %j as the developer page does, creating nothing', async (options, message) => {
    const run = await cli(['create-key', '--login', firstUsername, '--label', 'refused', ...options]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: message });
    const refused = await t.app.get(DataSource).query("SELECT 1 FROM api_keys WHERE label = 'refused'");
    expect(refused).toEqual([]);
  });

  describe('refusals: one line on stderr, a non-zero exit, nothing created', () => {
    const accountExists = async (login: string) => (await t.app.get(AccountsService).findByLogin(login)) !== null;

    it.each([
      ['a malformed email', { email: 'not-an-email' }, 'error: email must be a valid email address\n'],
      ['an upper-case username', { username: 'Not_Lower' }, 'error: username must be 3-32 characters of a-z, 0-9 and _\n'],
      ['an empty name', { name: '   ' }, 'error: name must be 1-100 characters\n'],
    ])('refuses %s', async (_label, override, message) => {
      const who = { ...fresh(), ...override };
      const run = await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name, '--json']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: message });
      expect(await accountExists(who.email)).toBe(false);
      expect(await accountExists(who.username)).toBe(false);
    });

    it('refuses a short password from stdin without echoing it', async () => {
      const who = fresh();
      const run = await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name, '--password-stdin'], {
        stdin: 'short-pw9\n',
      });
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: password must be at least 10 characters\n' });
      expect(await accountExists(who.username)).toBe(false);
    });

    it('refuses a duplicate email or username with the domain message', async () => {
      const who = fresh();
      expect((await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name])).code).toBe(0);
      const email = await cli(['create-user', '--email', who.email.toUpperCase(), '--username', `${who.username}_2`, '--name', 'Copy']);
      expect(email).toEqual({ code: 1, stdout: '', stderr: 'error: An account with this email already exists\n' });
      const username = await cli(['create-user', '--email', `x${who.email}`, '--username', who.username, '--name', 'Copy']);
      expect(username).toEqual({ code: 1, stdout: '', stderr: 'error: This username is already taken\n' });
      expect(await accountExists(`${who.username}_2`)).toBe(false);
      expect(await accountExists(`x${who.email}`)).toBe(false);
    });

    it('refuses an unknown login and a bad label', async () => {
      const unknown = await cli(['create-key', '--login', 'nobody_here_at_all', '--label', 'x', '--json']);
      expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'error: no account with the login "nobody_here_at_all"\n' });
      const label = await cli(['create-key', '--login', firstUsername, '--label', 'x'.repeat(101)]);
      expect(label).toEqual({ code: 1, stdout: '', stderr: 'error: label must be 1-100 characters\n' });
      const keys = JSON.parse((await cli(['list-keys', '--login', firstUsername, '--json'])).stdout).keys;
      expect(keys.map((k: { label: string }) => k.label)).toEqual(['deploy script']);
    });

    it.each([
      [['frobnicate'], /^error: unknown command "frobnicate"/],
      [['create-key', '--login', 'ada'], /^error: create-key: --label is required/],
      [
        ['create-user', '--email', 'a@b.co', '--username', 'abc', '--name', 'A', '--admin'],
        /^error: create-user: Unknown option '--admin'/,
      ],
      [['revoke-key', '--login', 'ada'], /^error: revoke-key: give exactly one of --key-id and --last4/],
      [['roll-key', '--login', 'ada', '--key-id', 'x'], /^error: roll-key: --expires-in-hours is required/],
      [['list-keys', '--login', 'ada', '--mode', 'sandbox'], /^error: list-keys: --mode is one of live, test/],
    ])('exits 2 on a usage mistake: %j', async (args, message) => {
      const run = await cli(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    });

    it('says which database it cannot reach, without its password', async () => {
      const run = await cli(['list-keys', '--login', 'ada'], {
        env: { DATABASE_URL: `postgres://postgres:hunter2-secret@127.0.0.1:${await freePort()}/nowhere`, DB_CONNECT_TIMEOUT_S: '1' },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: Cannot connect to the database at 127\.0\.0\.1:\d+\/nowhere/);
      expect(run.stderr).not.toContain('hunter2');
    });
  });

  describe('without DATABASE_URL: the embedded PostgreSQL of DATA_DIR', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'todo-cli-'));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it('starts the embedded server for the command and stops it after; then works beside the running service', async () => {
      const env = { DATABASE_URL: '', DATA_DIR: dataDir };
      const who = fresh();
      const made = await cli(['create-user', '--email', who.email, '--username', who.username, '--name', who.name, '--json'], { env });
      expect(made).toMatchObject({ code: 0, stderr: '' });
      // Stopped again: PostgreSQL removes its pid file on a clean shutdown, and the data directory is free.
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(existsSync(join(dataDir, 'service.pid'))).toBe(false);

      // Every process started, a start that lost its port included, is stopped below.
      const started: ServiceProcess[] = [];
      try {
        const service = await spawnReady({ ...env, LOG_LEVEL: 'warn' }, { track: (s) => started.push(s) });
        const port = service.port;
        const keyed = await cli(['create-key', '--login', who.username, '--label', 'beside the service', '--json'], { env });
        expect(keyed).toMatchObject({ code: 0, stderr: '' });
        const { key } = JSON.parse(keyed.stdout);
        const me = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { 'X-API-Key': key } });
        expect(me.status).toBe(200);
        expect((await me.json()).data).toMatchObject({ username: who.username });
        expect(service.output()).not.toContain(key);
        service.child.kill('SIGTERM');
        expect(await service.exited).toBe(0);
      } finally {
        await stopInstances(started);
      }
    }, 120_000);
  });
});
