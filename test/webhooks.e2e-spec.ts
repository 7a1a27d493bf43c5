import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { FakeClock } from '../src/common/testing/fake-clock';
import { driveClock, frozenNow } from './support/driven-clock';
import { client, makeCaller, type Caller, type Client, ISO_MS } from './support/lists-client';
import { recordSecret } from './support/secret-ledger';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const unique = () => randomBytes(4).toString('hex');

describe('webhooks (API.md section 8)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let receiver: WebhookReceiver;
  let owner: Caller;
  let as: Client;

  beforeAll(async () => {
    t = await startTestApp(
      {
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
        // Short enough for the hanging receiver's case, long enough that a loaded machine's answers make it.
        WEBHOOK_TIMEOUT_MS: '2000',
        WEBHOOK_LEASE_MS: '30000',
        WEBHOOK_POLL_INTERVAL_MS: '20',
        RATE_LIMIT_MAX: '100000',
      },
      {},
      { ownDatabase: 'webhooks' },
    );
    clock = driveClock(t.app, frozenNow());
    receiver = await new WebhookReceiver().start();
    owner = await makeCaller(t.app);
    as = client(t.server, owner.key);
  });
  afterAll(async () => {
    await receiver?.stop();
    jest.restoreAllMocks();
    await t?.close();
  });

  async function create(path: string, extra: object = {}, who: Client = as) {
    const res = await who.post('/v1/webhooks', { url: receiver.url(path), ...extra }).expect(200);
    recordSecret('webhook secret', res.body.data.webhook.secret);
    return res.body.data.webhook as { id: string; secret: string; status: string };
  }

  const deliveries = async (webhookId: string): Promise<DeliveryView[]> =>
    (await as.get(`/v1/webhooks/${webhookId}/deliveries`).expect(200)).body.data.deliveries;

  const deliveryOf = (webhookId: string, deliveryId: string, what: string, done: (d: DeliveryView) => boolean) =>
    waitFor(
      async () => {
        const found = (await deliveries(webhookId)).find((d) => d.id === deliveryId);
        return found && done(found) ? found : null;
      },
      // Bounded generously: a loaded machine may take seconds over a delivery.
      { what, timeoutMs: 15_000 },
    );

  const sendTest = async (webhookId: string): Promise<DeliveryView> =>
    (await as.post(`/v1/webhooks/${webhookId}/test`).expect(200)).body.data.delivery;

  it('creates a webhook, showing its secret once; lists it without; a test event arrives signed and is listed as succeeded', async () => {
    const path = `/ok-${unique()}`;
    const webhook = await create(path, { types: ['item.added', 'list.created'] });
    expect(webhook).toMatchObject({ url: receiver.url(path), types: ['item.added', 'list.created'], list_id: null, status: 'active' });
    expect(webhook.secret).toMatch(SECRET);
    const listed = (await as.get('/v1/webhooks').expect(200)).body.data.webhooks;
    const mine = listed.find((w: { id: string }) => w.id === webhook.id);
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(webhook.secret.slice(6));

    const queued = await sendTest(webhook.id);
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    expect(queued.event_id).toMatch(/^evt_/);
    const done = await deliveryOf(webhook.id, queued.id, 'the test delivery to succeed', (d) => d.status === 'succeeded');
    expect(done).toMatchObject({ attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(done.created_at).toMatch(ISO_MS);

    const [request] = receiver.at(path);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(queued.event_id);
    expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    const event = WebhookReceiver.verify(webhook.secret, request, clock.now().getTime());
    expect(event).toMatchObject({
      id: queued.event_id,
      type: 'webhook.test',
      list: null,
      actor: { id: owner.id, username: owner.username, name: owner.name },
      data: { webhook: { id: webhook.id } },
    });

    // The body matches what the OpenAPI document's `webhooks` section says the service sends.
    const document = (await supertest(t.server).get('/v1/openapi.json').expect(200)).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    const validate = ajv.compile({ $ref: 'openapi.json#/webhooks/webhook.test/post/requestBody/content/application~1json/schema' });
    expect(validate(JSON.parse(receiver.at(path)[0].body))).toBe(true);
  });

  it('replays an idempotent creation without the secret', async () => {
    const key = `idem-${unique()}`;
    const body = { url: receiver.url(`/idem-${unique()}`) };
    const first = await as.post('/v1/webhooks', body).set('Idempotency-Key', key).expect(200);
    recordSecret('webhook secret', first.body.data.webhook.secret);
    expect(first.body.data.webhook.secret).toMatch(SECRET);
    const replay = await as.post('/v1/webhooks', body).set('Idempotency-Key', key).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.webhook).toEqual({ ...first.body.data.webhook, secret: null });
    await as.delete(`/v1/webhooks/${first.body.data.webhook.id}`).expect(200);
  });

  it('retries a failing receiver after 5 s, then 5 min, with the same webhook-id, until it recovers', async () => {
    const path = `/flaky-${unique()}`;
    receiver.on(path, { status: 500 }, { status: 503 }, { status: 200 });
    const webhook = await create(path);
    const queued = await sendTest(webhook.id);
    const first = await deliveryOf(webhook.id, queued.id, 'the first failure', (d) => d.attempts === 1);
    expect(first).toMatchObject({ status: 'pending', last_status_code: 500, last_error: 'HTTP 500' });
    const wait1 = Date.parse(first.next_attempt_at!) - clock.now().getTime();
    expect(wait1).toBeGreaterThanOrEqual(5_000);
    expect(wait1).toBeLessThanOrEqual(5_500);

    clock.advance(wait1);
    const second = await deliveryOf(webhook.id, queued.id, 'the second failure', (d) => d.attempts === 2);
    expect(second).toMatchObject({ status: 'pending', last_status_code: 503 });
    const wait2 = Date.parse(second.next_attempt_at!) - clock.now().getTime();
    expect(wait2).toBeGreaterThanOrEqual(300_000);
    expect(wait2).toBeLessThanOrEqual(330_000);

    clock.advance(wait2 - 1_000);
    // Not yet due: a poll or two later, still two attempts.
    await waitFor(() => receiver.at(path).length === 2, { what: 'no early third attempt' });
    clock.advance(1_000);
    const third = await deliveryOf(webhook.id, queued.id, 'the recovery', (d) => d.status === 'succeeded');
    expect(third).toMatchObject({ attempts: 3, last_status_code: 200, last_error: null });
    const ids = new Set(receiver.at(path).map((r) => r.headers['webhook-id']));
    expect([...ids]).toEqual([queued.event_id]);
  });

  it('honours a longer Retry-After on 429', async () => {
    const path = `/busy-${unique()}`;
    receiver.on(path, { status: 429, headers: { 'Retry-After': '3600' } });
    const webhook = await create(path);
    const queued = await sendTest(webhook.id);
    const failed = await deliveryOf(webhook.id, queued.id, 'the 429', (d) => d.attempts === 1);
    expect(Date.parse(failed.next_attempt_at!) - clock.now().getTime()).toBe(3_600_000);
    await as.delete(`/v1/webhooks/${webhook.id}`).expect(200);
  });

  it('gives up on a receiver that does not answer within the timeout, and says so on the delivery', async () => {
    const path = `/hang-${unique()}`;
    receiver.on(path, 'hang');
    const webhook = await create(path);
    const queued = await sendTest(webhook.id);
    const failed = await deliveryOf(webhook.id, queued.id, 'the timeout', (d) => d.attempts === 1);
    expect(failed).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'no answer within 2000 ms' });
    receiver.releaseHeld();
    await as.delete(`/v1/webhooks/${webhook.id}`).expect(200);
  });

  it('does not follow a redirect: a 3xx is a failure', async () => {
    const path = `/moved-${unique()}`;
    const target = `/target-${unique()}`;
    receiver.on(path, { status: 302, headers: { Location: receiver.url(target) } });
    const webhook = await create(path);
    const queued = await sendTest(webhook.id);
    const failed = await deliveryOf(webhook.id, queued.id, 'the redirect', (d) => d.attempts === 1);
    expect(failed).toMatchObject({ status: 'pending', last_status_code: 302, last_error: 'HTTP 302: redirects are not followed' });
    expect(receiver.at(target)).toEqual([]);
    await as.delete(`/v1/webhooks/${webhook.id}`).expect(200);
  });

  it('disables the webhook at once on 410; its test route then refuses', async () => {
    const path = `/gone-${unique()}`;
    receiver.on(path, { status: 410 });
    const webhook = await create(path);
    const queued = await sendTest(webhook.id);
    const failed = await deliveryOf(webhook.id, queued.id, 'the 410', (d) => d.status === 'failed');
    expect(failed).toMatchObject({ attempts: 1, last_status_code: 410, next_attempt_at: null });
    const listed = (await as.get('/v1/webhooks').expect(200)).body.data.webhooks.find((w: { id: string }) => w.id === webhook.id);
    expect(listed).toMatchObject({ status: 'disabled', disabled_reason: 'the endpoint answered 410 Gone' });
    await as.post(`/v1/webhooks/${webhook.id}/test`).expect(422);
    await as.delete(`/v1/webhooks/${webhook.id}`).expect(200);
  });

  it('rotates the secret: the new one is shown once, both sign for 24 h, then only the new one', async () => {
    const path = `/rotate-${unique()}`;
    const webhook = await create(path);
    const rotated = (await as.post(`/v1/webhooks/${webhook.id}/rotate-secret`).expect(200)).body.data.webhook;
    recordSecret('webhook secret', rotated.secret);
    expect(rotated.secret).toMatch(SECRET);
    expect(rotated.secret).not.toBe(webhook.secret);
    const queued = await sendTest(webhook.id);
    await deliveryOf(webhook.id, queued.id, 'the delivery after rotation', (d) => d.status === 'succeeded');
    const [request] = receiver.at(path);
    expect(request.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(WebhookReceiver.verify(rotated.secret, request, clock.now().getTime())).toMatchObject({ id: queued.event_id });
    expect(WebhookReceiver.verify(webhook.secret, request, clock.now().getTime())).toMatchObject({ id: queued.event_id });

    clock.advance(24 * 3600_000 + 1);
    const later = await sendTest(webhook.id);
    await deliveryOf(webhook.id, later.id, 'the delivery a day later', (d) => d.status === 'succeeded');
    const last = receiver.at(path)[1];
    expect(last.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(() => WebhookReceiver.verify(webhook.secret, last, clock.now().getTime())).toThrow();
    expect(WebhookReceiver.verify(rotated.secret, last, clock.now().getTime())).toMatchObject({ id: later.event_id });
    await as.delete(`/v1/webhooks/${webhook.id}`).expect(200);
  });

  it('retries a delivery now on request, and pages deliveries newest first', async () => {
    const path = `/retry-${unique()}`;
    receiver.on(path, { status: 500 }, { status: 200 });
    const webhook = await create(path);
    const queued = await sendTest(webhook.id);
    await deliveryOf(webhook.id, queued.id, 'the failure', (d) => d.attempts === 1);
    const again = (await as.post(`/v1/webhooks/${webhook.id}/deliveries/${queued.id}/retry`).expect(200)).body.data.delivery;
    expect(again).toMatchObject({ id: queued.id, status: 'pending', next_attempt_at: clock.now().toISOString() });
    await deliveryOf(webhook.id, queued.id, 'the retried delivery', (d) => d.status === 'succeeded' && d.attempts === 2);

    clock.advance(1);
    const second = await sendTest(webhook.id);
    clock.advance(1);
    const third = await sendTest(webhook.id);
    const page1 = (await as.get(`/v1/webhooks/${webhook.id}/deliveries?limit=2`).expect(200)).body.data;
    expect(page1.deliveries.map((d: DeliveryView) => d.id)).toEqual([third.id, second.id]);
    const page2 = (await as.get(`/v1/webhooks/${webhook.id}/deliveries?limit=2&cursor=${page1.next_cursor}`).expect(200)).body.data;
    expect(page2.deliveries.map((d: DeliveryView) => d.id)).toEqual([queued.id]);
    expect(page2.next_cursor).toBeNull();
    await as.get(`/v1/webhooks/${webhook.id}/deliveries?limit=0`).expect(400);
    await as.get(`/v1/webhooks/${webhook.id}/deliveries?cursor=forged`).expect(400);
    await as.post(`/v1/webhooks/${webhook.id}/deliveries/${randomBytes(16).toString('hex')}/retry`).expect(404);
    await as.delete(`/v1/webhooks/${webhook.id}`).expect(200);
  });

  it('validates the body: url, types and list_id', async () => {
    const url = receiver.url('/validate');
    await as.post('/v1/webhooks', { url: 'ftp://example.com/' }).expect(400);
    await as.post('/v1/webhooks', { url: `http://example.com/${'a'.repeat(2040)}` }).expect(400);
    await as.post('/v1/webhooks', { url, types: ['item.exploded'] }).expect(400);
    await as.post('/v1/webhooks', { url, types: [] }).expect(400);
    await as.post('/v1/webhooks', { url, colour: 'blue' }).expect(400);
    const stranger = await makeCaller(t.app);
    const theirs = (
      await client(t.server, stranger.key)
        .post('/v1/lists', { name: `Theirs ${unique()}` })
        .expect(200)
    ).body.data.list;
    await as.post('/v1/webhooks', { url, list_id: theirs.id }).expect(404);
    await as.post('/v1/webhooks', { url, list_id: 'not-an-id' }).expect(404);
    const mine = (await as.post('/v1/lists', { name: `Mine ${unique()}` }).expect(200)).body.data.list;
    const scoped = await create('/validate', { list_id: mine.id, types: null });
    expect(scoped).toMatchObject({ list_id: mine.id, types: null });
    await as.delete(`/v1/webhooks/${scoped.id}`).expect(200);
  });

  it("allows 10 webhooks per account (422 past that), and shows a stranger's webhook as 404 everywhere", async () => {
    const someone = await makeCaller(t.app);
    const them = client(t.server, someone.key);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await create(`/limit-${i}`, {}, them));
    const refused = await them.post('/v1/webhooks', { url: receiver.url('/limit-11') }).expect(422);
    expect(refused.body.error).toMatch(/at most 10 webhooks/);
    const id = made[0].id;
    const delivery = (await them.post(`/v1/webhooks/${id}/test`).expect(200)).body.data.delivery;
    await as.get(`/v1/webhooks/${id}/deliveries`).expect(404);
    await as.post(`/v1/webhooks/${id}/test`).expect(404);
    await as.post(`/v1/webhooks/${id}/rotate-secret`).expect(404);
    await as.post(`/v1/webhooks/${id}/deliveries/${delivery.id}/retry`).expect(404);
    await as.delete(`/v1/webhooks/${id}`).expect(404);
    await them.delete(`/v1/webhooks/${id}`).expect(200);
    await them.delete(`/v1/webhooks/${id}`).expect(404);
    await create('/limit-11', {}, them);
  });
});

describe('webhooks when private URLs are not allowed (the default)', () => {
  let t: TestApp;
  let as: Client;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') });
    as = client(t.server, (await makeCaller(t.app)).key);
  });
  afterAll(() => t?.close());

  it.each([
    ['http://example.com/hook', /must start with https:\/\//],
    ['https://127.0.0.1/hook', /127\.0\.0\.1, a loopback address/],
    ['https://[::1]/hook', /::1, a loopback address/],
    ['https://10.0.0.5/hook', /a private address/],
    ['https://169.254.169.254/latest', /a linkLocal address/],
    ['https://100.64.1.1/hook', /a carrierGradeNat address/],
    ['https://[::ffff:192.168.0.1]/hook', /a private address/],
    ['https://localhost/hook', /a loopback address/],
  ])('refuses %s with a 400 that says why', async (url, message) => {
    const res = await as.post('/v1/webhooks', { url }).expect(400);
    expect(res.body.error).toMatch(message);
    expect(res.body.error).toMatch(/^url /);
  });
});
