import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { eventsOf, feedUntil } from './support/feed';
import { listsWorld, type Caller } from './support/lists-client';
import { recordSecret } from './support/secret-ledger';
import { useTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { type Received, WebhookReceiver } from './support/webhook-receiver';

interface FeedEvent {
  id: string;
  type: string;
  list: { id: string; name: string };
  data: Record<string, unknown>;
}

const unique = () => randomBytes(4).toString('hex');

/**
 * Recorded events reach webhooks (API.md section 8): the relay turns the events outbox into
 * deliveries, each the event exactly as the feed serves it, signed, to every matching active
 * webhook whose owner could see the list at the time of the event.
 */
describe('webhooks hear recorded events (e2e)', () => {
  const t = useTestApp(
    {
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_POLL_INTERVAL_MS: '20',
      RATE_LIMIT_MAX: '100000',
    },
    {},
    { ownDatabase: 'webhook_events' },
  );
  const w = listsWorld(t);
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  async function hook(who: Caller, body: object = {}) {
    const path = `/hook-${unique()}`;
    const res = await w
      .as(who)
      .post('/v1/webhooks', { url: receiver.url(path), ...body })
      .expect(200);
    recordSecret('webhook secret', res.body.data.webhook.secret);
    return { path, id: res.body.data.webhook.id as string, secret: res.body.data.webhook.secret as string };
  }

  /** Waits until `path` has received `n` requests, and gives them in arrival order. */
  const receivedAt = (path: string, n: number): Promise<Received[]> =>
    waitFor(() => (receiver.at(path).length >= n ? receiver.at(path) : null), {
      what: () => `${n} deliveries at ${path} (got ${receiver.at(path).length})`,
      // An event is relayed once no older transaction on the server is open: another spec's may delay it.
      timeoutMs: 20_000,
    });

  /**
   * A marker change of the caller's, waited for until its delivery to `marker` is queued: the
   * relay reads the outbox in order, so every event recorded before it has been fanned out too.
   */
  async function settled(who: Caller, marker: { id: string }) {
    const list = await w.createList(who, `marker ${unique()}`);
    await waitFor(async () => (await queued(who, marker.id)).some((d) => d.event_type === 'list.created' && d.list_id === list.id), {
      what: 'the marker event to be relayed',
      timeoutMs: 20_000,
    });
  }

  /** The deliveries the relay queued for a webhook, oldest first, with the list each is about. */
  async function queued(who: Caller, webhookId: string) {
    const page = (await w.as(who).get(`/v1/webhooks/${webhookId}/deliveries?limit=500`).expect(200)).body.data.deliveries as Array<{
      event_id: string;
      event_type: string;
    }>;
    const events = new Map(
      ((await w.as(who).get('/v1/events?limit=500').expect(200)).body.data.events as FeedEvent[]).map((e) => [e.id, e]),
    );
    return page.reverse().map((d) => ({ ...d, list_id: events.get(d.event_id)?.list.id, event: events.get(d.event_id) }));
  }

  it('delivers each event of the owner’s list as the feed serves it, signed, with the event id as webhook-id', async () => {
    const owner = await w.caller();
    const all = await hook(owner);
    const list = await w.createList(owner, 'Errands');
    await w
      .as(owner)
      .post('/v1/actions/add', { list: list.id, items: ['milk', 'bread'] })
      .expect(200);
    await w
      .as(owner)
      .post('/v1/actions/complete', { list: list.id, items: ['milk'] })
      .expect(200);
    await w.as(owner).patch(`/v1/lists/${list.id}`, { name: 'Errands today' }).expect(200);

    // Once the feed shows all five (it may lag the writes a moment).
    const { events: feed } = await feedUntil(eventsOf<FeedEvent>(w.as(owner), `&list_id=${list.id}`), 5, {
      what: "the list's five events",
    });
    expect(feed.map((e) => e.type)).toEqual(['list.created', 'item.added', 'item.added', 'item.completed', 'list.renamed']);
    const received = await receivedAt(all.path, feed.length);
    // At least once, not ordered: compare as sets of event ids, then each body with the feed's event.
    const byId = new Map(received.map((r) => [r.headers['webhook-id'], r]));
    expect([...byId.keys()].sort()).toEqual(feed.map((e) => e.id).sort());
    // Each body is what the OpenAPI document's `webhooks` section says an event delivery carries.
    const document = (await supertest(t.server).get('/v1/openapi.json').expect(200)).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    const validate = ajv.compile({ $ref: 'openapi.json#/webhooks/event/post/requestBody/content/application~1json/schema' });
    for (const event of feed) {
      const request = byId.get(event.id)!;
      expect(JSON.parse(request.body)).toEqual(event);
      expect(WebhookReceiver.verify(all.secret, request, Number(request.headers['webhook-timestamp']) * 1000)).toEqual(event);
      expect([event.type, validate(event), validate.errors ?? []]).toEqual([event.type, true, []]);
    }
  });

  it('honours types and list_id, and sends nothing recorded before the webhook was made', async () => {
    const owner = await w.caller();
    const early = await w.createList(owner, `early ${unique()}`);
    const other = await w.createList(owner, `other ${unique()}`);
    const onlyAdds = await hook(owner, { types: ['item.added'] });
    const onlyOther = await hook(owner, { list_id: other.id });
    const everything = await hook(owner);

    await w
      .as(owner)
      .post('/v1/actions/add', { list: early.id, items: ['a'] })
      .expect(200);
    await w
      .as(owner)
      .post('/v1/actions/remove', { list: early.id, items: ['a'] })
      .expect(200);
    await w
      .as(owner)
      .post('/v1/actions/add', { list: other.id, items: ['b'] })
      .expect(200);
    await settled(owner, everything);

    // Deliveries queued in one relay step share their creation time: compare them unordered.
    const types = async (webhookId: string) => (await queued(owner, webhookId)).map((d) => d.event_type).sort();
    // Neither list.created of the two lists made before the webhooks; only the marker's.
    expect(await types(everything.id)).toEqual(['item.added', 'item.added', 'item.removed', 'list.created']);
    expect(await types(onlyAdds.id)).toEqual(['item.added', 'item.added']);
    expect((await queued(owner, onlyOther.id)).map((d) => [d.event_type, d.list_id])).toEqual([['item.added', other.id]]);
  });

  it('follows what the webhook’s owner could see at the time: a member’s webhook hears the shared list until they leave, a stranger’s never', async () => {
    const owner = await w.caller();
    const member = await w.caller();
    const stranger = await w.caller();
    const list = await w.createList(owner, `shared ${unique()}`);
    const memberHook = await hook(member);
    const strangerHook = await hook(stranger);
    await w.addMember(owner, list.id, member, 'editor');
    await w
      .as(owner)
      .post('/v1/actions/add', { list: list.id, items: ['seen by the member'] })
      .expect(200);
    await w.as(member).delete(`/v1/lists/${list.id}/members/${member.id}`).expect(200);
    await w
      .as(owner)
      .post('/v1/actions/add', { list: list.id, items: ['after the member left'] })
      .expect(200);
    await w.as(owner).delete(`/v1/lists/${list.id}`).expect(200);

    await settled(member, memberHook);
    await settled(stranger, strangerHook);
    const heard = (await queued(member, memberHook.id)).filter((d) => d.list_id === list.id || d.event?.list.id === list.id);
    // The member's own feed no longer shows what came after they left, so match by type and text here.
    const types = (await queued(member, memberHook.id)).map((d) => d.event_type);
    expect(heard.map((d) => d.event_type).sort()).toEqual(['item.added', 'member.joined', 'member.removed']);
    expect((heard.find((d) => d.event_type === 'item.added')!.event!.data.item as { text: string }).text).toBe('seen by the member');
    expect(types.filter((type) => type === 'item.added' || type === 'list.deleted')).toEqual(['item.added']);
    expect((await queued(stranger, strangerHook.id)).map((d) => d.event_type)).toEqual(['list.created']);
  });

  it('sends a list’s deletion to every member’s webhook', async () => {
    const owner = await w.caller();
    const member = await w.caller();
    const list = await w.createList(owner, `doomed ${unique()}`);
    await w.addMember(owner, list.id, member, 'viewer');
    const memberHook = await hook(member, { types: ['list.deleted'] });
    await w.as(owner).delete(`/v1/lists/${list.id}`).expect(200);
    const [request] = await receivedAt(memberHook.path, 1);
    expect(JSON.parse(request.body)).toMatchObject({ type: 'list.deleted', list: { id: list.id } });
  });
});
