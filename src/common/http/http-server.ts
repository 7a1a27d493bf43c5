import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

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

function rawEnvelope(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ data: null, error: message });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

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
      ? rawEnvelope(408, 'Request Timeout', 'Request timeout: the request was not received in time')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? rawEnvelope(431, 'Request Header Fields Too Large', 'Request headers are too large')
        : rawEnvelope(400, 'Bad Request', 'Malformed HTTP request');
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

const SHUTTING_DOWN = JSON.stringify({ data: null, error: 'The service is shutting down: retry the request' });

/** A response in flight, in the gate's list. */
interface InFlight {
  res: ServerResponse;
  prev: InFlight | undefined;
  next: InFlight | undefined;
}

/**
 * Graceful shutdown of the HTTP side. Until `begin`, it only tracks the requests in flight.
 * After `begin`: the port is closed, idle keep-alive connections are closed, responses still
 * being worked on carry `Connection: close` (so their connection ends with them), and a request
 * that still arrives on an open connection is answered 503 without being handled. `drain`
 * waits for the requests in flight, up to the grace period, then cuts the rest.
 *
 * The responses in flight are a doubly linked list whose entries are unlinked, links cleared,
 * when their response closes; not a Set. A Set that lives long ends up in V8's old generation,
 * and each time it outgrows its table (every few dozen additions, with deletions in between) V8
 * copies the live entries into a new table and leaves them in the old one too. A young-generation
 * collection cannot tell that old table is garbage: every response in flight when it was
 * replaced stayed reachable, with its request and everything they held, until the next full
 * collection. When requests wait on I/O (Redis, PostgreSQL), that was most of them: under
 * `GET /v1/me` with REDIS_URL, 1.6 MB promoted per young collection instead of 0.1 MB, and a
 * third of the service's CPU per request (README, "Where the time goes").
 */
export class ShutdownGate {
  private stopping = false;
  private newest: InFlight | undefined;
  private count = 0;
  private server?: Server;
  private settle?: () => void;

  /** Express middleware; mount it ahead of anything that reads the request. */
  readonly middleware = (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (this.stopping) {
      res.statusCode = 503;
      res.setHeader('Connection', 'close');
      res.setHeader('Retry-After', '1');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(SHUTTING_DOWN);
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

  /** Stops taking requests at once (synchronous, so nothing slips in after the signal). */
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
