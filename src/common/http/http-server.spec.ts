import { EventEmitter } from 'node:events';
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { answerClientError, ConnectionAccounting, ShutdownGate } from './http-server';

/** What the gate touches of a response: headers, status, end, and its 'close' event. */
class FakeResponse extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  readonly headers = new Map<string, string>();
  body?: string;

  setHeader(name: string, value: string): this {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }

  end(body?: string): this {
    this.body = body;
    this.headersSent = true;
    return this;
  }

  /** The response went out and its connection let it go: node:http emits 'close'. */
  finish(): void {
    this.headersSent = true;
    this.emit('close');
  }
}

/** What the gate touches of a server; `allEnded` is node:net calling back once the last connection has ended. */
function fakeServer() {
  const server = { closeIdleConnections: jest.fn(), closeAllConnections: jest.fn(), allEnded: () => undefined as void };
  return server;
}

const req = {} as IncomingMessage;

/** Runs the gate's middleware for a new response; resolves whether it went on to the application. */
function arrive(gate: ShutdownGate): { res: FakeResponse; passed: boolean } {
  const res = new FakeResponse();
  let passed = false;
  gate.middleware(req, res as unknown as ServerResponse, () => (passed = true));
  return { res, passed };
}

/** Two responses in flight, then `begin` and `drain(graceMs)`. */
function drainingTwo(graceMs: number) {
  const gate = new ShutdownGate(60_000);
  const [first, second] = [arrive(gate).res, arrive(gate).res];
  const server = fakeServer();
  gate.begin(server as unknown as Server);
  return { gate, first, second, server, drained: gate.drain(graceMs) };
}

describe('ShutdownGate', () => {
  /** The gate stops listening through net.Server's close; here it only records the callback. */
  let netClose: jest.SpyInstance;
  beforeEach(() => {
    netClose = jest.spyOn(NetServer.prototype, 'close').mockImplementation(function (
      this: ReturnType<typeof fakeServer>,
      done?: () => void,
    ) {
      this.allEnded = () => done?.();
      return this as unknown as NetServer;
    });
  });
  afterEach(() => {
    netClose.mockRestore();
    jest.useRealTimers();
  });

  it('counts the responses in flight, whichever order they close in', () => {
    const gate = new ShutdownGate(60_000);
    const responses = Array.from({ length: 5 }, () => arrive(gate));
    expect(responses.every((r) => r.passed)).toBe(true);
    expect(gate.inFlightCount).toBe(5);
    for (const i of [2, 0, 4, 1, 3]) responses[i].res.finish();
    expect(gate.inFlightCount).toBe(0);
    expect(arrive(gate).passed).toBe(true);
    expect(gate.inFlightCount).toBe(1);
  });

  it('on begin, closes the port, leaves idle connections open and marks every unsent response in flight', () => {
    const gate = new ShutdownGate(60_000);
    const [first, sent, middle, closed, last] = Array.from({ length: 5 }, () => arrive(gate).res);
    sent.headersSent = true;
    closed.finish();
    const server = fakeServer();
    gate.begin(server as unknown as Server);
    expect(gate.isStopping).toBe(true);
    expect(netClose).toHaveBeenCalledTimes(1);
    expect(netClose.mock.contexts[0]).toBe(server);
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
    for (const res of [first, middle, last]) expect(res.headers.get('connection')).toBe('close');
    expect(sent.headers.has('connection')).toBe(false);
    expect(closed.headers.has('connection')).toBe(false);
    expect(gate.inFlightCount).toBe(4);
  });

  it('answers 503 with the envelope after begin, without passing the request on or counting it', () => {
    const gate = new ShutdownGate(60_000);
    gate.begin(fakeServer() as unknown as Server);
    const { res, passed } = arrive(gate);
    expect(passed).toBe(false);
    expect(res.statusCode).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(JSON.parse(res.body!)).toEqual({ data: null, error: 'The service is shutting down: retry the request' });
    expect(gate.inFlightCount).toBe(0);
  });

  it('drains once every connection has ended, not before', async () => {
    const { first, second, server, drained } = drainingTwo(60_000);
    let settled = false;
    void drained.then(() => (settled = true));
    second.finish();
    first.finish();
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(server.closeAllConnections).not.toHaveBeenCalled();
    server.allEnded();
    await expect(drained).resolves.toBe(0);
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
    expect(server.closeAllConnections).toHaveBeenCalledTimes(1);
  });

  it('cuts what is still in flight when the grace period ends, and says how many', async () => {
    jest.useFakeTimers();
    const { gate, first: done, second: stuck, server, drained } = drainingTwo(5_000);
    done.finish();
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(drained).resolves.toBe(1);
    expect(server.closeAllConnections).toHaveBeenCalledTimes(1);
    stuck.finish();
    expect(gate.inFlightCount).toBe(0);
  });

  it('close: stops taking requests at once, waits for those in flight, then cuts the rest and says so', async () => {
    jest.useFakeTimers();
    const lines: Array<[string, object, string]> = [];
    const logger = {
      info: (context: object, message: string) => lines.push(['info', context, message]),
      error: (context: object, message: string) => lines.push(['error', context, message]),
    } as unknown as Logger;
    const gate = new ShutdownGate(5_000, logger);
    const [done, stuck] = [arrive(gate).res, arrive(gate).res];
    const server = fakeServer();
    const closed = gate.close(server as unknown as Server);
    // Synchronously: the port is closed, idle connections are not, and a new request is refused.
    expect(netClose).toHaveBeenCalledTimes(1);
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
    expect(arrive(gate).res.statusCode).toBe(503);
    expect(lines).toEqual([['info', { in_flight: 2 }, 'shutting down: no new requests; finishing in-flight ones']]);
    done.finish();
    await jest.advanceTimersByTimeAsync(5_000);
    await closed;
    expect(gate.cut).toBe(1);
    expect(server.closeAllConnections).toHaveBeenCalledTimes(1);
    expect(lines[1]).toEqual(['error', { cut: 1 }, 'shutdown grace period (5000 ms) expired: cut 1 in-flight request(s)']);
    stuck.finish();
  });

  it('close: nothing in flight and every connection ended, nothing cut', async () => {
    const gate = new ShutdownGate(5_000);
    const server = fakeServer();
    const closed = gate.close(server as unknown as Server);
    server.allEnded();
    await closed;
    expect(gate.cut).toBe(0);
  });
});

