import { portalWebhooksWorld } from './support/portal-webhooks-world';
import { uniqueTag } from './support/unique-tag';
import { waitFor } from './support/wait-for';

/**
 * The developer page's delivery inspector over HTTP
 * (GET /developers/api/webhooks/:id/deliveries/:delivery_id/attempts): each attempt of a
 * delivery to a real receiver, with the headers sent (the signature cut to its prefix), the
 * receiver's status, headers and the first 4 KiB of its body, and the timing; the account's
 * own deliveries only, in their own mode.
 */
describe('delivery inspector', () => {
  const w = portalWebhooksWorld('delivery_inspector');

  it("shows each attempt's request headers, status, answer and timing", async () => {
    const c = await w.signedIn();
    const path = `/inspected-${uniqueTag()}`;
    w.receiver.on(path, { status: 503, headers: { 'X-Trace': 'abc-123' }, body: 'x'.repeat(5000) }, { status: 200, body: 'thanks' });
    const webhook = await w.addWebhook(c, { path });
    const delivery = (await c.post(`webhooks/${webhook.id}/test`, {})).body.data.delivery;
    const deliveryOf = async () =>
      (await c.get(`webhooks/${webhook.id}/deliveries`)).body.data.deliveries.find((d: { id: string }) => d.id === delivery.id);
    await waitFor(async () => (await deliveryOf())?.attempts === 1, { what: 'the first attempt', intervalMs: 50 });
    expect((await c.post(`webhooks/${webhook.id}/deliveries/${delivery.id}/retry`, {})).status).toBe(200);
    await waitFor(async () => (await deliveryOf())?.status === 'succeeded', { what: 'the retried attempt', intervalMs: 50 });

    const res = await c.get(`webhooks/${webhook.id}/deliveries/${delivery.id}/attempts`);
    expect(res.status).toBe(200);
    const [first, second] = res.body.data.attempts;
    const sent = w.receiver.at(path);
    expect(sent).toHaveLength(2);
    expect(first).toEqual({
      attempt: 1,
      started_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      duration_ms: expect.any(Number),
      request: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': sent[0].headers['webhook-id'],
          'webhook-timestamp': sent[0].headers['webhook-timestamp'],
          'webhook-signature': `${sent[0].headers['webhook-signature'].slice(0, 7)}…`,
        },
      },
      status: 503,
      response: {
        headers: expect.objectContaining({ 'x-trace': 'abc-123' }),
        body: 'x'.repeat(4096),
        body_truncated: true,
      },
      error: 'HTTP 503',
    });
    expect(JSON.stringify(res.body)).not.toContain(sent[0].headers['webhook-signature'].slice(3));
    expect(second).toMatchObject({ attempt: 2, status: 200, response: { body: 'thanks', body_truncated: false }, error: null });
    expect(Date.parse(second.started_at)).toBeGreaterThanOrEqual(Date.parse(first.started_at));
  });

  it("answers 404 for another account's delivery, another mode's, or an id that is none; 400 for a bad mode", async () => {
    const owner = await w.signedIn();
    const webhook = await w.addWebhook(owner);
    const delivery = (await owner.post(`webhooks/${webhook.id}/test`, {})).body.data.delivery;
    const route = `webhooks/${webhook.id}/deliveries/${delivery.id}/attempts`;
    expect((await owner.get(route)).status).toBe(200);

    const stranger = await w.signedIn();
    expect((await stranger.get(route)).status).toBe(404);
    expect((await owner.get(`${route}?mode=test`)).status).toBe(404);
    expect((await owner.get(`webhooks/${webhook.id}/deliveries/not-an-id/attempts`)).status).toBe(404);
    const bad = await owner.get(`${route}?mode=staging`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('mode');
  });
});
