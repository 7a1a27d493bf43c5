import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { makeUserWithKey } from '../factories/make-user';
import { PortalClient } from '../support/portal-client';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { ServiceProcess, spawnReady, spawnService, stopInstances, waitForReady } from '../support/service-process';
import { PostgresServer } from './support/postgres-server';
import { makeAttempts, newTally, printTally, reconcile, REQUEST_BOUND_MS, sendAdd, Tally } from './support/reconcile';

/**
 * The write path under database faults (issue "Storms", data integrity). Each case
 * ends with a reconciliation: every acknowledged add stored exactly once, nothing
 * partial, no key replaying what did not happen, list counters exact, no 500.
 */
describe('database faults', () => {
  const pg = new PostgresServer();
  const tally: Tally = newTally();
  let t: TestApp | undefined;
  // The service processes a test started (a start that lost its port included), stopped after it.
  const started: ServiceProcess[] = [];

  beforeAll(async () => {
    await pg.init();
  });

  afterEach(async () => {
    await pg.heal();
    // What the service logged as unexpected (a 500), to explain a failure.
    for (const line of t?.logs ?? []) {
      if (line.msg === 'unexpected failure') process.stderr.write(`[service log] ${JSON.stringify(line).slice(0, 1500)}\n`);
    }
    await t?.close();
    t = undefined;
    await stopInstances(started.splice(0));
  });

  afterAll(async () => {
    printTally(tally);
    await pg.destroy();
    expect(tally.lost).toBe(0);
    expect(tally.duplicated).toBe(0);
    expect(tally.phantom).toBe(0);
    expect(tally.errors500).toBe(0);
  });

  const boot = async (env: Record<string, string> = {}) => {
    t = await startTestApp({ DATABASE_URL: pg.url, DB_CONNECT_TIMEOUT_S: '10', ...env });
    const { key } = await makeUserWithKey(t.app);
    const list = await request(t.server)
      .post('/v1/lists')
      .set('X-API-Key', key)
      .send({ name: `faults ${randomUUID()}` });
    expect(list.status).toBe(200);
    return { app: t, key, listId: list.body.data.list.id as string };
  };

  /** Polls an observable condition (never a fixed sleep), failing after 30 s. */
  const until = (what: string, check: () => Promise<boolean>) => waitFor(check, { what, timeoutMs: 30_000, intervalMs: 50 });

  const ready = (target: TestApp['server'] | string) => request(target).get('/health/ready').timeout(REQUEST_BOUND_MS);
  /** A ready answer is shared for up to a second: the first check after a fault may still be it. */
  const notReadyWithin = async (target: TestApp['server'] | string) => {
    let last: request.Response | undefined;
    await until('the service to say it is not ready', async () => (last = await ready(target)).status !== 200);
    return last!;
  };

  it('a list locked by another session: the add gives up with a 503, stores nothing, and the retry runs afresh', async () => {
    const { app, key, listId } = await boot();
    tally.faults.push('row lock held');
    const [attempt] = makeAttempts('locked', 1);
    await pg.client(async (holder) => {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM lists WHERE id = $1 FOR UPDATE', [listId]);
      await sendAdd(app.server, key, listId, attempt);
      await holder.query('COMMIT');
    });
    expect(attempt.statuses).toEqual([503]);
    await pg.client(async (db) => {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM items WHERE text = $1', [attempt.text]);
      expect(rows[0].n).toBe(0);
      const keys = await db.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [attempt.key]);
      expect(keys.rows[0].n).toBe(0);
    });
    // The retry is not a replay: nothing was stored, so it runs.
    const retry = await request(app.server)
      .post('/v1/actions/add')
      .set('X-API-Key', key)
      .set('Idempotency-Key', attempt.key)
      .send({ list: listId, items: [attempt.text] });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    attempt.statuses.push(200);
    attempt.reportedIds.push(retry.body.data.items[0].id);
    await pg.client((db) => reconcile(app.server, key, listId, [attempt], db, tally));
  });

  it('a hung database (frozen with SIGSTOP, connections accepted, nothing answered) is a 503 for every add, and the service recovers by itself', async () => {
    const { app, key, listId } = await boot();
    tally.faults.push('database frozen (SIGSTOP) under concurrent adds');
    const before = makeAttempts('frozen-before', 10);
    await Promise.all(before.map((attempt) => sendAdd(app.server, key, listId, attempt)));
    const attempts = makeAttempts('frozen', 20);
    const inFlight = Promise.all(attempts.map((attempt) => sendAdd(app.server, key, listId, attempt)));
    await pg.freeze();
    await inFlight;
    // While it is still frozen: new requests are answered 503, and the service says it is not ready.
    const during = makeAttempts('frozen-during', 5);
    await Promise.all(during.map((attempt) => sendAdd(app.server, key, listId, attempt)));
    expect(during.map((attempt) => attempt.statuses[0])).toEqual(during.map(() => 503));
    expect((await notReadyWithin(app.server)).status).toBe(503);
    await pg.thaw();
    await until('the service to be ready again', async () => (await ready(app.server)).status === 200);
    await pg.client((db) => reconcile(app.server, key, listId, [...before, ...attempts, ...during], db, tally));
  });

  it('`pg_ctl stop -m fast` under concurrent adds: 503s, never 500, and every acknowledged add survives the restart', async () => {
    const { app, key, listId } = await boot();
    tally.faults.push('database stopped (fast) under concurrent adds');
    const attempts = makeAttempts('stopped', 30);
    const inFlight = Promise.all(attempts.map((attempt) => sendAdd(app.server, key, listId, attempt)));
    await pg.stopFast();
    await inFlight;
    const during = makeAttempts('stopped-during', 3);
    await Promise.all(during.map((attempt) => sendAdd(app.server, key, listId, attempt)));
    expect(during.map((attempt) => attempt.statuses[0])).toEqual(during.map(() => 503));
    const notReady = await notReadyWithin(app.server);
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ data: null, error: expect.stringMatching(/database/) });
    await pg.start();
    await until('the service to be ready again', async () => (await ready(app.server)).status === 200);
    await pg.client((db) => reconcile(app.server, key, listId, [...attempts, ...during], db, tally));
  });

  it('a read-only database: writes are 503 and the service reports not ready, until it is writable again', async () => {
    const { app, key, listId } = await boot();
    tally.faults.push('database read-only');
    const dropSessions = () =>
      pg.admin((admin) =>
        admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'faults' AND pid <> pg_backend_pid()`),
      );
    const attempts = makeAttempts('read-only', 3);
    try {
      await pg.admin((admin) => admin.query('ALTER DATABASE faults SET default_transaction_read_only = on'));
      await dropSessions();
      for (const attempt of attempts) await sendAdd(app.server, key, listId, attempt);
      expect(attempts.map((attempt) => attempt.statuses[0])).toEqual([503, 503, 503]);
      const notReady = await notReadyWithin(app.server);
      expect(notReady.status).toBe(503);
      expect(notReady.body.error).toMatch(/read-only/);
      // Reads still work: the database answers, it only refuses writes.
      expect((await request(app.server).get(`/v1/lists/${listId}`).set('X-API-Key', key)).status).toBe(200);
    } finally {
      await pg.admin((admin) => admin.query('ALTER DATABASE faults SET default_transaction_read_only = off'));
      await dropSessions();
    }
    await until('the service to be ready again', async () => (await ready(app.server)).status === 200);
    await pg.client((db) => reconcile(app.server, key, listId, attempts, db, tally));
  });

  it('a saturated pool is "busy", not "unreachable", and readiness stays ok while the database is fine', async () => {
    const { app, key, listId } = await boot({ DB_POOL_SIZE: '2', DB_ACQUIRE_TIMEOUT_MS: '300' });
    tally.faults.push('pool saturated by lock waits');
    const waiting = makeAttempts('saturated', 2);
    await pg.client(async (holder) => {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM lists WHERE id = $1 FOR UPDATE', [listId]);
      const inFlight = Promise.all(waiting.map((attempt) => sendAdd(app.server, key, listId, attempt)));
      await until('both pool connections to wait on the lock', async () => {
        const { rows } = await holder.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'todo-service' AND wait_event_type = 'Lock'`,
        );
        return rows[0].n >= 2;
      });
      const queued = await request(app.server).get('/v1/lists').set('X-API-Key', key).timeout(REQUEST_BOUND_MS);
      expect(queued.status).toBe(503);
      expect(queued.body.error).toMatch(/busy/);
      expect(queued.body.error).not.toMatch(/cannot be reached/);
      expect(queued.headers['retry-after']).toBe('1');
      const health = await ready(app.server);
      expect(health.status).toBe(200);
      await holder.query('COMMIT');
      await inFlight;
    });
    await pg.client((db) => reconcile(app.server, key, listId, waiting, db, tally));
  });

  it('kill -9 of the service mid-write: after a restart, every add acknowledged before the kill is there once, and retries settle the rest', async () => {
    const env = { DATABASE_URL: pg.url, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' };
    let service = await spawnReady(env, { track: (s) => started.push(s) });
    const port = service.port;
    const base = `http://127.0.0.1:${port}`;
    tally.faults.push('service killed (SIGKILL) mid-write');
    const portal = new PortalClient(base);
    const suffix = randomUUID().slice(0, 8);
    const signup = await portal.post('signup', {
      email: `kill-${suffix}@example.test`,
      username: `kill_${suffix}`,
      name: 'Kill',
      password: 'correct horse battery staple',
    });
    expect(signup.status).toBe(200);
    const created = await portal.post('keys', { label: 'faults' });
    expect(created.status).toBe(200);
    const key = created.body.data.key as string;
    const list = await request(base).post('/v1/lists').set('X-API-Key', key).send({ name: 'kill list' });
    const listId = list.body.data.list.id as string;

    const attempts = makeAttempts('killed', 40);
    let answered = 0;
    const inFlight = Promise.all(attempts.map((attempt) => sendAdd(base, key, listId, attempt).then(() => (answered += 1))));
    await until('a few adds to be answered', async () => answered >= 5);
    service.child.kill('SIGKILL');
    await inFlight;
    await service.exited;

    // Restarted on the same port: the retries go to the address the adds were sent to.
    service = spawnService(env, port);
    started.push(service);
    await waitForReady(port, service);
    await pg.client((db) => reconcile(base, key, listId, attempts, db, tally));
  });
});
