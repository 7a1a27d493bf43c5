import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/ports/clock';
import { MetricsServer } from '../src/modules/metrics/metrics-server';
import { newMail } from '../src/modules/mail/domain/mail-message';
import { TypeOrmMailRepository } from '../src/modules/mail/infrastructure/typeorm/typeorm-mail.repository';
import { TypeOrmDeliveryRepository } from '../src/modules/webhooks/infrastructure/typeorm/typeorm-delivery.repository';
import { TypeOrmWebhookRepository } from '../src/modules/webhooks/infrastructure/typeorm/typeorm-webhook.repository';
import { aDelivery, aWebhook } from '../src/modules/webhooks/testing/webhooks-storage';
import { makeUserWithKey, UserWithKey } from './factories/make-user';
import { listeningSockets } from './support/process-connections';
import { freePort, spawnReady, type ServiceProcess } from './support/service-process';
import { NO_RATE_LIMIT, startTestApp, TestApp } from './support/test-app';
import { DROP_REASONS } from '../src/modules/request-logs/domain/request-log-buffer';
import { RequestLogsService } from '../src/modules/request-logs/domain/request-logs.service';
import { waitFor } from './support/wait-for';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text page. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The samples named `name` whose labels include `labels`. */
const samplesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** The one sample named `name` with exactly these labels' values (others may exist); fails when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samplesOf(samples, name, labels);
  if (found.length !== 1) throw new Error(`expected one ${name} ${JSON.stringify(labels)}, found ${found.length}`);
  return found[0].value;
}

