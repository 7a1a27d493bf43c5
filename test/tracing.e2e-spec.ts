import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { closeDatabase, openDatabase } from '../src/database/data-source';
import { CollectedSpan, OtlpCollector } from './support/otlp-collector';
import { ownDatabase, type OwnDatabase } from './support/own-database';
import { storedAccount } from './support/stored-account';
import { recordSecret } from './support/secret-ledger';
import { ROOT, ServiceProcess, spawnInstances } from './support/service-process';
import { SmtpReceiver } from './support/smtp-receiver';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/**
 * Tracing on (docs/operations.md, "Traces"): the built service (dist/main.js) exports OTLP/JSON
 * to a collector of the spec's own. The batch's schedule is an hour, so every span the
 * collector holds was sent by the flush in the shutdown path: the spec stops the service
 * (SIGTERM) before reading any.
 */
describe('traces', () => {
  const env = {
    DATABASE_URL: '',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '3600000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_POLL_INTERVAL_MS: '50',
    SMTP_URL: '',
    MAIL_POLL_INTERVAL_MS: '50',
    MAIL_FROM: 'todo@tracing.example',
    PUBLIC_ORIGIN: 'https://todo.tracing.example',
    RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'info',
  };
  const suffix = randomBytes(5).toString('hex');
  const email = `tracing_${suffix}@example.test`;
  // A receiver's path and query are its owner's, and may hold a token of theirs.
  const hookPath = `/hook/${randomBytes(8).toString('hex')}?token=${randomBytes(8).toString('hex')}`;
  let service: ServiceProcess;
  let collector: OtlpCollector;
  let webhooks: WebhookReceiver;
  let smtp: SmtpReceiver;
  let database: OwnDatabase | undefined;
  let db: DataSource | undefined;
  let key: string;
  let webhookSecret: string;
  let exitCode: number | null;
  /** The request log line of the GET /v1/lists. */
  let listsLine: Record<string, any>;

  const call = async (method: string, path: string, body?: object) => {
    const res = await fetch(`http://127.0.0.1:${service.port}${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: any; error: string | null };
    if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${json.error}`);
    return json.data;
  };
  const logLines = () =>
    service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, any>);
  const spansOf = (traceId: string) => collector.spans.filter((span) => span.traceId === traceId);
  const one = (spans: CollectedSpan[], name: string) => {
    const found = spans.filter((span) => span.name === name);
    expect(found).toHaveLength(1);
    return found[0];
  };

  beforeAll(async () => {
    database = await ownDatabase('tracing');
    env.DATABASE_URL = database.url;
    collector = await new OtlpCollector().start();
    env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url('');
    webhooks = await new WebhookReceiver().start();
    smtp = await new SmtpReceiver().start();
    env.SMTP_URL = smtp.url();

    db = await openDatabase({ url: env.DATABASE_URL, poolSize: 2, connectTimeoutS: 10 }, pino({ level: 'silent' }));
    // The service's migrations make the tables; a first instance's start runs them.
    [service] = await spawnInstances(env, 1);
    key = (await storedAccount(db, { email, username: `tracing_${suffix}`, name: 'Tracing' }, ['live'])).keys.live;

    // One request that reads from PostgreSQL, marked by its request id.
    const requestId = `tracing-lists-${suffix}`;
    const res = await fetch(`http://127.0.0.1:${service.port}/v1/lists`, { headers: { 'X-API-Key': key, 'X-Request-Id': requestId } });
    expect(res.status).toBe(200);
    // The key in the query string too: never in a span.
    expect((await fetch(`http://127.0.0.1:${service.port}/v1/me?api_key=${key}`)).status).toBeLessThan(500);
    // A webhook send, and a mail sent through SMTP (a password reset for the account's email).
    const webhook = (await call('POST', '/v1/webhooks', { url: webhooks.url(hookPath) })).webhook;
    webhookSecret = webhook.secret;
    recordSecret('webhook secret', webhookSecret);
    await call('POST', `/v1/webhooks/${webhook.id}/test`);
    const reset = await fetch(`http://127.0.0.1:${service.port}/developers/api/password-reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: env.PUBLIC_ORIGIN },
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);
    await waitFor(() => webhooks.at(hookPath).length > 0 && smtp.to(email).length > 0, {
      what: () => `the webhook (${webhooks.at(hookPath).length}) and the mail (${smtp.to(email).length}) to arrive`,
      timeoutMs: 20_000,
    });
    listsLine = await waitFor(() => logLines().find((line) => line.reqId === requestId), { what: 'the GET /v1/lists log line' });

    expect(collector.spans).toEqual([]); // nothing exported before the shutdown's flush
    service.child.kill('SIGTERM');
    exitCode = await service.exited;
  }, 120_000);

  afterAll(async () => {
    if (service && service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
    await collector?.stop();
    await webhooks?.stop();
    await smtp?.stop();
    if (db) await closeDatabase(db);
    await database?.drop();
  });

  it('flushes the spans in the shutdown path and exits 0', () => {
    expect(exitCode).toBe(0);
    expect(collector.spans.length).toBeGreaterThan(0);
    expect(collector.spans[0].resource['service.name']).toBe('todo-service');
  });

  it("gives a request one server span as root, named by its route, with the Express and pg spans beneath it, and its log line that trace's id", () => {
    expect(listsLine.trace_id).toMatch(/^[0-9a-f]{32}$/);
    const spans = spansOf(listsLine.trace_id);
    const roots = spans.filter((span) => span.parentSpanId === undefined);
    expect(roots.map((span) => [span.name, span.kind])).toEqual([['GET /v1/lists', SERVER]]);
    const [root] = roots;
    expect(listsLine.span_id).toBe(root.spanId);
    expect(root.attributes).toMatchObject({ 'http.route': '/v1/lists', 'http.response.status_code': 200, 'url.path': '/v1/lists' });

    // Every other span descends from the root, through spans of the same trace.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    for (const span of spans) {
      let at: CollectedSpan | undefined = span;
      while (at?.parentSpanId) at = byId.get(at.parentSpanId);
      expect(at).toBe(root);
    }
    const express = spans.filter((span) => span.scope === '@opentelemetry/instrumentation-express');
    expect(
      express.some((span) => span.attributes['http.route'] === '/v1/lists' && span.attributes['express.type'] === 'request_handler'),
    ).toBe(true);
    const queries = spans.filter(
      (span) => span.scope === '@opentelemetry/instrumentation-pg' && span.attributes['db.query.text'] !== undefined,
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((span) => span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    // Statements only: no parameter values.
    expect(queries.every((span) => !Object.keys(span.attributes).some((name) => name.includes('values')))).toBe(true);
  });

  it('records a webhook send, naming the receiver by its origin only', () => {
    const sends = collector.spans.filter((span) => span.name === 'webhook send');
    expect(sends.length).toBeGreaterThan(0);
    const send = sends[0];
    expect(send.kind).toBe(CLIENT);
    expect(send.attributes).toMatchObject({ 'server.address': '127.0.0.1', 'http.response.status_code': 200 });
    expect(send.status.code).not.toBe(ERROR);
    // The HTTP instrumentation's request span is its child.
    const post = one(
      collector.spans.filter((span) => span.parentSpanId === send.spanId),
      'POST',
    );
    expect(post.kind).toBe(CLIENT);
    expect(post.attributes['url.full']).toBe(`http://127.0.0.1:${webhooks.port}`);
  });

  it('records an SMTP send, naming the server by host and port', () => {
    const send = one(collector.spans, 'smtp send');
    expect(send.kind).toBe(CLIENT);
    expect(send.attributes).toMatchObject({ 'server.address': '127.0.0.1', 'server.port': smtp.port });
    expect(send.status.code).not.toBe(ERROR);
  });

  it('exports no secret: no key (in the header or the query string), no webhook secret or signature, no receiver path, no email', () => {
    const exported = collector.bodies.join('\n');
    expect(exported).not.toContain(key);
    expect(exported).not.toContain(webhookSecret);
    expect(exported).not.toContain(webhookSecret.replace(/^whsec_/, ''));
    expect(exported).not.toContain(webhooks.at(hookPath)[0].headers['webhook-signature']);
    expect(exported).not.toContain(hookPath.split('?')[0]);
    expect(exported).not.toContain(hookPath.split('=')[1]);
    expect(exported).not.toContain(email);
    const me = collector.spans.find((span) => span.name === 'GET /v1/me');
    expect(me?.attributes['url.query']).toBe('[redacted]');
  });
});

