import { RawConnection } from '../support/fault-client';
import { useServicePerTest } from './support/lifecycle';

/**
 * Slow and idle clients against the built service: a request that never finishes and a
 * connection that never speaks are closed by the server's timeouts; a flood of connections from
 * one address past its bound is refused while a client already connected is still served (the
 * shedding of idle connections at HTTP_MAX_CONNECTIONS is in connection-edges.fault-spec.ts).
 */
jest.setTimeout(120_000);

describe('slow clients and connection floods', () => {
  const start = useServicePerTest({});

  it('answers 408 in the envelope and closes a request whose body never finishes, and drops a silent connection', async () => {
    const port = await start({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' });
    const slow = new RawConnection(port);
    await slow.connected();
    slow.write(
      'POST /v1/actions/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"list": "',
    );
    const silent = new RawConnection(port);
    await silent.connected();

    await slow.closed;
    expect(slow.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(slow.received).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(slow.received.split('\r\n\r\n')[1])).toEqual({ data: null, error: expect.stringMatching(/^Request timeout/) });

    await silent.closed;
    expect(silent.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("refuses one address's connections past its bound while a connected client keeps being served", async () => {
    // Long timeouts: whatever closes here is closed by the bound, not by a timeout.
    const port = await start({
      HTTP_MAX_CONNECTIONS: '100',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '10',
      HTTP_HEADERS_TIMEOUT_MS: '60000',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '60000',
    });
    const ask = 'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const client = new RawConnection(port);
    await client.connected();
    client.write(ask);
    expect(await client.until('"status":"ok"')).toBe(true);

    const flood = Array.from({ length: 25 }, () => new RawConnection(port));
    const refused = flood.length - 9; // the bound of 10, less the client's connection
    let closed = 0;
    await new Promise<void>((resolve) => {
      for (const socket of flood) {
        void socket.closed.then(() => {
          closed += 1;
          if (closed === refused) resolve();
        });
      }
    });

    client.received = '';
    client.write(ask);
    expect(await client.until('"status":"ok"')).toBe(true);
    expect(client.received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(flood.filter((socket) => !socket.isClosed)).toHaveLength(9);
    flood.forEach((socket) => socket.destroy());
  });
});
