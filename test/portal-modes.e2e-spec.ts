import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { PortalClient } from './support/portal-client';
import { portalWebhooksWorld } from './support/portal-webhooks-world';
import { uniqueTag } from './support/unique-tag';
import { recordSecret } from './support/secret-ledger';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

/**
 * The developer page's routes that work on one mode's data (API.md section 10, the Test mode
 * switch): `?mode=live|test` on the portal's webhooks and lists routes, live by default.
 */
describe('developer portal routes per mode (?mode=)', () => {
  const w = portalWebhooksWorld('portal_modes');

  async function keyOf(c: PortalClient, mode: 'live' | 'test'): Promise<string> {
    const res = await c.post('keys', { label: `${mode} key`, mode });
    expect(res.status).toBe(200);
    recordSecret('api key', res.body.data.key);
    return res.body.data.key as string;
  }

  const addWebhook = (c: PortalClient, query: string) => w.addWebhook(c, { path: `/modes-${uniqueTag()}`, query });

  const v1 = (key: string) => ({
    get: (path: string) => request(w.t.server).get(path).set('X-API-Key', key),
    post: (path: string, body: object) => request(w.t.server).post(path).set('X-API-Key', key).send(body),
  });

  it("keeps each mode's webhooks to that mode: a test webhook is invisible live, and the other way round", async () => {
    const c = await w.signedIn();
    const live = await addWebhook(c, '');
    const test = await addWebhook(c, '?mode=test');

    expect(ids((await c.get('webhooks')).body.data.webhooks)).toEqual([live.id]);
    expect(ids((await c.get('webhooks?mode=live')).body.data.webhooks)).toEqual([live.id]);
    expect(ids((await c.get('webhooks?mode=test')).body.data.webhooks)).toEqual([test.id]);
    // The keys of each mode see the same as the page in that mode.
    expect(
      ids(
        (
          await v1(await keyOf(c, 'live'))
            .get('/v1/webhooks')
            .expect(200)
        ).body.data.webhooks,
      ),
    ).toEqual([live.id]);
    expect(
      ids(
        (
          await v1(await keyOf(c, 'test'))
            .get('/v1/webhooks')
            .expect(200)
        ).body.data.webhooks,
      ),
    ).toEqual([test.id]);

    // An id of the other mode is a 404 on every route, and nothing changes.
    for (const [id, query] of [
      [test.id, ''],
      [test.id, '?mode=live'],
      [live.id, '?mode=test'],
    ]) {
      const answers = await Promise.all([
        c.post(`webhooks/${id}/rotate-secret${query}`, {}),
        c.post(`webhooks/${id}/test${query}`, {}),
        c.get(`webhooks/${id}/deliveries${query}`),
        c.post(`webhooks/${id}/deliveries/${id}/retry${query}`, {}),
        c.send('DELETE', `webhooks/${id}${query}`, { body: {} }),
      ]);
      expect(answers.map((a) => [a.status, a.body.error])).toEqual(Array(5).fill([404, 'Webhook not found']));
    }
    expect(ids((await c.get('webhooks')).body.data.webhooks)).toEqual([live.id]);
    expect(ids((await c.get('webhooks?mode=test')).body.data.webhooks)).toEqual([test.id]);

    // In its own mode, the test webhook works as a live one: a test event (livemode false), its
    // delivery, a rotation, and its deletion.
    const sent = await c.post(`webhooks/${test.id}/test?mode=test`, {});
    expect(sent.status).toBe(200);
    const delivery = sent.body.data.delivery as { id: string };
    await waitFor(() => w.receiver.at(test.path).length === 1, { what: 'the test-mode test event to arrive' });
    expect(WebhookReceiver.verifyAsSent(test.secret, w.receiver.at(test.path)[0])).toMatchObject({ type: 'webhook.test', livemode: false });
    const page = await c.get(`webhooks/${test.id}/deliveries?mode=test&limit=5`);
    expect(ids(page.body.data.deliveries)).toEqual([delivery.id]);
    expect((await c.get(`webhooks/${live.id}/deliveries?mode=live`)).body.data.deliveries).toEqual([]);
    const rotated = await c.post(`webhooks/${test.id}/rotate-secret?mode=test`, {});
    expect(rotated.status).toBe(200);
    recordSecret('webhook secret', rotated.body.data.webhook.secret);
    expect((await c.send('DELETE', `webhooks/${test.id}?mode=test`, { body: {} })).status).toBe(200);
    expect((await c.get('webhooks?mode=test')).body.data.webhooks).toEqual([]);
    expect(ids((await c.get('webhooks')).body.data.webhooks)).toEqual([live.id]);
    expect(w.receiver.at(live.path)).toEqual([]);
  });

  it("pages each mode's lists for the key form's picker, and a test key may name only test lists", async () => {
    const c = await w.signedIn();
    const liveKey = v1(await keyOf(c, 'live'));
    const testKey = v1(await keyOf(c, 'test'));
    const liveList = (await liveKey.post('/v1/lists', { name: 'Live groceries' }).expect(200)).body.data.list as { id: string };
    const testLists: string[] = [];
    for (const name of ['Test one', 'Test two', 'Test three']) {
      testLists.push((await testKey.post('/v1/lists', { name }).expect(200)).body.data.list.id);
    }

    expect((await c.get('lists')).body.data).toEqual({
      lists: [{ id: liveList.id, name: 'Live groceries', role: 'owner' }],
      next_cursor: null,
    });
    expect(ids((await c.get('lists?mode=live')).body.data.lists)).toEqual([liveList.id]);
    // The test lists, in pages with their own cursors.
    const first = await c.get('lists?mode=test&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.lists.map((l: { name: string }) => l.name)).toEqual(['Test one', 'Test two']);
    const rest = await c.get(`lists?limit=2&mode=test&cursor=${encodeURIComponent(first.body.data.next_cursor as string)}`);
    expect(rest.body.data).toEqual({ lists: [{ id: testLists[2], name: 'Test three', role: 'owner' }], next_cursor: null });

    // What the picker offers in each mode is what a key of that mode may name.
    const restricted = await c.post('keys', { label: 'picked', mode: 'test', list_ids: [testLists[0]] });
    expect(restricted.status).toBe(200);
    recordSecret('api key', restricted.body.data.key);
    expect(restricted.body.data).toMatchObject({ mode: 'test', prefix: 'sk_test_', list_ids: [testLists[0]] });
    expect((await c.post('keys', { label: 'crossed', mode: 'test', list_ids: [liveList.id] })).status).toBe(404);
    expect((await c.post('keys', { label: 'crossed', list_ids: [testLists[0]] })).status).toBe(404);
  });

  it('refuses a mode other than live or test with a 400 in the envelope, before anything changes', async () => {
    const c = await w.signedIn();
    const live = await addWebhook(c, '');
    const message = 'mode must be one of the following values: live, test';
    for (const query of ['?mode=sandbox', '?mode=TEST', '?mode=', '?mode=test&mode=live']) {
      const answers = await Promise.all([
        c.get(`webhooks${query}`),
        c.post(`webhooks${query}`, { url: w.receiver.url('/refused') }),
        c.send('DELETE', `webhooks/${live.id}${query}`, { body: {} }),
        c.post(`webhooks/${live.id}/rotate-secret${query}`, {}),
        c.post(`webhooks/${live.id}/test${query}`, {}),
        c.get(`webhooks/${live.id}/deliveries${query}`),
        c.get(`lists${query}`),
      ]);
      expect([query, answers.map((a) => [a.status, a.body])]).toEqual([query, Array(7).fill([400, { data: null, error: message }])]);
    }
    const webhooks = (await c.get('webhooks')).body.data.webhooks as Array<{ id: string; secret?: string }>;
    expect(ids(webhooks)).toEqual([live.id]);
    expect((await c.get(`webhooks/${live.id}/deliveries`)).body.data.deliveries).toEqual([]);
    expect((await c.get('webhooks?mode=test')).body.data.webhooks).toEqual([]);
    // The session comes first: without one, a 401 whatever the mode.
    expect((await new PortalClient(w.base).get('webhooks?mode=sandbox')).status).toBe(401);
  });

  it("documents ?mode= once on each of these routes in the developer page's OpenAPI document", async () => {
    const document = (await request(w.t.server).get('/developers/openapi.json').expect(200)).body as OpenAPIObject;
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      /^\/developers\/api\/(webhooks|lists)\b/.test(path)
        ? Object.entries(item as Record<string, { parameters?: Array<{ name: string; in: string; schema?: unknown }> }>).map(
            ([method, operation]) => ({
              route: `${method.toUpperCase()} ${path}`,
              modes: (operation.parameters ?? []).filter((p) => p.name === 'mode'),
            }),
          )
        : [],
    );
    expect(routes.map((r) => r.route).sort()).toEqual([
      'DELETE /developers/api/webhooks/{id}',
      'GET /developers/api/lists',
      'GET /developers/api/webhooks',
      'GET /developers/api/webhooks/{id}/deliveries',
      'GET /developers/api/webhooks/{id}/deliveries/{delivery_id}/attempts',
      'POST /developers/api/webhooks',
      'POST /developers/api/webhooks/{id}/deliveries/{delivery_id}/retry',
      'POST /developers/api/webhooks/{id}/rotate-secret',
      'POST /developers/api/webhooks/{id}/test',
    ]);
    for (const { route, modes } of routes) {
      expect([route, modes]).toEqual([
        route,
        [expect.objectContaining({ in: 'query', required: false, schema: expect.objectContaining({ enum: ['live', 'test'] }) })],
      ]);
    }
  });
});
