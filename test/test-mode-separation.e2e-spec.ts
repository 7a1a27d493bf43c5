import { randomBytes, randomUUID } from 'node:crypto';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { eventsOf, feedUntil } from './support/feed';
import { client, makeCaller, type Caller, type Client } from './support/lists-client';
import { recordSecret } from './support/secret-ledger';
import { NO_RATE_LIMITS, useTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

type Mode = 'live' | 'test';
const MODES: readonly Mode[] = ['live', 'test'];
const other = (mode: Mode): Mode => (mode === 'live' ? 'test' : 'live');

interface FeedEvent {
  id: string;
  type: string;
  livemode: boolean;
  list: { id: string; name: string };
  data: { item?: { id: string } };
}

/** What one mode's script made, through the API, with the mode's keys of both accounts. */
interface World {
  webhook: { id: string; secret: string; path: string };
  lists: { shared: string; invited: string; linked: string; only: string; doomed: string };
  /** The name only this mode has (`only`, renamed). */
  onlyName: string;
  itemIds: string[];
  /**
   * The item each account added last: its writes, and those it can see, go one after another,
   * so once the account's feed shows this item added it shows every earlier event too.
   */
  lastAdded: { alice: string; bob: string };
  invitations: { accepted: string; pending: string; revoked: string };
  shares: { joined: string; open: string; openToken: string };
  testDelivery: string;
  /** The Idempotency-Key request, first sent and repeated: the same key value in both modes. */
  idempotent: { first: { replayed?: string; itemId: string; listId: string }; again: { replayed?: string; itemId: string } };
}

/**
 * Test mode's separation, proved through the API (API.md, "Test mode"): two accounts, each with
 * a live and a test key, run the same script in both modes at once (lists, items through every
 * action, members through an invitation and a share link, webhooks, an Idempotency-Key request
 * with one key value in both modes). Then every read route the application serves (taken from
 * its router, so a new one cannot slip by), the feed and the webhook deliveries answer each
 * mode with its own data only: an id of the other mode is a 404, a name resolves in its mode
 * alone, and bodies carry `livemode` true in live mode, false in test mode.
 */
describe('test mode: each mode sees only its own data', () => {
  const t = useTestApp(
    { ...NO_RATE_LIMITS, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_TIMEOUT_MS: '3000' },
    {},
    // Its own database: every app runs a delivery worker, and another spec's would claim these deliveries.
    { ownDatabase: 'test_mode_separation' },
  );
  const tag = randomBytes(4).toString('hex');
  let receiver: WebhookReceiver;
  let alice: Caller;
  let bob: Caller;
  const keys = {} as Record<Mode, { alice: Client; bob: Client }>;
  const worlds = {} as Record<Mode, World>;
  const feeds = {} as Record<Mode, { alice: FeedEvent[]; bob: FeedEvent[] }>;

  const data = <T = any>(res: { body: { data: T } }): T => res.body.data;

  /** The script, the same in each mode: only the keys differ. */
  async function build(mode: Mode): Promise<World> {
    const { alice: a, bob: b } = keys[mode];
    const path = `/${mode}-${tag}`;
    // First, so that it hears every event that follows.
    const webhook = data(await a.post('/v1/webhooks', { url: receiver.url(path) }).expect(200)).webhook;
    recordSecret('webhook secret', webhook.secret);

    const create = async (name: string) => data(await a.post('/v1/lists', { name }).expect(200)).list.id as string;
    // The same names in both modes: each mode's lists are a set of their own.
    const shared = await create(`Shared ${tag}`);
    const invited = await create(`Invited ${tag}`);
    const linked = await create(`Linked ${tag}`);
    const doomed = await create(`Doomed ${tag}`);
    const only = await create(`Only ${mode} ${tag}`);
    const onlyName = `Only ${mode} ${tag} renamed`;
    await a.patch(`/v1/lists/${only}`, { name: onlyName }).expect(200);
    await a.delete(`/v1/lists/${doomed}`).expect(200);

    const added = data(await a.post('/v1/actions/add', { list: `Shared ${tag}`, items: ['milk', 'eggs', 'bread', 'jam'] }).expect(200));
    await a.post('/v1/actions/complete', { list: shared, items: ['milk', 'eggs'] }).expect(200);
    await a.post('/v1/actions/reopen', { list: `Shared ${tag}`, items: ['milk'] }).expect(200);
    await a.post('/v1/actions/remove', { list: shared, items: ['bread'] }).expect(200);

    const invite = async (listId: string, email: string, role: string) =>
      data(await a.post(`/v1/lists/${listId}/invitations`, { email, role }).expect(200)).invitation.id as string;
    const accepted = await invite(invited, bob.email, 'editor');
    await b.post(`/v1/invitations/${accepted}/accept`).expect(200);
    await a.patch(`/v1/lists/${invited}/members/${bob.id}`, { role: 'viewer' }).expect(200);
    const pending = await invite(shared, bob.email, 'viewer');
    const revoked = await invite(linked, `nobody_${tag}@example.test`, 'viewer');
    await a.delete(`/v1/lists/${linked}/invitations/${revoked}`).expect(200);

    const joined = data(await a.post(`/v1/lists/${linked}/shares`, { role: 'editor' }).expect(200)).share;
    await b.post(`/v1/shares/${joined.token}/join`).expect(200);
    await a.delete(`/v1/lists/${linked}/shares/${joined.id}`).expect(200);
    const open = data(await a.post(`/v1/lists/${linked}/shares`, { role: 'viewer' }).expect(200)).share;
    const bobs = data(await b.post('/v1/actions/add', { list: `Linked ${tag}`, items: ['from bob'] }).expect(200));

    const testDelivery = data(await a.post(`/v1/webhooks/${webhook.id}/test`).expect(200)).delivery.id as string;

    const idempotent = async () => {
      const res = await a
        .post('/v1/actions/add', { list: `Shared ${tag}`, items: ['once'] })
        .set('Idempotency-Key', `same-key-${tag}`)
        .expect(200);
      return { replayed: res.headers['idempotent-replayed'], itemId: data(res).items[0].id, listId: data(res).list.id };
    };
    const first = await idempotent();
    const again = await idempotent();

    return {
      webhook: { id: webhook.id, secret: webhook.secret, path },
      lists: { shared, invited, linked, only, doomed },
      onlyName,
      itemIds: [...added.items, ...bobs.items].map((i: { id: string }) => i.id).concat(first.itemId),
      lastAdded: { alice: first.itemId, bob: bobs.items[0].id },
      invitations: { accepted, pending, revoked },
      shares: { joined: joined.id, open: open.id, openToken: open.token },
      testDelivery,
      idempotent: { first, again },
    };
  }

  /** Every page of the feed of one caller. */
  async function feedOf(as: Client): Promise<FeedEvent[]> {
    const events: FeedEvent[] = [];
    let after: string | undefined;
    for (;;) {
      const page = data(await as.get(`/v1/events?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`).expect(200));
      events.push(...page.events);
      if (page.events.length < 500) return events;
      after = page.next_cursor;
    }
  }

  /** Every id a mode's world holds: none may appear in an answer of the other mode. */
  const idsOf = (mode: Mode): string[] => {
    const w = worlds[mode];
    return [
      w.webhook.id,
      ...Object.values(w.lists),
      ...w.itemIds,
      ...Object.values(w.invitations),
      w.shares.joined,
      w.shares.open,
      w.testDelivery,
      ...feeds[mode].alice.map((e) => e.id),
      ...feeds[mode].bob.map((e) => e.id),
    ];
  };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    [alice, bob] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
    for (const mode of MODES) {
      const testKey = async (c: Caller) => client(t.server, (await makeRestrictedKey(t.app, c.id, { mode: 'test' })).key);
      keys[mode] =
        mode === 'live'
          ? { alice: client(t.server, alice.key), bob: client(t.server, bob.key) }
          : { alice: await testKey(alice), bob: await testKey(bob) };
    }
    // Both modes at once: a request's mode must not leak into a concurrent one of the other mode.
    const built = await Promise.all(MODES.map(build));
    MODES.forEach((mode, i) => (worlds[mode] = built[i]));
    // Each feed whole: it may lag the writes a moment, until the account's last item added shows.
    const whole = async (mode: Mode, who: 'alice' | 'bob') =>
      (
        await feedUntil(
          eventsOf<FeedEvent>(keys[mode][who]),
          (events) => events.some((e) => e.type === 'item.added' && e.data.item?.id === worlds[mode].lastAdded[who]),
          { what: `${who}'s ${mode} feed to show their last item added` },
        )
      ).events;
    for (const mode of MODES) feeds[mode] = { alice: await whole(mode, 'alice'), bob: await whole(mode, 'bob') };
  }, 60_000);
  afterAll(() => receiver?.stop());

  it('shows each key its own mode on GET /v1/me', async () => {
    for (const mode of MODES) {
      for (const who of [keys[mode].alice, keys[mode].bob]) expect(data(await who.get('/v1/me').expect(200)).key.mode).toBe(mode);
    }
  });

  /**
   * Each GET route of /v1/ with the paths to ask in a world: every id the route can name. A
   * route the router serves without a row here fails the first test; the OpenAPI document is
   * the one read route without mode data.
   */
  const READS: Record<string, ((w: World) => string[]) | 'no mode data'> = {
    'GET /v1/openapi.json': 'no mode data',
    'GET /v1/me': () => ['/v1/me'],
    'GET /v1/lists': () => ['/v1/lists?limit=500'],
    'GET /v1/events': (w) => ['/v1/events?limit=500', ...Object.values(w.lists).map((id) => `/v1/events?limit=500&list_id=${id}`)],
    'GET /v1/lists/:id': (w) => Object.values(w.lists).map((id) => `/v1/lists/${id}`),
    'GET /v1/lists/:id/members': (w) => Object.values(w.lists).map((id) => `/v1/lists/${id}/members`),
    'GET /v1/lists/:id/invitations': (w) => Object.values(w.lists).map((id) => `/v1/lists/${id}/invitations`),
    'GET /v1/invitations': () => ['/v1/invitations'],
    'GET /v1/lists/:id/shares': (w) => Object.values(w.lists).map((id) => `/v1/lists/${id}/shares`),
    'GET /v1/lists/:id/items': (w) => Object.values(w.lists).map((id) => `/v1/lists/${id}/items?limit=500`),
    'GET /v1/lists/:id/items/:item_id': (w) =>
      Object.values(w.lists).flatMap((id) => w.itemIds.map((item) => `/v1/lists/${id}/items/${item}`)),
    'GET /v1/items': () => ['/v1/items?limit=500', '/v1/items?limit=500&status=completed&sort=created'],
    'GET /v1/webhooks': () => ['/v1/webhooks'],
    'GET /v1/webhooks/:id/deliveries': (w) => [`/v1/webhooks/${w.webhook.id}/deliveries?limit=100`],
  };

  it('has a row for every GET route of /v1/ the application serves', () => {
    const router = t.app.getHttpAdapter().getInstance().router as {
      stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
    };
    const served = router.stack.flatMap((layer) =>
      // Nest's catch-all not-found handler answers every path: it is not a route.
      layer.route?.methods.get && layer.route.path.startsWith('/v1/') && !layer.route.path.includes('*') ? [`GET ${layer.route.path}`] : [],
    );
    expect(served.length).toBeGreaterThan(10);
    expect([...served].sort()).toEqual(Object.keys(READS).sort());
  });

  it.each(Object.keys(READS).filter((route) => READS[route] !== 'no mode data'))(
    '%s answers each mode with its own data only, and an id of the other mode as an unknown one (404)',
    async (route) => {
      const paths = READS[route] as (w: World) => string[];
      const problems: string[] = [];
      for (const mode of MODES) {
        const foreignIds = idsOf(other(mode));
        for (const [name, as] of Object.entries(keys[mode])) {
          for (const path of paths(worlds[mode])) {
            const res = await as.get(path);
            const text = JSON.stringify(res.body);
            const leaked = foreignIds.filter((id) => text.includes(id));
            if (leaked.length > 0) problems.push(`${mode} ${name} ${path}: ${res.status} names ${other(mode)} ids ${leaked.join(', ')}`);
          }
          const own = paths(worlds[mode]);
          for (const [i, path] of paths(worlds[other(mode)]).entries()) {
            if (path === own[i]) continue;
            // Asked by the other mode's id, the route answers as for an id that exists nowhere.
            const res = await as.get(path);
            const unknown = await as.get(path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, randomUUID()));
            const inPath = !path.includes('?') || path.indexOf('?') > path.search(/[0-9a-f]{8}-/);
            if (
              res.status !== unknown.status ||
              (inPath && res.status !== 404) ||
              (res.status === 404 && JSON.stringify(res.body) !== JSON.stringify(unknown.body))
            )
              problems.push(`${mode} ${name} ${path}: ${res.status} ${JSON.stringify(res.body)} (unknown id: ${unknown.status})`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it("lists each mode's own lists, members, invitations, shares, items and webhooks", async () => {
    for (const mode of MODES) {
      const w = worlds[mode];
      const { alice: a, bob: b } = keys[mode];
      const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id).sort();
      expect(ids(data(await a.get('/v1/lists').expect(200)).lists)).toEqual(
        [w.lists.shared, w.lists.invited, w.lists.linked, w.lists.only].sort(),
      );
      expect(ids(data(await b.get('/v1/lists').expect(200)).lists)).toEqual([w.lists.invited, w.lists.linked].sort());
      expect(
        data(await a.get(`/v1/lists/${w.lists.invited}/members`).expect(200)).members.map((m: { user: { id: string }; role: string }) => [
          m.user.id,
          m.role,
        ]),
      ).toEqual([
        [alice.id, 'owner'],
        [bob.id, 'viewer'],
      ]);
      expect(data(await b.get('/v1/invitations').expect(200)).invitations.map((i: { id: string }) => i.id)).toEqual([
        w.invitations.pending,
      ]);
      expect(data(await a.get('/v1/invitations').expect(200)).invitations).toEqual([]);
      const outgoing = async (listId: string) =>
        data(await a.get(`/v1/lists/${listId}/invitations`).expect(200)).invitations.map((i: { id: string; status: string }) => [
          i.id,
          i.status,
        ]);
      expect(await outgoing(w.lists.invited)).toEqual([[w.invitations.accepted, 'accepted']]);
      expect(await outgoing(w.lists.shared)).toEqual([[w.invitations.pending, 'pending']]);
      expect(await outgoing(w.lists.linked)).toEqual([[w.invitations.revoked, 'revoked']]);
      expect(ids(data(await a.get(`/v1/lists/${w.lists.linked}/shares`).expect(200)).shares)).toContain(w.shares.open);
      expect(
        data(await a.get(`/v1/lists/${w.lists.shared}/items?limit=500`).expect(200)).items.map(
          (i: { text: string; completed: boolean }) => [i.text, i.completed],
        ),
      ).toEqual([
        ['milk', false],
        ['eggs', true],
        ['jam', false],
        ['once', false],
      ]);
      expect(ids(data(await a.get('/v1/webhooks').expect(200)).webhooks)).toEqual([w.webhook.id]);
      expect(data(await b.get('/v1/webhooks').expect(200)).webhooks).toEqual([]);
    }
  });

  it('resolves a list name only among the lists of the key’s mode', async () => {
    for (const mode of MODES) {
      const theirs = worlds[other(mode)].onlyName;
      const res = await keys[mode].alice.post('/v1/actions/add', { list: theirs, items: ['x'] }).expect(404);
      expect(res.body).toEqual({ data: null, error: expect.any(String) });
      const mine = data(await keys[mode].alice.post('/v1/actions/add', { list: worlds[mode].onlyName, items: ['x'] }).expect(200)).list;
      expect(mine.id).toBe(worlds[mode].lists.only);
    }
  });

  it("lets an invitation or a share link of one mode be seen, accepted or joined only with the invitee's key of that mode", async () => {
    for (const mode of MODES) {
      const theirs = worlds[other(mode)];
      const b = keys[mode].bob;
      expect(data(await b.get('/v1/invitations').expect(200)).invitations.map((i: { id: string }) => i.id)).not.toContain(
        theirs.invitations.pending,
      );
      await b.post(`/v1/invitations/${theirs.invitations.pending}/accept`).expect(404);
      await b.post(`/v1/invitations/${theirs.invitations.pending}/decline`).expect(404);
      await b.post(`/v1/shares/${theirs.shares.openToken}/join`).expect(404);
    }
    // Still pending in their own mode, and the link still open: the other mode's attempts changed nothing.
    for (const mode of MODES) {
      const w = worlds[mode];
      expect(data(await keys[mode].bob.get('/v1/invitations').expect(200)).invitations.map((i: { id: string }) => i.id)).toEqual([
        w.invitations.pending,
      ]);
      expect(data(await keys[mode].alice.get(`/v1/lists/${w.lists.linked}/members`).expect(200)).members).toHaveLength(2);
    }
  });

  it('runs an Idempotency-Key once in each mode, replaying it only within its mode', () => {
    for (const mode of MODES) {
      const { first, again } = worlds[mode].idempotent;
      expect(first.replayed).toBeUndefined();
      expect(first.listId).toBe(worlds[mode].lists.shared);
      expect(again).toEqual({ ...first, replayed: 'true' });
    }
    expect(worlds.live.idempotent.first.itemId).not.toBe(worlds.test.idempotent.first.itemId);
  });

  it('feeds each mode its own events, livemode true in live mode and false in test mode', () => {
    for (const mode of MODES) {
      const lists = Object.values(worlds[mode].lists);
      for (const who of ['alice', 'bob'] as const) {
        const events = feeds[mode][who];
        expect(events.length).toBeGreaterThan(0);
        expect(events.filter((e) => e.livemode !== (mode === 'live') || !lists.includes(e.list.id))).toEqual([]);
      }
    }
    // The same script made the same events in each mode, each mode's own.
    for (const who of ['alice', 'bob'] as const) {
      expect(feeds.test[who].map((e) => e.type)).toEqual(feeds.live[who].map((e) => e.type));
      expect(feeds.test[who].filter((e) => feeds.live[who].some((l) => l.id === e.id))).toEqual([]);
    }
    expect(feeds.live.alice.map((e) => e.type)).toEqual(
      expect.arrayContaining(['list.deleted', 'member.joined', 'invitation.revoked', 'item.reopened']),
    );
  });

  it("delivers each mode's events, and only them, to that mode's webhook, with its livemode", async () => {
    for (const mode of MODES) {
      const w = worlds[mode];
      const expected = new Set(feeds[mode].alice.map((e) => e.id));
      const received = () => new Set(receiver.at(w.webhook.path).map((r) => r.headers['webhook-id']));
      await waitFor(() => [...expected].every((id) => received().has(id)), {
        what: () => `every ${mode} event at its webhook (${received().size} of ${expected.size})`,
        timeoutMs: 15_000,
      });
      const deliveries = data(await keys[mode].alice.get(`/v1/webhooks/${w.webhook.id}/deliveries?limit=100`).expect(200))
        .deliveries as Array<{
        id: string;
        event_id: string;
      }>;
      expect(deliveries.map((d) => d.id)).toContain(w.testDelivery);
      // Read now: the name test adds an item after the feeds were first read.
      const ownEvents = new Set([...deliveries.map((d) => d.event_id), ...(await feedOf(keys[mode].alice)).map((e) => e.id)]);
      const problems: string[] = [];
      for (const request of receiver.at(w.webhook.path)) {
        const body = WebhookReceiver.verifyAsSent(w.webhook.secret, request) as { id: string; type: string; livemode: boolean };
        if (body.livemode !== (mode === 'live')) problems.push(`${mode} ${body.type} ${body.id}: livemode ${body.livemode}`);
        if (!ownEvents.has(body.id)) problems.push(`${mode} webhook got ${body.type} ${body.id}, not an event of its mode`);
      }
      expect(problems).toEqual([]);
      // Nothing of this mode reached the other mode's webhook, whose secret is another anyway.
      const theirs = receiver.at(worlds[other(mode)].webhook.path).map((r) => r.headers['webhook-id']);
      expect(theirs.filter((id) => ownEvents.has(id))).toEqual([]);
    }
  });
});
