import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { recordSpans } from '../../../../common/tracing/testing/recorded-spans';
import { HttpWebhookSender } from './http-webhook-sender';

describe('HttpWebhookSender', () => {
  const spans = recordSpans();
  let server: Server;
  let port: number;
  const hits: string[] = [];
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += String(chunk)));
      req.on('end', () => {
        hits.push([req.url, req.headers['content-type'], req.headers['webhook-id'], body].join(' '));
        if (req.url === '/hang') return void held.push(res);
        if (req.url === '/moved') return void res.writeHead(307, { Location: '/ok' }).end();
        if (req.url === '/busy') return void res.writeHead(429, { 'Retry-After': '120' }).end();
        if (req.url === '/talkative') {
          return void res.writeHead(500, { 'Content-Type': 'text/plain', 'Set-Cookie': 'session=abc' }).end(`${'é'.repeat(3000)}`);
        }
        if (req.url === '/short') return void res.writeHead(400, { 'Content-Type': 'text/plain' }).end('bad\u0000body');
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // A timeout no busy machine reaches, for the cases about what a receiver answers; only the
  // case about the timeout itself uses a short one, against a receiver that never answers.
  const open = new HttpWebhookSender({ timeoutMs: 30_000, allowPrivate: true });
  const impatient = new HttpWebhookSender({ timeoutMs: 200, allowPrivate: true });
  const strict = new HttpWebhookSender({ timeoutMs: 30_000, allowPrivate: false });
  const request = (path: string, host = '127.0.0.1') => ({
    url: `http://${host}:${port}${path}`,
    headers: { 'content-type': 'application/json', 'webhook-id': 'evt_1' },
    body: '{"a":1}',
  });

  it('POSTs the body with the headers and reports the status and Retry-After', async () => {
    expect(await open.send(request('/ok'))).toMatchObject({ kind: 'answered', statusCode: 204, retryAfter: null });
    expect(hits).toContain('/ok application/json evt_1 {"a":1}');
    expect(await open.send(request('/busy'))).toMatchObject({ kind: 'answered', statusCode: 429, retryAfter: '120' });
  });

  it("keeps the answer's headers, cookies masked, and its body's first 4 KiB, cut on a character", async () => {
    const talkative = await open.send(request('/talkative'));
    if (talkative.kind !== 'answered' || !talkative.response) throw new Error('expected an answer with its response kept');
    expect(talkative.response.headers).toMatchObject({ 'content-type': 'text/plain', 'set-cookie': '[redacted]' });
    expect(talkative.response.body).toBe('é'.repeat(2048));
    expect(talkative.response.bodyTruncated).toBe(true);
    expect(await open.send(request('/short'))).toMatchObject({
      kind: 'answered',
      statusCode: 400,
      response: { body: 'bad\uFFFDbody', bodyTruncated: false },
    });
  });

  it('does not follow redirects', async () => {
    const before = hits.length;
    expect(await open.send(request('/moved'))).toMatchObject({ kind: 'answered', statusCode: 307 });
    expect(hits.slice(before).map((hit) => hit.split(' ')[0])).toEqual(['/moved']);
  });

  it('gives up after the timeout', async () => {
    expect(await impatient.send(request('/hang'))).toEqual({ kind: 'failed', error: 'no answer within 200 ms' });
  });

  it('reports a refused connection as a failure, not an exception', async () => {
    expect(await open.send({ ...request('/ok'), url: 'http://127.0.0.1:9/' })).toMatchObject({ kind: 'failed', error: /ECONNREFUSED/ });
  });

  it('checks the addresses again at send time, on the lookup the connection itself uses (DNS rebinding)', async () => {
    const before = hits.length;
    expect(await strict.send(request('/ok', 'localhost'))).toEqual({
      kind: 'failed',
      error: expect.stringMatching(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/),
    });
    expect(await strict.send(request('/ok'))).toEqual({ kind: 'failed', error: 'refused: 127.0.0.1 is a loopback address' });
    expect(hits.length).toBe(before);
  });

  it('sends in a webhook send span naming the receiver by host, the message and the answer, never the URL', async () => {
    spans.clear();
    await open.send(request('/ok?token=receivers-own-secret'));
    await open.send(request('/busy'));
    const [ok, busy] = spans.ended().filter((span) => span.name === 'webhook send');
    expect(ok).toMatchObject({
      kind: SpanKind.CLIENT,
      attributes: { 'server.address': '127.0.0.1', 'webhook.message_id': 'evt_1', 'http.response.status_code': 204 },
    });
    expect(ok.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(JSON.stringify(ok.attributes)).not.toContain('receivers-own-secret');
    expect(busy.attributes['http.response.status_code']).toBe(429);
    expect(busy.status.code).toBe(SpanStatusCode.ERROR);
  });
});
