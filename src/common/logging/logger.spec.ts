import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { context, trace, TraceFlags } from '@opentelemetry/api';
import { QueryFailedError } from 'typeorm';
import { FakeClock } from '../testing/fake-clock';
import { recordSpans } from '../tracing/testing/recorded-spans';
import { createHttpLogger, createRootLogger, errorSerializer, loggablePath, markExpectedFault, maskSecrets } from './logger';
import { RepeatedFaults } from './repeated-faults';

const KEY = `sk_live_${'7f'.repeat(32)}`;
const TOKEN = 'daNqlCQhWlkc7qEJ7YkR41JonRrzwlg9s19x6zyEdSc';
const HASH = 'c0ffee'.repeat(10) + 'beef';
const PASSWORD_HASH = 'scrypt$131072$8$1$q1w2e3r4t5y6u7i8o9p0aa$ZmFrZS1kZXJpdmVkLWtleS1vZi0zMi1ieXRlcy4uLi4';
const ID = '1f0e6a2c-7a4b-4c3d-9e8f-0123456789ab';

describe('loggablePath', () => {
  it('masks the token of a share-link join and never keeps a query string', () => {
    expect(loggablePath(`/v1/shares/${TOKEN}/join`)).toBe('/v1/shares/[redacted]/join');
    expect(loggablePath(`/v1/shares/${TOKEN}/join?x=1`)).toBe('/v1/shares/[redacted]/join');
    expect(loggablePath('/v1/shares/short/join')).toBe('/v1/shares/[redacted]/join');
  });

  it('drops the query string, where a key may have been put', () => {
    expect(loggablePath(`/v1/me?api_key=${KEY}`)).toBe('/v1/me');
    expect(loggablePath(`/v1/lists/${ID}/items?limit=5&cursor=abc#frag`)).toBe(`/v1/lists/${ID}/items`);
  });

  it('masks key-, token- and hash-shaped path segments, encoded or not', () => {
    expect(loggablePath(`/v1/keys/${KEY}`)).toBe('/v1/keys/[redacted]');
    expect(loggablePath(`/v1/${encodeURIComponent(KEY)}/x`)).toBe('/v1/[redacted]/x');
    expect(loggablePath(`/v1/shares/${TOKEN}`)).toBe('/v1/shares/[redacted]');
    expect(loggablePath(`/developers/api/${HASH}`)).toBe('/developers/api/[redacted]');
  });

  it('leaves every other path as it is, ids included', () => {
    for (const path of [
      `/v1/lists/${ID}/shares`,
      `/v1/lists/${ID}/shares/${ID}`,
      `/v1/invitations/${ID}/accept`,
      '/health/live',
      '/docs',
    ]) {
      expect(loggablePath(path)).toBe(path);
    }
  });
});

describe('maskSecrets', () => {
  it('masks keys, tokens, hashes and password hashes inside any text, keeping ids', () => {
    const text = `invalid input syntax for type uuid: "${KEY}" token=${TOKEN} hash ${HASH} pw ${PASSWORD_HASH} id ${ID}`;
    const masked = maskSecrets(text);
    for (const secret of [KEY, KEY.slice(8), TOKEN, HASH, PASSWORD_HASH, PASSWORD_HASH.slice(-20)]) expect(masked).not.toContain(secret);
    expect(masked).toContain(ID);
    expect(masked).toContain('sk_live_[redacted]');
  });
});

