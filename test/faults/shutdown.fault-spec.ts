import { Agent } from 'node:http';
import { Client } from 'pg';
import { jsonRequest, outputMatches, RawConnection, signUpWithKey } from '../support/fault-client';
import { startScratchDatabase, ScratchDatabase } from '../support/scratch-postgres';
import { ServiceProcess, spawnReady } from '../support/service-process';

/**
 * SIGTERM while keep-alive clients are busy (the built service as a process, as `npm start` runs
 * it): nothing new is taken after the signal, what was in flight finishes and is kept, and the
 * exit status says whether the grace period had to cut anything.
 */
jest.setTimeout(120_000);

const SHUTTING_DOWN = 'shutting down: no new requests';

interface Outcome {
  text: string;
  /** Sent after the test saw the service log the signal. */
  afterSignal: boolean;
  status?: number;
  error?: string;
}

/** A request whose headers the service has dispatched (it answered 100 Continue) but whose body waits. */
async function halfSentAdd(port: number, key: string, body: string): Promise<RawConnection> {
  const raw = new RawConnection(port);
  await raw.connected();
  raw.write(
    `POST /v1/actions/add HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  // node:http writes "100 Continue" in the same tick as it hands the request to the app.
  expect(await raw.until('HTTP/1.1 100 Continue')).toBe(true);
  return raw;
}

describe('SIGTERM with keep-alive clients', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await startScratchDatabase();
  });
  afterAll(async () => {
    await db?.stop();
  });

  it('refuses everything new at once, finishes and keeps what was in flight, and exits 0', async () => {
    // Every process started (a start that lost its port included), killed in the `finally` below.
    const started: ServiceProcess[] = [];
    try {
      const service = await spawnReady(
        { DATABASE_URL: db.url, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '30000' },
        { track: (s) => started.push(s) },
      );
      const port = service.port;
      const key = await signUpWithKey(`http://127.0.0.1:${port}`);
      const list = await jsonRequest(port, 'POST', '/v1/lists', { key, body: { name: 'Shutdown' } });
      expect(list.status).toBe(200);
      const listId: string = list.body.data.list.id;

      // An idle keep-alive connection, and a request in flight whose body is still coming.
      const idle = new RawConnection(port);
      await idle.connected();
      idle.write(`GET /v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\n\r\n`);
      expect(await idle.until('"error":null}')).toBe(true);
      const slowBody = JSON.stringify({ list: listId, items: ['in flight at SIGTERM'] });
      const slow = await halfSentAdd(port, key, slowBody);

      // Busy keep-alive clients, adding one item per request until the service stops them.
      let signalSeen = false;
      const outcomes: Outcome[] = [];
      const worker = async (w: number) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          for (let n = 0; ; n += 1) {
            const outcome: Outcome = { text: `worker ${w} item ${n}`, afterSignal: signalSeen };
            outcomes.push(outcome);
            try {
              const res = await jsonRequest(port, 'POST', '/v1/actions/add', { key, agent, body: { list: listId, items: [outcome.text] } });
              outcome.status = res.status;
              if (res.status !== 200) return;
            } catch (error) {
              outcome.error = (error as Error).message;
              return;
            }
          }
        } finally {
          agent.destroy();
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      // Wait until every worker has had an add acknowledged, so the signal lands mid-stream.
      while (new Set(outcomes.filter((o) => o.status === 200).map((o) => o.text.split(' item')[0])).size < 4) {
        await new Promise((resolve) => setImmediate(resolve));
      }

      service.child.kill('SIGTERM');
      await outputMatches(service, SHUTTING_DOWN);
      signalSeen = true;

      // No new connection, and the idle keep-alive connection is closed by the service.
      await expect(jsonRequest(port, 'GET', '/v1/me', { key })).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
      await idle.closed;
      await Promise.all(workers);

      // The request in flight is finished after the signal, and says its connection ends.
      slow.write(slowBody);
      await slow.closed;
      expect(slow.received).toMatch(/HTTP\/1\.1 200 OK/);
      expect(slow.received.toLowerCase()).toContain('connection: close');

      expect(await service.exited).toBe(0);
      expect(service.output()).toMatch(/"cut":0.*"msg":"stopped"/);

      // Nothing sent after the signal was taken; every acknowledged add is stored, once.
      expect(outcomes.filter((o) => o.afterSignal && o.status === 200)).toEqual([]);
      const client = new Client({ connectionString: db.url });
      await client.connect();
      const stored = (await client.query('SELECT text FROM items WHERE list_id = $1', [listId])).rows.map((r) => r.text as string);
      await client.end();
      const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.text);
      expect(acknowledged.length).toBeGreaterThanOrEqual(4);
      for (const text of [...acknowledged, 'in flight at SIGTERM']) expect(stored.filter((s) => s === text)).toHaveLength(1);
      // Refused with 503: not stored.
      for (const o of outcomes.filter((x) => x.status === 503)) expect(stored).not.toContain(o.text);
    } finally {
      for (const service of started) service.child.kill('SIGKILL');
    }
  });

  it('cuts a request that cannot finish within the grace period and exits non-zero', async () => {
    // Every process started (a start that lost its port included), killed in the `finally` below.
    const started: ServiceProcess[] = [];
    try {
      const service = await spawnReady(
        { DATABASE_URL: db.url, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '200' },
        { track: (s) => started.push(s) },
      );
      const port = service.port;
      const key = await signUpWithKey(`http://127.0.0.1:${port}`);
      // Its body never comes: the request cannot finish, whatever the grace period.
      const stuck = await halfSentAdd(port, key, JSON.stringify({ list: 'Never', items: ['never sent'] }));

      service.child.kill('SIGTERM');
      await stuck.closed;
      expect(stuck.received).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
      expect(await service.exited).toBe(1);
      expect(service.output()).toContain('expired: cut 1 in-flight request(s)');
    } finally {
      for (const service of started) service.child.kill('SIGKILL');
    }
  });
});