describe('traces off', () => {
  /** Loads dist/tracing.js (what main.ts loads first) with `env`, and tells whether any module of the SDK was loaded. */
  const sdkLoaded = (env: Record<string, string>) => {
    const probe = spawnSync(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(join(ROOT, 'dist', 'tracing.js'))});
         process.stdout.write(String(Object.keys(require.cache).some((path) => path.includes('@opentelemetry/sdk-node'))));`,
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
    );
    return { status: probe.status, stdout: probe.stdout, stderr: probe.stderr };
  };

  it('loads no module of the SDK without an exporter or endpoint, nor with OTEL_TRACES_EXPORTER=none', () => {
    expect(sdkLoaded({})).toMatchObject({ status: 0, stdout: 'false' });
    expect(sdkLoaded({ OTEL_TRACES_EXPORTER: 'none' })).toMatchObject({ status: 0, stdout: 'false' });
    expect(sdkLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_SDK_DISABLED: 'true' })).toMatchObject({
      status: 0,
      stdout: 'false',
    });
    // And it does with one: the probe can tell.
    expect(sdkLoaded({ OTEL_TRACES_EXPORTER: 'console' })).toMatchObject({ status: 0, stdout: 'true' });
  });

  it('refuses a mistyped exporter at start, naming the variable', () => {
    const probe = sdkLoaded({ OTEL_TRACES_EXPORTER: 'jaeger' });
    expect(probe.status).toBe(1);
    expect(probe.stderr).toContain('OTEL_TRACES_EXPORTER must be a comma-separated list of otlp, console, zipkin, none');
  });
});
