import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ShutdownGate } from './http-server';

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

function fakeServer() {
  return { close: jest.fn(), closeIdleConnections: jest.fn(), closeAllConnections: jest.fn() };
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
  afterEach(() => jest.useRealTimers());

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

  it('on begin, closes the port and idle connections and marks every unsent response in flight', () => {
    const gate = new ShutdownGate(60_000);
    const [first, sent, middle, closed, last] = Array.from({ length: 5 }, () => arrive(gate).res);
    sent.headersSent = true;
    closed.finish();
    const server = fakeServer();
    gate.begin(server as unknown as Server);
    expect(gate.isStopping).toBe(true);
    expect(server.close).toHaveBeenCalledTimes(1);
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(1);
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

  it('drains when the last response in flight closes, closing idle connections as each one does', async () => {
    const { first, second, server, drained } = drainingTwo(60_000);
    second.finish();
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(2);
    first.finish();
    await expect(drained).resolves.toBe(0);
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
    // Synchronously: the port and idle connections are closed, and a new request is refused.
    expect(server.close).toHaveBeenCalledTimes(1);
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(1);
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

  it('close: nothing in flight, nothing cut', async () => {
    const gate = new ShutdownGate(5_000);
    await gate.close(fakeServer() as unknown as Server);
    expect(gate.cut).toBe(0);
  });
});
