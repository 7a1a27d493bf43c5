import { request as httpRequest } from 'node:http';
import { connect, Socket } from 'node:net';
import { useServicePerTest } from './support/lifecycle';

/**
 * The edges where node:http decides before the application does, against the built service:
 * every answer node:http's parser gives is the envelope with an `X-Request-Id`, and one address
 * holding thousands of slow connections does not lock another address out.
 */
jest.setTimeout(180_000);

interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends `text` on a connection of its own and reads what comes back until the service closes it. */
function rawExchange(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = received.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ statusLine, headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(text);
  });
}

/** GET /health/live on a connection of its own from `localAddress`; resolves the status, or rejects on a connection error. */
function liveFrom(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/health/live', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `count` connections from 127.0.0.1 that send the start of a request's headers and never finish them. */
async function slowConnections(port: number, count: number): Promise<Socket[]> {
  const sockets = Array.from({ length: count }, () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
    return socket;
  });
  await Promise.all(
    sockets.map((s) => new Promise((resolve) => (s.connecting ? s.once('connect', resolve).once('close', resolve) : resolve(s)))),
  );
  return sockets;
}

/** Resolves once `count` of the sockets have closed. */
function closedCount(sockets: Socket[], count: number): Promise<void> {
  return new Promise((resolve) => {
    let closed = sockets.filter((s) => s.destroyed).length;
    if (closed >= count) return resolve();
    for (const socket of sockets.filter((s) => !s.destroyed)) {
      socket.once('close', () => {
        closed += 1;
        if (closed === count) resolve();
      });
    }
  });
}

describe('connection edges', () => {
  // Long timeouts: whatever closes here is closed by a bound, not by a timeout.
  const start = useServicePerTest({
    HTTP_HEADERS_TIMEOUT_MS: '120000',
    HTTP_REQUEST_TIMEOUT_MS: '120000',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000',
  });

  it("answers what node:http's parser refuses in the envelope, with a request id", async () => {
    const port = await start();
    const manyHeaders = Array.from({ length: 1_500 }, (_, i) => `X-Extra-${i}: ${i}\r\n`).join('');
    const cases: Array<[string, string, RegExp, string]> = [
      ['no Host', 'GET /v1/me HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400 Bad Request$/, 'Host header'],
      [
        'a header too large',
        `GET /v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        /^HTTP\/1\.1 431 /,
        'too large',
      ],
      ['1,500 extra headers', `GET /v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\n${manyHeaders}\r\n`, /^HTTP\/1\.1 431 /, 'too large'],
      ['a malformed request line', 'GET\u0001 /v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', /^HTTP\/1\.1 400 Bad Request$/, 'Malformed'],
      ['no HTTP version', 'GET /v1/me FOO\r\nHost: 127.0.0.1\r\n\r\n', /^HTTP\/1\.1 400 Bad Request$/, 'Malformed'],
    ];
    for (const [what, text, statusLine, message] of cases) {
      const answer = await rawExchange(port, text);
      expect({ what, statusLine: answer.statusLine }).toEqual({ what, statusLine: expect.stringMatching(statusLine) });
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
      expect(JSON.parse(answer.body)).toEqual({ data: null, error: expect.stringContaining(message) });
    }

    // HEAD without Host: the same status and headers, no body.
    const head = await rawExchange(port, 'HEAD /v1/me HTTP/1.1\r\n\r\n');
    expect(head.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(head.headers['x-request-id']).toBeDefined();
    expect(head.body).toBe('');

    // HTTP/1.0 needs no Host: it reaches the application (401: no key).
    expect((await rawExchange(port, 'GET /v1/me HTTP/1.0\r\n\r\n')).statusLine).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('keeps serving another address while one holds 2,000 slow connections (per-address bound)', async () => {
    const port = await start();
    const slow = await slowConnections(port, 2_000);
    // The default per-address bound (256) keeps that many; the rest are closed at once.
    await closedCount(slow, 2_000 - 256);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push(await liveFrom(port, '127.0.0.2'));
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(slow.filter((s) => !s.destroyed)).toHaveLength(256);
    slow.forEach((s) => s.destroy());
  });

  it('at HTTP_MAX_CONNECTIONS, sheds the oldest slow connections so another address is still served', async () => {
    const port = await start({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2000' });
    const slow = await slowConnections(port, 2_000);
    // 1,000 held at once: each one past the bound made room by closing an older one.
    await closedCount(slow, 1_000);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push(await liveFrom(port, '127.0.0.2'));
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    // The first of them made room by closing one more slow connection (each one after found room again).
    await closedCount(slow, 1_001);
    expect(slow.filter((s) => !s.destroyed).length).toBe(999);
    slow.forEach((s) => s.destroy());
  });
});