describe('errorSerializer', () => {
  // What TypeORM throws: the statement, its parameters, and the driver's fields copied onto it.
  const queryFailed = () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), {
      code: '23505',
      constraint: 'users_email_uq',
      detail: `Failing row contains (${ID}, ada@example.com, ${PASSWORD_HASH}).`,
      table: 'users',
    });
    return new QueryFailedError(
      'INSERT INTO users (id, password_hash, key_hash, token) VALUES ($1, $2, $3, $4)',
      [ID, PASSWORD_HASH, HASH, TOKEN],
      driverError,
    );
  };

  it('drops query, parameters and detail at every depth, keeping what explains the failure', () => {
    const error = queryFailed();
    const serialized = errorSerializer(Object.assign(new Error('wrapped'), { inner: error })) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    for (const secret of [PASSWORD_HASH, HASH, TOKEN, 'VALUES ($1']) expect(text).not.toContain(secret);
    const direct = errorSerializer(error) as Record<string, unknown>;
    expect(direct).toMatchObject({ type: 'QueryFailedError', code: '23505', constraint: 'users_email_uq', table: 'users' });
    expect(direct).not.toHaveProperty('parameters');
    expect(direct).not.toHaveProperty('query');
    expect(direct).not.toHaveProperty('detail');
    expect((direct.driverError as Record<string, unknown>).detail).toBeUndefined();
    expect(direct.message).toContain('users_email_uq');
  });

  it('is what the root logger uses for `err`: a logged QueryFailedError writes no parameter', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    createRootLogger('info', sink).error({ err: queryFailed() }, 'unexpected failure');
    const text = lines.join('');
    expect(JSON.parse(text)).toMatchObject({ msg: 'unexpected failure', err: { code: '23505' } });
    for (const secret of [PASSWORD_HASH, HASH, TOKEN]) expect(text).not.toContain(secret);
  });
});

describe('errorSerializer and expected faults', () => {
  it('drops the stack of a database fault (an outage), keeping its message and code, and keeps the stack of anything else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(errorSerializer(refused)).toEqual({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' });
    expect(errorSerializer(new Error('Connection terminated unexpectedly'))).not.toHaveProperty('stack');
    expect(errorSerializer(new TypeError('x is not a function'))).toMatchObject({ stack: expect.stringContaining('TypeError') as unknown });
  });
});

