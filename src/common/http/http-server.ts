import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { failureJson, rawFailureResponse, sendEnvelope } from './envelope';

export interface HttpServerLimits {
  /** Time a client has to send a request's headers; also closes a connection that sends nothing. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included (then 408 and the connection closes). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Open connections; at the bound, the oldest idle or slow one makes room, else the new one is closed. */
  maxConnections: number;
  /** Open connections from one remote address; further ones from it are closed as soon as they are accepted. */
  maxConnectionsPerAddress: number;
}

/** How often node:http looks for connections past their timeouts (its default, 30 s, would stretch them). */
export const checkingIntervalMs = (limits: HttpServerLimits): number =>
  Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 2)));

/**
 * Errors node:http raises before a request reaches the application (a request not received in
 * time, a malformed request line, headers too large or too many). Node would answer them with a
 * bare status line; the contract wants the envelope and an `X-Request-Id` on every answer, so
 * they are written here, then the connection is closed. A connection reset, or one whose answer
 * has already begun, can take no answer and is destroyed; only node:http's `_httpMessage` says
 * an answer is in progress (docs/adr/0014-envelope-written-by-the-adapter-reply.md).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const pending = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const response =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? rawFailureResponse(408, 'Request Timeout', 'Request timeout: the request was not received in time', requestId)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? rawFailureResponse(431, 'Request Header Fields Too Large', 'Request headers are too large', requestId)
        : rawFailureResponse(400, 'Bad Request', 'Malformed HTTP request', requestId);
  socket.end(response, () => socket.destroy());
}

const NO_HOST = failureJson('Bad request: an HTTP/1.1 request must carry a Host header');

/**
 * Express middleware: an HTTP/1.1 request without a `Host` header is a 400 (RFC 9112, 3.2).
 * node:http would answer it itself with a bare status line (its `requireHostHeader`); the server
 * is made with that check off (envelope-adapter.ts) so the answer is this envelope, with the
 * request id and log line of every other answer. Mount it after the request logger.
 */
export function requireHost(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.headers.host === undefined && req.httpVersionMinor === 1 && req.httpVersionMajor === 1) {
    res.setHeader('Connection', 'close');
    sendEnvelope(res, 400, NO_HOST);
    return;
  }
  next();
}

/** An open connection, in the accounting's list (oldest first). */
interface OpenConnection {
  socket: Socket;
  address: string;
  /** The response to the connection's latest request; none yet, or finished, means the connection is idle or slow. */
  res: ServerResponse | undefined;
  prev: OpenConnection | undefined;
  next: OpenConnection | undefined;
  open: boolean;
}

const CONNECTION = Symbol('openConnection');
type TrackedSocket = Socket & { [CONNECTION]?: OpenConnection };

/**
 * Open connections, per server and per remote address, on node:http's public events.
 * `server.maxConnections` would refuse every new connection at the bound, so a client holding
 * many slow connections would lock everyone else out until the timeouts free them; here:
 *
 * - a remote address holding `maxPerAddress` connections has its new ones closed at once;
 * - at `max` open connections, the oldest connection without a request in progress (idle
 *   keep-alive, or still sending its headers) is closed to make room; only when every
 *   connection has a request in progress is the new one closed.
 *
 * Per connection: one entry, linked into a list and counted in a Map by address. Per request:
 * one property write (the 'request' listener notes the response on its connection's entry); a
 * connection is idle when that response has finished (`writableFinished`), so no listener is
 * added per response.
 */
export class ConnectionAccounting {
  private oldest: OpenConnection | undefined;
  private newest: OpenConnection | undefined;
  private count = 0;
  private readonly perAddress = new Map<string, number>();
  /** Connections closed for the per-address bound, and idle ones closed to make room, and new ones refused at the bound. */
  readonly closed = { overAddressLimit: 0, shed: 0, refused: 0 };

  constructor(
    private readonly max: number,
    private readonly maxPerAddress: number,
  ) {}

  get openCount(): number {
    return this.count;
  }

