import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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
  /** Open connections; further ones are closed as soon as they are accepted. */
  maxConnections: number;
}

/** How often node:http looks for connections past their timeouts (its default, 30 s, would stretch them). */
export const checkingIntervalMs = (limits: HttpServerLimits): number =>
  Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 2)));

/**
 * Errors node:http raises before a request reaches the application (a request not received in
 * time, a malformed one, headers too large). Node would answer them with a bare status line; the
 * contract wants the envelope on every JSON answer, so they are written here, then the connection
 * is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const pending = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const response =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? rawFailureResponse(408, 'Request Timeout', 'Request timeout: the request was not received in time')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? rawFailureResponse(431, 'Request Header Fields Too Large', 'Request headers are too large')
        : rawFailureResponse(400, 'Bad Request', 'Malformed HTTP request');
  socket.end(response, () => socket.destroy());
}

/**
 * Bounds what slow or idle clients can hold: the header, request and keep-alive timeouts and
 * the number of open connections. Set before `listen`, so node:http's connection checker
 * starts with the interval chosen here.
 */
export function limitHttpServer(server: Server, limits: HttpServerLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = checkingIntervalMs(limits);
  server.on('clientError', answerClientError);
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
 * taking requests, synchronously (`begin`): the port is closed, idle keep-alive connections are
 * closed, responses still being worked on carry `Connection: close` (so their connection ends
 * with them), and a request that still arrives on an open connection is answered 503 without
 * being handled. Then it waits for the requests in flight up to the grace period, and cuts the
 * rest (`drain`); `cut` says how many, for the exit status.
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
    res.once('close', () => {
      this.unlink(entry);
      if (!this.stopping) return;
      // A response whose headers went out before `begin` left its connection open: close it now.
      this.server?.closeIdleConnections();
      if (this.count === 0) this.settle?.();
    });
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
    server.close();
    server.closeIdleConnections();
    for (let entry = this.newest; entry; entry = entry.next) if (!entry.res.headersSent) entry.res.setHeader('Connection', 'close');
  }

  /**
   * Resolves when every request in flight has been answered, or when `graceMs` has passed;
   * then closes every connection left and returns how many requests it had to cut.
   */
  async drain(graceMs: number): Promise<number> {
    if (this.count > 0) {
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