describe('createHttpLogger', () => {
  interface Served {
    finish?: 'finish' | 'close';
    /** What the middleware after it does to the request and response before the answer. */
    then?: (req: { url: string }, res: ServerResponse) => void;
    faults?: RepeatedFaults;
    sink?: string[];
  }

  function served(status: number, url: string, options: Served = {}): Record<string, unknown>[] {
    const { finish = 'finish', then, faults = new RepeatedFaults(new FakeClock(), { warn: () => undefined }) } = options;
    const lines: string[] = options.sink ?? [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const req = Object.assign(new EventEmitter(), {
      method: 'GET',
      url,
      headers: { 'x-request-id': 'req-1', 'x-api-key': KEY },
      socket: { remoteAddress: '127.0.0.1' },
    });
    const headers: Record<string, string> = {};
    const res = Object.assign(new EventEmitter(), {
      statusCode: status,
      setHeader: (name: string, value: string) => (headers[name] = value),
    });
    let nextCalled = 0;
    createHttpLogger(createRootLogger('info', sink), faults)(
      req as unknown as IncomingMessage,
      res as unknown as ServerResponse,
      () => nextCalled++,
    );
    expect(nextCalled).toBe(1);
    expect(headers['X-Request-Id']).toBe('req-1');
    then?.(req, res as unknown as ServerResponse);
    res.emit(finish);
    res.emit('close'); // after 'finish', as Node does: must not log twice
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("carries the active span's trace and span ids when tracing is on, and neither when no span is active", () => {
    recordSpans();
    const server = trace.wrapSpanContext({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: TraceFlags.SAMPLED });
    const [traced] = context.with(trace.setSpan(context.active(), server), () => served(200, '/v1/me'));
    expect(traced).toMatchObject({ reqId: 'req-1', trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) });
    const [untraced] = served(200, '/v1/me');
    expect(untraced).not.toHaveProperty('trace_id');
    expect(untraced).not.toHaveProperty('span_id');
  });

  it('writes one line per request, in the shape operators read, with no header and no query string', () => {
    const lines = served(200, `/v1/me?api_key=${KEY}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: 'req-1',
      req: { id: 'req-1', method: 'GET', path: '/v1/me', remote_address: '127.0.0.1' },
      res: { status: 200 },
      msg: expect.stringMatching(/^GET \/v1\/me 200 \d+ms$/) as unknown,
    });
    expect(Object.keys(lines[0].req as object).sort()).toEqual(['id', 'method', 'path', 'remote_address']);
    expect(typeof lines[0].duration_ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(KEY.slice(8));
  });

  it('logs 4xx as warnings and 5xx as errors', () => {
    expect(served(404, '/v1/lists/x')[0]).toMatchObject({ level: 40, res: { status: 404 } });
    expect(served(503, '/v1/me')[0]).toMatchObject({ level: 50, res: { status: 503 }, msg: 'GET /v1/me 503' });
  });

  it("writes request lines without redaction, which could find nothing in them: the root logger's redaction leaves them as they are", () => {
    for (const url of [
      `/v1/me?api_key=${KEY}`,
      `/v1/lists/${KEY}/items`,
      `/v1/shares/${TOKEN}/join`,
      `/developers/${HASH}`,
      '/v1/lists/a%20b',
    ]) {
      for (const status of [200, 404]) {
        const [line] = served(status, url);
        const again: string[] = [];
        const sink = new Writable({ write: (chunk, _enc, done) => (again.push(String(chunk)), done()) });
        const { level, time, msg, ...fields } = line;
        createRootLogger('info', sink)[level === 30 ? 'info' : 'warn'](fields, msg as string);
        expect({ ...(JSON.parse(again[0]) as object), time }).toEqual(line);
        for (const secret of [KEY.slice(8), TOKEN, HASH]) expect(JSON.stringify(line)).not.toContain(secret);
      }
    }
  });

  it('logs a request whose connection closed before the answer was finished', () => {
    expect(served(200, '/v1/me', { finish: 'close' })).toHaveLength(1);
  });

  it('logs the path the request arrived with, not the one Express leaves while middleware mounted under a prefix answers', () => {
    // Express strips the mount path from req.url while `app.use('/mcp', …)` middleware runs.
    const [line] = served(400, '/mcp?x=1', { then: (req) => (req.url = '/') });
    expect(line).toMatchObject({ req: { path: '/mcp' }, msg: expect.stringMatching(/^GET \/mcp 400 /) as unknown });
  });

  it('logs a 503 answered for an expected fault as a warning without a stack, the first of an outage only, and the others in a summary', () => {
    const clock = new FakeClock('2026-11-28T10:00:00.000Z');
    const lines: string[] = [];
    const summaries = createRootLogger('info', new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const faults = new RepeatedFaults(clock, summaries);
    const unreachable = (_req: unknown, res: ServerResponse) =>
      markExpectedFault(res, { kind: 'database unavailable (unreachable)', cause: `connect ECONNREFUSED ${KEY}` });
    for (let i = 0; i < 500; i += 1) served(503, '/v1/actions/add', { then: unreachable, faults, sink: lines });
    clock.advance(10_000);
    served(200, '/v1/me', { faults, sink: lines });
    faults.flush();
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toHaveLength(3);
    expect(parsed[0]).toMatchObject({
      level: 40,
      reqId: 'req-1',
      req: { path: '/v1/actions/add' },
      res: { status: 503 },
      fault: 'database unavailable (unreachable)',
      cause: 'connect ECONNREFUSED sk_live_[redacted]',
      msg: expect.stringMatching(/^GET \/v1\/actions\/add 503 \d+ms \(database unavailable \(unreachable\)\)$/) as unknown,
    });
    expect(parsed[0]).not.toHaveProperty('err');
    expect(parsed[1]).toMatchObject({ level: 30, res: { status: 200 } });
    expect(parsed[2]).toMatchObject({
      level: 40,
      fault: 'database unavailable (unreachable)',
      count: 499,
      msg: 'database unavailable (unreachable): 499 requests answered 503 in the last 10 s',
    });
    expect(lines.join('')).not.toContain('stack');
  });

  it('keeps a 5xx that no expected fault explains an error with a stack', () => {
    expect(served(500, '/v1/me')[0]).toMatchObject({ level: 50, err: { stack: expect.any(String) as unknown } });
  });
});