  readonly onConnection = (socket: TrackedSocket): void => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= this.maxPerAddress) {
      this.closed.overAddressLimit += 1;
      socket.destroy();
      return;
    }
    if (this.count >= this.max) {
      if (!this.shedOldestIdle()) {
        this.closed.refused += 1;
        socket.destroy();
        return;
      }
      this.closed.shed += 1;
    }
    const entry: OpenConnection = { socket, address, res: undefined, prev: this.newest, next: undefined, open: true };
    if (this.newest) this.newest.next = entry;
    else this.oldest = entry;
    this.newest = entry;
    this.count += 1;
    this.perAddress.set(address, fromAddress + 1);
    socket[CONNECTION] = entry;
    socket.once('close', () => this.forget(entry));
  };

  readonly onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const entry = (req.socket as TrackedSocket)[CONNECTION];
    if (entry) entry.res = res;
  };

  /** Closes the oldest connection with no request in progress; false when there is none. */
  private shedOldestIdle(): boolean {
    for (let entry = this.oldest; entry; entry = entry.next) {
      if (entry.res === undefined || entry.res.writableFinished) {
        this.forget(entry);
        entry.socket.destroy();
        return true;
      }
    }
    return false;
  }

  private forget(entry: OpenConnection): void {
    if (!entry.open) return;
    entry.open = false;
    if (entry.prev) entry.prev.next = entry.next;
    else this.oldest = entry.next;
    if (entry.next) entry.next.prev = entry.prev;
    else this.newest = entry.prev;
    entry.prev = undefined;
    entry.next = undefined;
    entry.res = undefined;
    this.count -= 1;
    const left = (this.perAddress.get(entry.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(entry.address, left);
    else this.perAddress.delete(entry.address);
  }
}

/**
 * Bounds what slow or idle clients can hold: the header, request and keep-alive timeouts, and
 * the open connections, in all and per address (ConnectionAccounting). Set before `listen`, so
 * node:http's connection checker starts with the interval chosen here.
 */
export function limitHttpServer(server: Server, limits: HttpServerLimits): ConnectionAccounting {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = checkingIntervalMs(limits);
  const accounting = new ConnectionAccounting(limits.maxConnections, Math.min(limits.maxConnections, limits.maxConnectionsPerAddress));
  server.on('connection', accounting.onConnection);
  server.on('request', accounting.onRequest);
  server.on('clientError', answerClientError);
  return accounting;
}

const SHUTTING_DOWN = failureJson('The service is shutting down: retry the request');

/** A response in flight, in the gate's list. */
interface InFlight {
  res: ServerResponse;
  prev: InFlight | undefined;
  next: InFlight | undefined;
}

/**
 * Graceful shutdown of the HTTP side, run by Nest's `app.close()` through the HTTP adapter's
 * `beforeClose` (EnvelopeExpressAdapter), which Nest awaits before any lifecycle hook: so the
 * requests in flight finish while every module still has what they use (the pool, Redis).
 *
 * Until `close`, it only tracks the requests in flight (its middleware). `close` first stops
 * taking requests, synchronously (`begin`): the port is closed, responses still being worked on
 * carry `Connection: close` (so their connection ends with them), and a request that arrives on
 * an open keep-alive connection is answered 503 with `Connection: close` and `Retry-After`
 * without being handled, and its connection then ends. Idle keep-alive connections are left
 * open rather than closed at once: a client may be sending on one at that very moment, and
 * would get a reset it cannot tell from a lost write, where the 503 says "not done, retry".
 * Then it waits (`drain`) until every connection has ended (each one's next request, or the
 * keep-alive timeout, or its client, ends it) or the grace period has passed, and then closes
 * every connection left, cutting the requests still in flight; `cut` says how many, for the
 * exit status.
 *
 * The responses in flight are a doubly linked list whose entries are unlinked, links cleared,
 * when their response closes; not a Set. A Set that lives long ends up in V8's old generation,
 * and each time it outgrows its table V8 copies the live entries into a new table and leaves
 * them in the old one too. A young-generation collection cannot tell that old table is garbage,
 * so every response in flight when it was replaced, with its request and all they hold, stays
 * reachable until the next full collection; when requests wait on I/O (Redis, PostgreSQL) that
 * is most of them, and the collector promotes and copies them all. An unlinked entry holds
 * nothing.
 */
export class ShutdownGate {
  private stopping = false;
  private newest: InFlight | undefined;
  private count = 0;
  private server?: Server;
  private settle?: () => void;
  private allClosed = false;
  private cutCount = 0;

  constructor(
    /** How long requests in flight may take to finish once shutdown has begun (SHUTDOWN_GRACE_MS). */
    private readonly graceMs: number,
    private readonly logger?: Logger,
  ) {}

  /** Express middleware; mount it ahead of anything that reads the request. */
  readonly middleware = (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (this.stopping) {
      res.setHeader('Connection', 'close');
      res.setHeader('Retry-After', '1');
      sendEnvelope(res, 503, SHUTTING_DOWN);
      return;
    }
    const entry: InFlight = { res, prev: undefined, next: this.newest };
    if (this.newest) this.newest.prev = entry;
    this.newest = entry;
    this.count += 1;
    res.once('close', () => this.unlink(entry));
    next();
  };

  get isStopping(): boolean {
    return this.stopping;
  }

  get inFlightCount(): number {
    return this.count;
  }

  /** How many requests the grace period cut (0 until `close` has finished). */
  get cut(): number {
    return this.cutCount;
  }

  /** Stops taking requests, then finishes (or, past the grace period, cuts) those in flight. */
  async close(server: Server): Promise<void> {
    if (this.stopping) return;
    this.begin(server);
    this.logger?.info({ in_flight: this.count }, 'shutting down: no new requests; finishing in-flight ones');
    this.cutCount = await this.drain(this.graceMs);
    if (this.cutCount > 0) {
      this.logger?.error(
        { cut: this.cutCount },
        `shutdown grace period (${this.graceMs} ms) expired: cut ${this.cutCount} in-flight request(s)`,
      );
    }
  }

  /** Stops taking requests at once (synchronous, so nothing slips in after it). */
  begin(server: Server): void {
    if (this.stopping) return;
    this.stopping = true;
    this.server = server;
    // net.Server's close, not http.Server's: node:http's own `close` also closes every idle
    // keep-alive connection at once (docs/adr/0006-shutdown-keeps-idle-connections.md). Called
    // back once the port is closed and every connection has ended.
    NetServer.prototype.close.call(server, () => {
      this.allClosed = true;
      this.settle?.();
    });
    for (let entry = this.newest; entry; entry = entry.next) if (!entry.res.headersSent) entry.res.setHeader('Connection', 'close');
  }

  /**
   * Resolves when every connection has ended (so every request in flight has been answered), or
   * when `graceMs` has passed; then closes every connection left and returns how many requests
   * in flight it had to cut.
   */
  async drain(graceMs: number): Promise<number> {
    if (!this.allClosed) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (this.settle = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
    }
    const cut = this.count;
    this.server?.closeAllConnections();
    return cut;
  }

  private unlink(entry: InFlight): void {
    if (entry.prev) entry.prev.next = entry.next;
    else this.newest = entry.next;
    if (entry.next) entry.next.prev = entry.prev;
    entry.prev = undefined;
    entry.next = undefined;
    this.count -= 1;
  }
}
