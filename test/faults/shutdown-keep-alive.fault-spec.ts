import { outputMatches, RawConnection } from '../support/fault-client';
import { startScratchDatabase, ScratchDatabase } from '../support/scratch-postgres';
import { ServiceProcess, spawnReady } from '../support/service-process';

/**
 * SIGTERM with idle keep-alive connections: a request sent on one of them right after the signal
 * is answered (503, `Connection: close`, `Retry-After`), never reset, and the service still
 * exits 0 once those connections have ended.
 */
jest.setTimeout(120_000);

const ASK = 'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

describe('SIGTERM with idle keep-alive connections', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await startScratchDatabase();
  });
  afterAll(async () => {
    await db?.stop();
  });

  it('answers a request sent on each of them after the signal with 503 and Connection: close, and exits 0', async () => {
    // Every process started (a start that lost its port included), killed in the `finally` below.
    const started: ServiceProcess[] = [];
    try {
      // A long keep-alive timeout: the connections can only end by being answered and closed.
      const service = await spawnReady(
        { DATABASE_URL: db.url, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '30000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '60000' },
        { track: (s) => started.push(s) },
      );
      const port = service.port;
      const clients = Array.from({ length: 8 }, () => new RawConnection(port));
      for (const client of clients) {
        await client.connected();
        client.write(ASK);
        expect(await client.until('"status":"ok"')).toBe(true);
        expect(client.received).toMatch(/^HTTP\/1\.1 200 OK/);
        client.received = '';
      }

      service.child.kill('SIGTERM');
      await outputMatches(service, 'shutting down: no new requests');
      for (const client of clients) client.write(ASK);
      await Promise.all(clients.map((client) => client.closed));

      for (const client of clients) {
        const [head, body] = client.received.split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
        expect(head).toMatch(/\r\nConnection: close\r\n/i);
        expect(head).toMatch(/\r\nRetry-After: 1\r\n/i);
        expect(head).toMatch(/\r\nX-Request-Id: \S+/i);
        expect(JSON.parse(body)).toEqual({ data: null, error: 'The service is shutting down: retry the request' });
      }
      expect(await service.exited).toBe(0);
      expect(service.output()).toMatch(/"cut":0.*"msg":"stopped"/);
    } finally {
      for (const service of started) service.child.kill('SIGKILL');
    }
  });
});
