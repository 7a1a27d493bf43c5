import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RequestLogBuffer } from '../src/modules/request-logs/domain/request-log-buffer';
import { RequestLogsJanitor } from '../src/modules/request-logs/infrastructure/request-logs-janitor';
import { TypeOrmRequestLogRepository } from '../src/modules/request-logs/infrastructure/typeorm/typeorm-request-log.repository';
import { describeRequestLogRepositoryContract } from '../src/modules/request-logs/testing/request-log-repository.contract';
import { driveClock, frozenNow } from './support/driven-clock';
import { listen, PortalClient } from './support/portal-client';
import { NO_RATE_LIMIT, startTestApp, type TestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Line {
  id: string;
  created_at: string;
  method: string;
  route: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string;
  key_id: string;
}

/**
 * The request log over HTTP: a request made with a key shows on its owner's developer page, with
 * its bodies redacted, once the instance's buffer has flushed (called here, not waited for); the
 * filters; another account sees nothing of it; test mode keeps its own lines; 24 hours on the
 * service's Clock (driven) hide the lines and let the janitor delete them.
 */
describe('request logs', () => {
  const clock = frozenNow();
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp({ ...NO_RATE_LIMIT, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    driveClock(t.app, clock);
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const flush = () => t.app.get(RequestLogBuffer).flush();
  /** A key's request, a millisecond after the one before on the driven clock, so that newest first is one order. */
  const api = (method: 'get' | 'post', path: string, key: string) => {
    clock.advance(1);
    return request(t.server)[method](path).set('X-API-Key', key);
  };

  /** A signed-in account on the page, with a key of `mode` made there. */
  async function account(mode: 'live' | 'test' = 'live'): Promise<{ portal: PortalClient; key: string; keyId: string }> {
    const portal = new PortalClient(await listen(t.app));
    const suffix = uniqueTag();
    const signedUp = await portal.post('signup', {
      email: `logs_${suffix}@example.test`,
      username: `logs_${suffix}`,
      name: 'Logs',
      password: 'long enough password',
    });
    expect(signedUp.status).toBe(200);
    const created = await portal.post('keys', { label: 'logged', mode });
    expect(created.status).toBe(200);
    return { portal, key: created.body.data.key, keyId: created.body.data.id };
  }

  async function lines(portal: PortalClient, query = ''): Promise<Line[]> {
    const res = await portal.get(`request-logs${query}`);
    expect(res.status).toBe(200);
    return res.body.data.request_logs;
  }

  it("shows a key's requests to its owner, newest first, with their bodies redacted", async () => {
    const { portal, key, keyId } = await account();
    const created = await api('post', '/v1/lists', key).send({ name: 'Logged groceries' }).expect(200);
    const listId: string = created.body.data.list.id;
    const hook = await api('post', '/v1/webhooks', key).send({ url: 'http://127.0.0.1:9/hook' }).expect(200);
    const secret: string = hook.body.data.webhook.secret;
    expect(secret).toMatch(/^whsec_/);
    await api('post', '/v1/lists', key).send({ name: 'x', password: 'hunter2 hunter2' }).expect(400);
    const me = await api('get', '/v1/me', key).expect(200);
    await flush();

    const shown = await lines(portal);
    expect(shown.map((line) => [line.method, line.route, line.status])).toEqual([
      ['GET', '/v1/me', 200],
      ['POST', '/v1/lists', 400],
      ['POST', '/v1/webhooks', 200],
      ['POST', '/v1/lists', 200],
    ]);
    expect(shown.every((line) => line.key_id === keyId && line.duration_ms >= 0)).toBe(true);
    expect(shown[0].request_id).toBe(me.headers['x-request-id']);
    expect(shown[3].request_id).toBe(created.headers['x-request-id']);

    const detail = async (line: Line) => {
      const res = await portal.get(`request-logs/${line.id}`);
      expect(res.status).toBe(200);
      return res.body.data.request_log;
    };
    const list = await detail(shown[3]);
    expect(list).toMatchObject({ id: shown[3].id, route: '/v1/lists', path: '/v1/lists', status: 200 });
    expect(JSON.parse(list.request_body)).toEqual({ name: 'Logged groceries' });
    expect(JSON.parse(list.response_body).data.list.id).toBe(listId);
    expect(list.request_body_truncated).toBe(false);

    const webhook = await detail(shown[2]);
    expect(webhook.response_body).not.toContain(secret);
    expect(webhook.response_body).not.toContain(secret.slice(6, 20));
    expect(JSON.parse(webhook.response_body).data.webhook.secret).toBe('[redacted]');

    const refused = await detail(shown[1]);
    expect(JSON.parse(refused.request_body)).toEqual({ name: 'x', password: '[redacted]' });
    expect(JSON.parse(refused.response_body).error).toEqual(expect.any(String));

    const profile = await detail(shown[0]);
    expect(profile.request_body).toBeNull();
    expect(profile.response_body).not.toContain(key);
    expect(JSON.stringify(profile)).not.toContain(key.slice(8));
  });

  it('filters by key, status class, route and request id', async () => {
    const { portal, key, keyId } = await account();
    const other = (await portal.post('keys', { label: 'second' })).body.data;
    await api('get', '/v1/me', key).expect(200);
    const missing = await api('get', `/v1/lists/${randomUUID()}`, key).expect(404);
    await api('get', '/v1/lists', other.key).expect(200);
    await flush();

    expect((await lines(portal)).length).toBe(3);
    expect((await lines(portal, `?key_id=${keyId}`)).map((line) => line.route)).toEqual(['/v1/lists/:id', '/v1/me']);
    expect((await lines(portal, `?key_id=${other.id}`)).map((line) => line.route)).toEqual(['/v1/lists']);
    expect((await lines(portal, '?status_class=4xx')).map((line) => line.status)).toEqual([404]);
    expect((await lines(portal, '?status_class=5xx')).length).toBe(0);
    expect((await lines(portal, `?route=${encodeURIComponent('/v1/me')}`)).length).toBe(1);
    const byId = await lines(portal, `?request_id=${missing.headers['x-request-id']}`);
    expect(byId.map((line) => line.status)).toEqual([404]);

    const firstPage = await portal.get('request-logs?limit=2');
    expect(firstPage.body.data.request_logs.length).toBe(2);
    const rest = await portal.get(`request-logs?limit=2&cursor=${encodeURIComponent(firstPage.body.data.next_cursor)}`);
    expect(rest.body.data.request_logs.length).toBe(1);
    expect(rest.body.data.next_cursor).toBeNull();
  });

  it('refuses a bad filter with a 400 that names it', async () => {
    const { portal } = await account();
    for (const [query, field] of [
      ['status_class=3xx', 'status_class'],
      ['key_id=nope', 'key_id'],
      ['request_id=a%20b', 'request_id'],
      ['mode=staging', 'mode'],
      ['limit=0', 'limit'],
      ['cursor=forged', 'cursor'],
    ]) {
      const res = await portal.get(`request-logs?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(field);
    }
  });

  it("shows another account nothing of them: an empty page and a 404 for the line's id", async () => {
    const owner = await account();
    await api('get', '/v1/me', owner.key).expect(200);
    await flush();
    const [line] = await lines(owner.portal);
    const stranger = await account();
    expect(await lines(stranger.portal)).toEqual([]);
    expect(await lines(stranger.portal, `?key_id=${owner.keyId}`)).toEqual([]);
    const res = await stranger.portal.get(`request-logs/${line.id}`);
    expect(res.status).toBe(404);
    expect((await stranger.portal.get('request-logs/not-a-uuid')).status).toBe(404);
  });

  it("keeps test mode's requests in test mode", async () => {
    const { portal, key } = await account('test');
    expect(key).toMatch(/^sk_test_/);
    await api('get', '/v1/me', key).expect(200);
    await flush();
    expect(await lines(portal)).toEqual([]);
    const [line] = await lines(portal, '?mode=test');
    expect(line.route).toBe('/v1/me');
    expect((await portal.get(`request-logs/${line.id}?mode=test`)).status).toBe(200);
    expect((await portal.get(`request-logs/${line.id}`)).status).toBe(404);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM sandbox.request_logs WHERE id = $1`, [line.id]);
    expect(n).toBe(1);
  });

  it('shows 24 hours on the Clock, after which the janitor deletes the lines', async () => {
    const { portal, key } = await account();
    await api('get', '/v1/me', key).expect(200);
    await flush();
    const [line] = await lines(portal);
    clock.advance(DAY_MS - 1);
    expect((await lines(portal)).map((shown) => shown.id)).toEqual([line.id]);
    clock.advance(2);
    expect(await lines(portal)).toEqual([]);
    expect((await portal.get(`request-logs/${line.id}`)).status).toBe(404);
    await t.app.get(RequestLogsJanitor).sweep();
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM request_logs WHERE id = $1`, [line.id]);
    expect(n).toBe(0);
  });

  describeRequestLogRepositoryContract('TypeORM', async () => new TypeOrmRequestLogRepository(db));
});
