import { Controller, Get, Module } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Public } from '../src/common/http/decorators';
import { makeUserWithKey } from './factories/make-user';
import { mailedToken, mailTo } from './support/mail-reader';
import { listen, PortalClient } from './support/portal-client';
import { startTestApp, TestApp } from './support/test-app';

const PASSWORD_HASH = `scrypt$131072$8$1$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;
const KEY_HASH = randomBytes(32).toString('hex');
const SHARE_TOKEN = randomBytes(32).toString('base64url');

/** A statement that fails in PostgreSQL with secrets among its parameters, as a bug would. */
@Controller('v1/test-faults')
@Public()
class QueryFaultsController {
  constructor(private readonly db: DataSource) {}

  @Get('query-failed')
  async queryFailed(): Promise<never> {
    // name is NOT NULL: PostgreSQL's detail then repeats the whole row ("Failing row contains …").
    await this.db.query('INSERT INTO users (id, email, username, name, password_hash, created_at) VALUES ($1, $2, $3, NULL, $4, now())', [
      randomUUID(),
      `${KEY_HASH}@example.test`,
      SHARE_TOKEN,
      PASSWORD_HASH,
    ]);
    throw new Error('unreachable');
  }
}

@Module({ controllers: [QueryFaultsController] })
class QueryFaultsModule {}

/** API.md section 1: keys (and other secrets) never appear in any log line. */
describe('secrets in logs (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { imports: [QueryFaultsModule] });
  });
  afterAll(() => t.close());

  it('logs a failed statement without its parameters, its text or PostgreSQL’s detail', async () => {
    const res = await request(t.server).get('/v1/test-faults/query-failed').set('X-Request-Id', 'query-failed-1').expect(500);
    expect(res.body).toEqual({ data: null, error: expect.any(String) });
    const line = t.logs.find(
      (l) => l.msg === 'unexpected failure' && (l.reqId === 'query-failed-1' || JSON.stringify(l).includes('query-failed-1')),
    );
    expect(line).toMatchObject({ err: { type: 'QueryFailedError', code: '23502' } });
    const text = t.logText();
    for (const secret of [PASSWORD_HASH, PASSWORD_HASH.split('$').pop()!, KEY_HASH, SHARE_TOKEN]) expect(text).not.toContain(secret);
    expect(text).not.toContain('Failing row contains');
    expect(text).not.toContain('INSERT INTO users');
  });

  it('never logs a query string: a key put in the URL (or a Referer) is not written anywhere', async () => {
    const { key } = await makeUserWithKey(t.app);
    const stray = `sk_live_${randomBytes(32).toString('hex')}`;
    await request(t.server).get(`/v1/me?api_key=${stray}`).set('X-Request-Id', 'query-key-1').expect(401);
    await request(t.server)
      .get(`/v1/me?api_key=${key}&session=${SHARE_TOKEN}`)
      .set('X-API-Key', key)
      .set('Referer', `https://example.test/app?api_key=${key}`)
      .set('X-Request-Id', 'query-key-2')
      .expect(200);
    const lines = t.logs.filter((l) => ['query-key-1', 'query-key-2'].includes((l.req as { id?: string } | undefined)?.id ?? ''));
    expect(lines.map((l) => (l.req as { path: string }).path)).toEqual(['/v1/me', '/v1/me']);
    const text = t.logText();
    for (const secret of [stray, stray.slice(8), key, key.slice(8), SHARE_TOKEN]) expect(text).not.toContain(secret);
  });

  it('never logs nor stores readable a mailed token, a password or a mail body with a token', async () => {
    const base = await listen(t.app);
    const suffix = randomBytes(5).toString('hex');
    const email = `secret_${suffix}@example.test`;
    const [password, changed, reset] = ['first password ' + suffix, 'second password ' + suffix, 'third password ' + suffix];
    const browser = new PortalClient(base);
    await browser.post('signup', { email, username: `secret_${suffix}`, name: 'Secret', password });
    const verification = await mailedToken(t.app, email, 'verify-email');
    await new PortalClient(base).post('verify-email', { token: `${verification}x` });
    await new PortalClient(base).post('verify-email', { token: verification });
    await browser.post('password', { current_password: 'a wrong password', new_password: changed });
    await browser.post('password', { current_password: password, new_password: changed });
    await browser.post('resend-verification', {});
    await new PortalClient(base).post('password-reset', { email });
    const resetToken = await mailedToken(t.app, email, 'password-reset');
    await new PortalClient(base).post('password-reset/confirm', { token: resetToken, password: 'short' });
    await new PortalClient(base).post('password-reset/confirm', { token: resetToken, password: reset });
    const mails = await mailTo(t.app, email);
    expect(mails.map((m) => m.kind)).toEqual(['verify-email', 'password-reset']);

    const secrets = [verification, resetToken, password, changed, reset, ...mails.map((m) => m.text)];
    const text = t.logText();
    for (const secret of secrets) expect(text).not.toContain(secret);
    const db = t.app.get(DataSource);
    const stored = JSON.stringify([
      await db.query(`SELECT * FROM account_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1`, [email]),
      await db.query(`SELECT * FROM users WHERE email = $1`, [email]),
      await db.query(`SELECT * FROM mail WHERE recipient = $1`, [email]),
    ]);
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });

  it('masks key-shaped path segments', async () => {
    const stray = `sk_live_${randomBytes(32).toString('hex')}`;
    await request(t.server).get(`/v1/keys/${stray}`).set('X-Request-Id', 'path-key-1').expect(404);
    const line = t.logs.find((l) => (l.req as { id?: string } | undefined)?.id === 'path-key-1');
    expect((line?.req as { path: string }).path).toBe('/v1/keys/[redacted]');
    expect(t.logText()).not.toContain(stray.slice(8));
  });
});