describe('the node:http behaviour the shutdown gate relies on (docs/adr/0006-shutdown-keeps-idle-connections.md)', () => {
  /** A listening server, and a keep-alive connection that has had one answer and is now idle. */
  async function idleKeepAlive() {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: Socket }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, socket: req.socket! }));
        });
        req.on('error', reject);
        req.end();
      });
    const first = await get();
    return { server, agent, get, socket: first.socket };
  }

  it("net.Server's close stops listening and leaves an idle keep-alive connection open and served", async () => {
    const { server, agent, get, socket } = await idleKeepAlive();
    let ended = false;
    NetServer.prototype.close.call(server, () => (ended = true));
    expect(server.listening).toBe(false);
    const second = await get();
    expect(second.status).toBe(200);
    expect(second.socket).toBe(socket);
    expect(ended).toBe(false);
    agent.destroy();
    server.closeAllConnections();
  });

  it("http.Server's own close closes an idle keep-alive connection at once (why the gate does not call it)", async () => {
    const { server, agent, socket } = await idleKeepAlive();
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    server.close();
    await socketClosed;
    expect(socket.destroyed).toBe(true);
    agent.destroy();
  });
});

/**
 * answerClientError reads `socket._httpMessage`, node:http's response in progress on a connection
 * (what node:http's own handler of client errors reads): no public API says whether an answer has
 * begun on a socket (docs/adr/0014-envelope-written-by-the-adapter-reply.md). If this fails after a
 * Node upgrade, an error answer could be written into the middle of another response.
 */
