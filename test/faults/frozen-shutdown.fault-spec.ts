import { RawConnection, signUpWithKey } from '../support/fault-client';
import { ServiceProcess, spawnReady, stopInstances } from '../support/service-process';
import { withDeadline } from '../support/wait-for';
import { PostgresServer } from './support/postgres-server';
import { AddAttempt, makeAttempts, newTally, printTally, reconcile, sendAdd } from './support/reconcile';

/**
 * SIGTERM while the database is frozen (every PostgreSQL process stopped with SIGSTOP: it
 * accepts connections and answers nothing), with adds in flight that wait on it. The service
 * cannot finish them: it cuts them when the grace period ends and exits 1, within a bound.
 * Reconciled after the database thaws: every acknowledged add is stored once, and each cut one
 * is either wholly there (its item and its idempotency record) or wholly absent, before its
 * retry settles it.
 */
jest.setTimeout(120_000);

const GRACE_MS = 1_000;

/** An add whose headers the service has taken (it answered 100 Continue), its body then sent. */
async function addInFlight(port: number, key: string, listId: string, attempt: AddAttempt): Promise<RawConnection> {
  const body = JSON.stringify({ list: listId, items: [attempt.text] });
  const raw = new RawConnection(port);
  await raw.connected();
  raw.write(
    `POST /v1/actions/add HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nIdempotency-Key: ${attempt.key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  expect(await raw.until('HTTP/1.1 100 Continue')).toBe(true);
  raw.write(body);
  return raw;
}

describe('SIGTERM while the database is frozen', () => {
  const pg = new PostgresServer();

  beforeAll(async () => {
    await pg.init();
  });

  afterAll(async () => {
    await pg.destroy();
  });

  it('cuts what waits on the database when the grace period ends, exits 1, and leaves nothing half-written', async () => {
    const env = { DATABASE_URL: pg.url, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: String(GRACE_MS) };
    // Every process started (a start that lost its port included), stopped in the `finally`s below.
    const started: ServiceProcess[] = [];
    const track = (service: ServiceProcess) => started.push(service);
    let cut: AddAttempt[] = [];
    let acknowledged: AddAttempt[] = [];
    let key = '';
    let listId = '';
    try {
      const service = await spawnReady(env, { track });
      const port = service.port;
      const base = `http://127.0.0.1:${port}`;
      key = await signUpWithKey(base);
      const list = await fetch(`${base}/v1/lists`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'frozen shutdown' }),
      });
      listId = ((await list.json()) as { data: { list: { id: string } } }).data.list.id;
      acknowledged = makeAttempts('acknowledged', 10);
      await Promise.all(acknowledged.map((attempt) => sendAdd(base, key, listId, attempt)));
      expect(acknowledged.map((attempt) => attempt.statuses)).toEqual(acknowledged.map(() => [200]));

      await pg.freeze();
      cut = makeAttempts('cut', 5);
      const connections = await Promise.all(cut.map((attempt) => addInFlight(port, key, listId, attempt)));

      service.child.kill('SIGTERM');
      // Bounded well inside the service's own last resort (grace + 10 s): the grace period decides.
      const status = await withDeadline(service.exited, GRACE_MS + 8_000, 'the service to exit');
      expect(status).toBe(1);
      expect(service.output()).toMatch(/expired: cut 5 in-flight request/);
      expect(service.output()).not.toContain('shutdown did not finish in time');
      await Promise.all(connections.map((raw) => raw.closed));
      for (const [n, raw] of connections.entries()) {
        // A cut request gets no answer (its connection is closed); record one if it came.
        const answered = /HTTP\/1\.1 (\d{3}) /.exec(raw.received.replace('HTTP/1.1 100 Continue', ''));
        if (answered) cut[n].statuses.push(Number(answered[1]));
      }
      expect(cut.filter((attempt) => attempt.statuses.includes(200))).toEqual([]);
    } finally {
      for (const service of started) service.child.kill('SIGKILL');
      await pg.thaw();
    }

    // Nothing half-written: each cut add has both its item and its idempotency record, or neither.
    await pg.client(async (db) => {
      for (const attempt of cut) {
        const items = await db.query('SELECT count(*)::int AS n FROM items WHERE list_id = $1 AND text = $2', [listId, attempt.text]);
        const records = await db.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [attempt.key]);
        expect(items.rows[0].n).toBe(records.rows[0].n);
        expect(items.rows[0].n).toBeLessThanOrEqual(1);
      }
    });

    // A new instance settles the cut adds with their keys; every acknowledged one is there once.
    try {
      const again = await spawnReady(env, { track });
      const tally = newTally();
      tally.faults.push('SIGTERM with the database frozen (SIGSTOP)');
      await pg.client((db) => reconcile(`http://127.0.0.1:${again.port}`, key, listId, [...acknowledged, ...cut], db, tally));
      printTally(tally);
      expect(tally).toMatchObject({ attempts: 15, acknowledged: 15, lost: 0, duplicated: 0, phantom: 0, errors500: 0 });
    } finally {
      await stopInstances(started);
    }
  });
});
