import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { PortalClient } from './support/portal-client';
import { portalWebhooksWorld } from './support/portal-webhooks-world';
import { uniqueTag } from './support/unique-tag';
import { recordSecret } from './support/secret-ledger';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

/**
 * The developer page's webhook routes (/developers/api/webhooks…): /v1/webhooks with the
 * session instead of an API key, behind the portal's guards. The browser test drives them
 * through the page; this proves their guards and answers over plain HTTP.
 */
describe('developer portal webhooks (/developers/api/webhooks)', () => {
  const w = portalWebhooksWorld('portal_webhooks');

  it('adds an endpoint shown with its secret once, lists it without, and the same webhook is on /v1/webhooks', async () => {
    const c = await w.signedIn();
    const path = `/portal-${uniqueTag()}`;
    const res = await c.post('webhooks', { url: w.receiver.url(path), types: ['item.added', 'item.added'] });
    expect(res.status).toBe(200);
    const webhook = res.body.data.webhook;
    recordSecret('webhook secret', webhook.secret);
    expect(webhook).toEqual({
      id: expect.any(String),
      url: w.receiver.url(path),
      types: ['item.added'],
      list_id: null,
      status: 'active',
      disabled_reason: null,
      created_at: expect.any(String),
      secret: expect.stringMatching(SECRET),
    });

    const listed = await c.get('webhooks');
    expect(listed.body).toEqual({ data: { webhooks: [{ ...webhook, secret: undefined }] }, error: null });
    expect(JSON.stringify(listed.body)).not.toContain(webhook.secret);

    // The same account's API key sees the same webhook: one service behind both.
    const key = (await c.post('keys', { label: 'hooks' })).body.data.key as string;
    recordSecret('api key', key);
    const viaKey = await request(w.t.server).get('/v1/webhooks').set('X-API-Key', key).expect(200);
    expect(viaKey.body.data.webhooks).toEqual(listed.body.data.webhooks);
  });

  it('sends a test, lists its delivery, retries it, rotates the secret and deletes the endpoint', async () => {
    const c = await w.signedIn();
    const path = `/portal-${uniqueTag()}`;
    const webhook = await w.addWebhook(c, { path });

    const test = await c.post(`webhooks/${webhook.id}/test`, {});
    expect(test.status).toBe(200);
    const delivery = test.body.data.delivery;
    expect(delivery).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    const done = await waitFor(
      async () => {
        const page = await c.get(`webhooks/${webhook.id}/deliveries`);
        const found = page.body.data.deliveries.find((d: { id: string }) => d.id === delivery.id);
        return found?.status === 'succeeded' ? page.body.data : null;
      },
      { what: 'the test delivery to succeed', intervalMs: 50 },
    );
    expect(done).toEqual({
      deliveries: [expect.objectContaining({ id: delivery.id, last_status_code: 200, attempts: 1 })],
      next_cursor: null,
    });
    const received = w.receiver.at(path);
    expect(received).toHaveLength(1);
    expect(WebhookReceiver.verifyAsSent(webhook.secret, received[0])).toMatchObject({ type: 'webhook.test' });

    const retried = await c.post(`webhooks/${webhook.id}/deliveries/${delivery.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.data.delivery).toMatchObject({ id: delivery.id, status: 'pending' });
    await waitFor(() => w.receiver.at(path).length === 2, { what: 'the retried delivery to arrive' });

    const rotated = await c.post(`webhooks/${webhook.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    recordSecret('webhook secret', rotated.body.data.webhook.secret);
    expect(rotated.body.data.webhook.secret).toMatch(SECRET);
    expect(rotated.body.data.webhook.secret).not.toBe(webhook.secret);

    expect((await c.send('DELETE', `webhooks/${webhook.id}`, { body: {} })).status).toBe(200);
    expect((await c.get('webhooks')).body.data.webhooks).toEqual([]);
    expect((await c.get(`webhooks/${webhook.id}/deliveries`)).status).toBe(404);
  });

  it('validates as /v1/webhooks does: 400 with the same message, nothing created', async () => {
    const c = await w.signedIn();
    const bad = await c.post('webhooks', { url: w.receiver.url('/x'), types: ['no.such'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^each value in types must be one of: /);
    expect((await c.post('webhooks', { url: 'ftp://example.com/x' })).status).toBe(400);
    expect((await c.post('webhooks', { url: w.receiver.url('/x'), extra: 1 })).status).toBe(400);
    expect((await c.post(`webhooks/${randomBytes(16).toString('hex')}/test`, { extra: 1 })).status).toBe(400);
    expect((await c.get(`webhooks/${randomBytes(16).toString('hex')}/deliveries?limit=0`)).status).toBe(400);
    expect((await c.get('webhooks')).body.data.webhooks).toEqual([]);
  });

  it('answers 401 without a session on every route', async () => {
    const owner = await w.signedIn();
    const webhook = await w.addWebhook(owner);
    const anonymous = new PortalClient(w.base);
    const id = webhook.id;
    const answers = await Promise.all([
      anonymous.get('webhooks'),
      anonymous.post('webhooks', { url: w.receiver.url('/anon') }),
      anonymous.send('DELETE', `webhooks/${id}`, { body: {} }),
      anonymous.post(`webhooks/${id}/rotate-secret`, {}),
      anonymous.post(`webhooks/${id}/test`, {}),
      anonymous.get(`webhooks/${id}/deliveries`),
      anonymous.post(`webhooks/${id}/deliveries/${id}/retry`, {}),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect(answers[0].body).toEqual({ data: null, error: expect.any(String) });
    expect((await owner.get('webhooks')).body.data.webhooks).toHaveLength(1);
  });

  it('refuses a cross-origin mutation (or one without a JSON Content-Type) with 403 and changes nothing', async () => {
    const c = await w.signedIn();
    const webhook = await w.addWebhook(c);
    const evil = { headers: { origin: 'https://evil.example' } };
    const forged = await c.post('webhooks', { url: w.receiver.url('/forged') }, evil);
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ data: null, error: 'Cross-site request refused: the Origin is not this service' });
    expect((await c.send('DELETE', `webhooks/${webhook.id}`, { body: {}, ...evil })).status).toBe(403);
    expect((await c.post(`webhooks/${webhook.id}/rotate-secret`, {}, evil)).status).toBe(403);
    expect((await c.post(`webhooks/${webhook.id}/test`, {}, evil)).status).toBe(403);
    expect((await c.send('DELETE', `webhooks/${webhook.id}`, { noContentType: true })).status).toBe(403);
    // Reads are not mutations.
    expect((await c.get('webhooks', evil)).status).toBe(200);

    expect((await c.get('webhooks')).body.data.webhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expect((await c.get(`webhooks/${webhook.id}/deliveries`)).body.data.deliveries).toEqual([]);
  });

  it("answers 404 for another account's webhook and delivery, and leaves them alone", async () => {
    const owner = await w.signedIn();
    const webhook = await w.addWebhook(owner);
    const delivery = (await owner.post(`webhooks/${webhook.id}/test`, {})).body.data.delivery as { id: string };
    const stranger = await w.signedIn();
    const answers = await Promise.all([
      stranger.send('DELETE', `webhooks/${webhook.id}`, { body: {} }),
      stranger.post(`webhooks/${webhook.id}/rotate-secret`, {}),
      stranger.post(`webhooks/${webhook.id}/test`, {}),
      stranger.get(`webhooks/${webhook.id}/deliveries`),
      stranger.post(`webhooks/${webhook.id}/deliveries/${delivery.id}/retry`, {}),
    ]);
    expect(answers.map((a) => [a.status, a.body.error])).toEqual(Array(5).fill([404, 'Webhook not found']));
    expect((await stranger.get('webhooks')).body.data.webhooks).toEqual([]);
    expect((await owner.get('webhooks')).body.data.webhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expect((await owner.post(`webhooks/${webhook.id}/deliveries/${randomBytes(16).toString('hex')}/retry`, {})).status).toBe(404);
  });
});