describe('the node:http behaviour answerClientError relies on', () => {
  async function exchange(malformedWhileAnswering: boolean): Promise<{ raw: string; destroyed: boolean }> {
    let answering: ServerResponse | undefined;
    const server = createServer((_req, res) => {
      answering = res;
      res.writeHead(200, { 'content-type': 'text/plain' });
      // Left open: the client error arrives while this answer is in progress, and the answer ends
      // once that error has been handled (below).
      res.write('begun');
    });
    const destroyed = new Promise<boolean>((resolve) =>
      server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
        const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        expect(pending === answering || (!malformedWhileAnswering && pending == null)).toBe(true);
        answerClientError(error, socket);
        resolve(socket.destroyed);
        answering?.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = connect(port, '127.0.0.1');
    let raw = '';
    client.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    const closed = new Promise((resolve) => client.on('close', resolve));
    client.on('error', () => undefined);
    if (malformedWhileAnswering) {
      // The malformed request follows once the first answer has begun to arrive.
      client.once('data', () => client.write('NOT HTTP\r\n\r\n'));
      client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    } else {
      client.write('NOT HTTP\r\n\r\n');
    }
    const wasDestroyed = await destroyed;
    await closed;
    await new Promise((resolve) => server.close(resolve));
    return { raw, destroyed: wasDestroyed };
  }

  it('names the response in progress, so an answer that has begun is not followed by an error answer', async () => {
    const { raw, destroyed } = await exchange(true);
    expect(destroyed).toBe(true);
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(raw).not.toContain('400 Bad Request');
  });

  it('with no answer in progress, the connection gets the error in the envelope', async () => {
    const { raw } = await exchange(false);
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain('{"data":null,"error":"Malformed HTTP request"}');
  });
});

/** What ConnectionAccounting touches of a socket. */
class FakeSocket extends EventEmitter {
  destroyed = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
}

describe('ConnectionAccounting', () => {
  const open = (accounting: ConnectionAccounting, address: string) => {
    const socket = new FakeSocket(address);
    accounting.onConnection(socket as unknown as Socket);
    return socket;
  };
  /** A request whose response is in progress on the socket; `finish` marks it done. */
  const busy = (accounting: ConnectionAccounting, socket: FakeSocket) => {
    const res = { writableFinished: false };
    accounting.onRequest({ socket } as unknown as IncomingMessage, res as unknown as ServerResponse);
    return { finish: () => (res.writableFinished = true) };
  };

  it('closes new connections from an address at its bound, while other addresses still connect', () => {
    const accounting = new ConnectionAccounting(100, 3);
    const first = [1, 2, 3].map(() => open(accounting, '10.0.0.1'));
    const fourth = open(accounting, '10.0.0.1');
    expect(fourth.destroyed).toBe(true);
    expect(first.some((s) => s.destroyed)).toBe(false);
    expect(open(accounting, '10.0.0.2').destroyed).toBe(false);
    expect(accounting.closed.overAddressLimit).toBe(1);
    first[0].destroy();
    expect(open(accounting, '10.0.0.1').destroyed).toBe(false);
    expect(accounting.openCount).toBe(4);
  });

  it('at the bound, closes the oldest connection without a request in progress to make room', () => {
    const accounting = new ConnectionAccounting(3, 3);
    const [a, b, c] = ['10.0.0.1', '10.0.0.2', '10.0.0.3'].map((address) => open(accounting, address));
    busy(accounting, a);
    busy(accounting, b).finish(); // answered: now an idle keep-alive connection
    // c never sent a request: slow, and newer than b.
    const d = open(accounting, '10.0.0.4');
    expect([a.destroyed, b.destroyed, c.destroyed, d.destroyed]).toEqual([false, true, false, false]);
    const e = open(accounting, '10.0.0.5');
    expect([a.destroyed, c.destroyed, e.destroyed]).toEqual([false, true, false]);
    expect(accounting.closed.shed).toBe(2);
    expect(accounting.openCount).toBe(3);
  });

  it('refuses a new connection when every open one has a request in progress', () => {
    const accounting = new ConnectionAccounting(2, 2);
    const sockets = [open(accounting, '10.0.0.1'), open(accounting, '10.0.0.2')];
    const requests = sockets.map((socket) => busy(accounting, socket));
    expect(open(accounting, '10.0.0.3').destroyed).toBe(true);
    expect(accounting.closed.refused).toBe(1);
    requests[1].finish();
    expect(open(accounting, '10.0.0.3').destroyed).toBe(false);
    expect(sockets.map((s) => s.destroyed)).toEqual([false, true]);
  });
});
