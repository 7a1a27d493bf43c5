import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { Public } from '../src/common/http/decorators';
import { startTestApp, TestApp } from './support/test-app';
import { proxiedUrl, TcpProxy } from './support/tcp-proxy';
import { waitFor, withDeadline } from './support/wait-for';

@Controller('v1/test-faults')
@Public()
class FaultsController {
  @Get('crash')
  crash(): never {
    throw new Error('secret internal detail: relation "users" does not exist');
  }
}

@Module({ controllers: [FaultsController] })
class FaultsModule {}

function expectEnvelopeError(res: request.Response, status: number, message?: RegExp): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toEqual({ data: null, error: expect.any(String) });
  if (message) expect(res.body.error).toMatch(message);
}

describe('the envelope, end to end', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { imports: [FaultsModule] });
  });
  afterAll(() => t.close());

  it('answers health checks without a key', async () => {
    const live = await request(t.server).get('/health/live').expect(200);
    expect(live.body).toEqual({ data: expect.objectContaining({ status: 'ok' }), error: null });
    const ready = await request(t.server).get('/health/ready').expect(200);
    expect(ready.body).toEqual({ data: expect.objectContaining({ status: 'ok' }), error: null });
  });

  it('answers an unknown route with a 404 envelope', async () => {
    expectEnvelopeError(await request(t.server).get('/v1/nothing'), 404, /No route for GET \/v1\/nothing/);
    expectEnvelopeError(await request(t.server).delete('/health/live'), 404);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await request(t.server).post('/v1/nothing').set('Content-Type', 'application/json').send('{bad');
    expectEnvelopeError(res, 400);
  });

  it.each([['[1,2]'], ['"text"'], ['42'], ['null'], ['true']])('rejects the non-object body %s with 400', async (body) => {
    const res = await request(t.server).post('/v1/nothing').set('Content-Type', 'application/json').send(body);
    expectEnvelopeError(res, 400, /must be a JSON object/);
  });

  it('rejects a body without a JSON Content-Type with 400', async () => {
    const form = await request(t.server).post('/v1/nothing').type('form').send('{bad');
    expectEnvelopeError(form, 400, /Content-Type must be application\/json/);
    const text = await request(t.server).post('/v1/nothing').set('Content-Type', 'text/plain').send('{}');
    expectEnvelopeError(text, 400, /Content-Type/);
  });

  it('rejects a body over 256 KiB with a 413 envelope', async () => {
    const body = JSON.stringify({ text: 'a'.repeat(300 * 1024) });
    const res = await request(t.server).post('/v1/nothing').set('Content-Type', 'application/json').send(body);
    expectEnvelopeError(res, 413, /256 KiB/);
  });

  it('checks the body before routing: a bad body on an unknown route is a 400, not a 404', async () => {
    const res = await request(t.server).post('/v1/nothing').set('Content-Type', 'application/json').send('{bad');
    expect(res.status).toBe(400);
  });

  it('answers an unexpected failure with a generic 500 and logs the cause with the request id', async () => {
    const res = await request(t.server).get('/v1/test-faults/crash').set('X-Request-Id', 'crash-req-1');
    expectEnvelopeError(res, 500, /^Internal server error$/);
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
    const logged = t.logs.find((line) => line.msg === 'unexpected failure');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('secret internal detail');
    expect(JSON.stringify(logged)).toContain('crash-req-1');
  });

  it('puts X-Request-Id on every response, echoing safe client values only', async () => {
    const fresh = await request(t.server).get('/health/live');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await request(t.server).get('/v1/nothing').set('X-Request-Id', 'client-id_1.2');
    expect(echoed.headers['x-request-id']).toBe('client-id_1.2');
    const unsafe = await request(t.server).get('/health/live').set('X-Request-Id', 'bad id<script>');
    expect(unsafe.headers['x-request-id']).not.toBe('bad id<script>');
    const tooLong = await request(t.server).get('/health/live').set('X-Request-Id', 'a'.repeat(129));
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per request with method, path, status, duration and id, and redacts secrets', async () => {
    const key = `sk_live_${'ab'.repeat(32)}`;
    await request(t.server)
      .get('/health/live')
      .set('X-API-Key', key)
      .set('Authorization', 'Bearer very-secret-token')
      .set('Cookie', 'sid=very-secret-session')
      .set('X-Request-Id', 'log-line-1');
    const lines = t.logs.filter((l) => (l.req as { id?: string } | undefined)?.id === 'log-line-1');
    // One line: nestjs-pino's own request middleware stays off (docs/adr/0003-request-log-line-middleware.md).
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line).toMatchObject({ req: { method: 'GET', path: '/health/live' }, res: { status: 200 } });
    expect(typeof line?.duration_ms).toBe('number');
    const text = t.logText();
    expect(text).not.toContain(key);
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('very-secret-session');
    // No header reaches the request line at all: credentials and cookies have nothing to leak through.
    expect(line).not.toHaveProperty('req.headers');
    expect(Object.keys(line.req as object).sort()).toEqual(['id', 'method', 'path', 'remote_address']);
  });
});

describe('the database going away at request time', () => {
  let t: TestApp;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    t = await startTestApp({ DATABASE_URL: proxiedUrl(process.env.DATABASE_URL!, port) });
  });
  afterAll(async () => {
    await t.close();
    await proxy.cut();
  });

  it('answers 503 quickly while it is unreachable, and recovers by itself', async () => {
    await request(t.server).get('/health/ready').expect(200);
    await proxy.cut();

    // "quickly": bounded, not a hang. A ready answer is shared for up to a second, so the first
    // check after the cut may still be that one; a 503 must come within 5 s, or the test fails
    // then and says so (rather than measuring how long it took after the fact).
    const down = await withDeadline(
      waitFor(
        async () => {
          const res = await request(t.server).get('/health/ready');
          return res.status !== 200 && res;
        },
        { timeoutMs: 5_000, what: 'GET /health/ready to answer 503 while the database is unreachable' },
      ),
      5_000,
      'GET /health/ready to answer 503 while the database is unreachable',
    );
    expectEnvelopeError(down, 503);
    await request(t.server).get('/health/live').expect(200);

    await proxy.restore();
    let last: request.Response | undefined;
    const ready = await waitFor(
      async () => {
        last = await request(t.server).get('/health/ready');
        return last.status === 200 && last;
      },
      {
        timeoutMs: 5_000,
        what: () =>
          `GET /health/ready to answer 200 once the database is back (last answer: ${last?.status} ${JSON.stringify(last?.body)})`,
      },
    );
    expect(ready.body).toEqual({ data: expect.objectContaining({ status: 'ok' }), error: null });
  });
});