describe('Prometheus metrics on METRICS_PORT', () => {
  let t: TestApp;
  let metricsPort: number;
  let apiPort: number;
  let owner: UserWithKey;
  let listId: string;

  const scrapeText = async (): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const scrape = async (): Promise<Sample[]> => parse(await scrapeText());

  beforeAll(async () => {
    // A database of its own: the queue gauges count whole tables. Two would-be 401s per address
    // before a 429, to force a refusal.
    t = await startTestApp({ ...NO_RATE_LIMIT, RATE_LIMIT_UNAUTHENTICATED_MAX: '2', METRICS_PORT: '0' }, {}, { ownDatabase: 'metrics' });
    const bound = t.app.get(MetricsServer).address();
    expect(bound.address).toBe('127.0.0.1');
    metricsPort = bound.port;
    // Listening for real, for the request held in flight below.
    await t.app.listen(0, '127.0.0.1');
    apiPort = (t.server.address() as { port: number }).port;
    owner = await makeUserWithKey(t.app);
    const created = await request(t.server).post('/v1/lists').set('X-API-Key', owner.key).send({ name: 'Metrics' }).expect(200);
    listId = created.body.data.list.id;
  });
  afterAll(() => t?.close());

  it('counts requests by method, route template and status class, never by raw path or id', async () => {
    const unknownList = randomUUID();
    await request(t.server).get('/v1/me').set('X-API-Key', owner.key).expect(200);
    await request(t.server).get(`/v1/lists/${listId}/items`).set('X-API-Key', owner.key).expect(200);
    await request(t.server).get(`/v1/lists/${unknownList}/items`).set('X-API-Key', owner.key).expect(404);
    await request(t.server).get(`/no/such/path/${unknownList}`).expect(404);
    await request(t.server)
      .post('/mcp')
      .set('X-API-Key', owner.key)
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      .expect(200);

    const text = await scrapeText();
    expect(text).not.toContain(listId);
    expect(text).not.toContain(unknownList);
    const samples = parse(text);
    const requests = (labels: Record<string, string>) => valueOf(samples, 'todo_http_requests_total', labels);
    expect(requests({ method: 'GET', route: '/v1/me', status_class: '2xx' })).toBe(1);
    expect(requests({ method: 'GET', route: '/v1/lists/:id/items', status_class: '2xx' })).toBe(1);
    expect(requests({ method: 'GET', route: '/v1/lists/:id/items', status_class: '4xx' })).toBe(1);
    expect(requests({ method: 'POST', route: '/v1/lists', status_class: '2xx' })).toBe(1);
    expect(requests({ method: 'POST', route: '/mcp', status_class: '2xx' })).toBe(1);
    expect(requests({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
    // Every route label is a template or `unmatched`.
    for (const sample of samplesOf(samples, 'todo_http_requests_total')) {
      expect(sample.labels.route).toMatch(/^(unmatched|\/[a-z0-9/_:.-]*)$/);
      expect(sample.labels.status_class).toMatch(/^[2-5]xx$/);
    }

    // The duration histogram has the same label sets, its count matching the counter.
    const histogram = { method: 'GET', route: '/v1/lists/:id/items', status_class: '2xx' };
    expect(valueOf(samples, 'todo_http_request_duration_seconds_count', histogram)).toBe(1);
    expect(valueOf(samples, 'todo_http_request_duration_seconds_bucket', { ...histogram, le: '+Inf' })).toBe(1);
    expect(valueOf(samples, 'todo_http_request_duration_seconds_sum', histogram)).toBeGreaterThan(0);
    expect(samplesOf(samples, 'todo_http_request_duration_seconds_bucket', histogram).length).toBeGreaterThan(10);
  });

  it('counts a request in flight from its arrival until it ends', async () => {
    expect(valueOf(await scrape(), 'todo_http_requests_in_flight')).toBe(0);
    // A body announced and never finished: the request has arrived and waits for the rest.
    const held = httpRequest({
      host: '127.0.0.1',
      port: apiPort,
      method: 'POST',
      path: '/v1/lists',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '100', 'X-API-Key': owner.key },
    });
    held.on('error', () => undefined);
    held.write('{"name":');
    try {
      await waitFor(async () => valueOf(await scrape(), 'todo_http_requests_in_flight') === 1, {
        what: 'the held request to be in flight',
      });
    } finally {
      held.destroy();
    }
    await waitFor(async () => valueOf(await scrape(), 'todo_http_requests_in_flight') === 0, { what: 'the held request to end' });
  });

  it("shows each mode's pool", async () => {
    const samples = await scrape();
    for (const mode of ['live', 'test']) {
      for (const name of ['todo_db_pool_size', 'todo_db_pool_idle', 'todo_db_pool_waiting']) {
        expect(valueOf(samples, name, { mode })).toBeGreaterThanOrEqual(0);
      }
    }
    // The live pool has served this spec's requests: it holds a connection.
    expect(valueOf(samples, 'todo_db_pool_size', { mode: 'live' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'todo_db_pool_waiting', { mode: 'live' })).toBe(0);
  });

  it('shows the webhook deliveries and the mail pending and failed, and how long the oldest due one has waited', async () => {
    const db = t.app.get(DataSource);
    // A disabled webhook: the delivery worker claims no delivery of it, so the rows stay as written.
    const webhook = aWebhook(owner.user.id, { status: 'disabled', disabledReason: 'metrics spec' });
    await new TypeOrmWebhookRepository(db).insert(webhook);
    // Times on the service's own Clock, which the gauges' ages are measured against.
    const now = t.app.get(Clock).now();
    const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);
    await new TypeOrmDeliveryRepository(db).insertMany([
      aDelivery(webhook.id, { nextAttemptAt: minutesAgo(10) }),
      aDelivery(webhook.id, { nextAttemptAt: minutesAgo(-10) }),
      aDelivery(webhook.id, { status: 'failed', nextAttemptAt: null }),
    ]);
    // Mail not due for an hour (the worker leaves it), and a dead message.
    const mails = new TypeOrmMailRepository(db);
    const mail = (id: string) => newMail({ id, kind: 'verify-email', to: 'ada@example.com', subject: 'S', sealedBody: 'sealed', now });
    await mails.insert({ ...mail(randomUUID()), nextAttemptAt: minutesAgo(-60) });
    await mails.insert({ ...mail(randomUUID()), status: 'dead', nextAttemptAt: null });

    const samples = await scrape();
    expect(valueOf(samples, 'todo_webhook_deliveries', { mode: 'live', state: 'pending' })).toBe(2);
    expect(valueOf(samples, 'todo_webhook_deliveries', { mode: 'live', state: 'failed' })).toBe(1);
    expect(valueOf(samples, 'todo_webhook_delivery_oldest_due_age_seconds', { mode: 'live' })).toBeGreaterThanOrEqual(600);
    // Test mode has its own deliveries: none.
    expect(valueOf(samples, 'todo_webhook_deliveries', { mode: 'test', state: 'pending' })).toBe(0);
    expect(valueOf(samples, 'todo_webhook_deliveries', { mode: 'test', state: 'failed' })).toBe(0);
    expect(valueOf(samples, 'todo_webhook_delivery_oldest_due_age_seconds', { mode: 'test' })).toBe(0);
    expect(valueOf(samples, 'todo_mail_messages', { state: 'pending' })).toBe(1);
    expect(valueOf(samples, 'todo_mail_messages', { state: 'failed' })).toBe(1);
    expect(valueOf(samples, 'todo_mail_oldest_due_age_seconds')).toBe(0);
  });

  it('shows the relay lag of each mode: the age of the next event the relay has still to pass', async () => {
    // An event whose transaction id lies beyond every running one, recorded an hour ago: the
    // relay reads only below the snapshot's xmin, so it waits there, first in line once the
    // relay has passed every other event.
    const db = t.app.get(DataSource);
    for (const schema of ['public', 'sandbox']) {
      await db.query(
        `INSERT INTO ${schema}.events (id, txid, type, list_id, payload, created_at)
         VALUES ($1, (pg_current_xact_id()::text::bigint + 1000000000)::text::xid8, 'list.created', $2, '{}', now() - interval '1 hour')`,
        [`evt_${randomUUID().replace(/-/g, '')}`, randomUUID()],
      );
    }
    const lags = await waitFor(
      async () => {
        const samples = await scrape();
        const lag = (mode: string) => valueOf(samples, 'todo_event_relay_lag_seconds', { mode });
        return lag('live') >= 3600 && lag('test') >= 3600 && { live: lag('live'), test: lag('test') };
      },
      { what: 'the relay to have passed every event before the held one, in both modes', timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(lags.live).toBeLessThan(2 * 3600);
    expect(lags.test).toBeLessThan(2 * 3600);
  });

  it('counts rate-limit refusals by throttler, from 0', async () => {
    const before = await scrape();
    expect(valueOf(before, 'todo_rate_limit_refusals_total', { throttler: 'unauthenticated' })).toBe(0);
    expect(valueOf(before, 'todo_rate_limit_refusals_total', { throttler: 'default' })).toBe(0);
    const wrong = `sk_live_${'0'.repeat(64)}`;
    await request(t.server).get('/v1/me').set('X-API-Key', wrong).expect(401);
    await request(t.server).get('/v1/me').set('X-API-Key', wrong).expect(401);
    await request(t.server).get('/v1/me').set('X-API-Key', wrong).expect(429);
    const after = await scrape();
    expect(valueOf(after, 'todo_rate_limit_refusals_total', { throttler: 'unauthenticated' })).toBe(1);
    expect(valueOf(after, 'todo_rate_limit_refusals_total', { throttler: 'default' })).toBe(0);
    expect(valueOf(after, 'todo_http_requests_total', { method: 'GET', route: '/v1/me', status_class: '4xx' })).toBe(3);
  });

  it('shows the requests the request log dropped, by reason, from 0, as the buffer counts them', async () => {
    const before = await scrape();
    for (const reason of DROP_REASONS) expect(valueOf(before, 'todo_request_logs_dropped_total', { reason })).toBe(0);
    const counted = jest.spyOn(t.app.get(RequestLogsService), 'drops').mockReturnValue({ buffer_full: 3, key_share: 2, write_failed: 1 });
    try {
      const after = await scrape();
      expect(valueOf(after, 'todo_request_logs_dropped_total', { reason: 'buffer_full' })).toBe(3);
      expect(valueOf(after, 'todo_request_logs_dropped_total', { reason: 'key_share' })).toBe(2);
      expect(valueOf(after, 'todo_request_logs_dropped_total', { reason: 'write_failed' })).toBe(1);
    } finally {
      counted.mockRestore();
    }
  });

  it("shows Node's process and event-loop metrics", async () => {
    const samples = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(samplesOf(samples, name).length).toBeGreaterThan(0);
    }
  });

  it("answers /metrics only on the metrics server: the API's port answers 404 like any unknown route", async () => {
    const api = await request(t.server).get('/metrics').expect(404);
    expect(api.body).toEqual({ data: null, error: expect.any(String) });
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});

describe('the metrics server in the running service', () => {
  // Every process a test started (a start that lost its port included), killed after it.
  const started: ServiceProcess[] = [];
  const track = (service: ServiceProcess) => started.push(service);
  afterEach(async () => {
    for (const service of started.splice(0)) {
      if (service.child.exitCode === null) {
        service.child.kill('SIGKILL');
        await service.exited;
      }
    }
  });

  it('does not exist without METRICS_PORT: the service listens on its API port alone', async () => {
    const service = await spawnReady({ DATABASE_URL: process.env.DATABASE_URL!, LOG_LEVEL: 'warn' }, { track });
    expect(listeningSockets(service.child.pid!)).toEqual([`127.0.0.1:${service.port}`]);
  });

  it('listens on METRICS_PORT on loopback beside the API, and closes in the shutdown: a scraper kept alive does not hold the exit', async () => {
    // A metrics port of its own for each start, which can lose it like its API port; the starts
    // are made one after the other, so the last one picked is the ready service's.
    let metricsPort = 0;
    const metricsEnv = async () => {
      metricsPort = await freePort();
      return { DATABASE_URL: process.env.DATABASE_URL!, LOG_LEVEL: 'warn', METRICS_PORT: String(metricsPort) };
    };
    const service = await spawnReady(metricsEnv, { track });
    expect(listeningSockets(service.child.pid!)).toEqual([`127.0.0.1:${metricsPort}`, `127.0.0.1:${service.port}`].sort());
    // A scrape on a kept-alive connection, as Prometheus makes them.
    const scraped = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: metricsPort, path: '/metrics', headers: { Connection: 'keep-alive' } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += String(chunk)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain('todo_db_pool_size{mode="live"}');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });
});
