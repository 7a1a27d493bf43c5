import { DataSource } from 'typeorm';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { eventsOf, feedUntil } from './support/feed';
import { client, listsWorld, type Caller, type Client } from './support/lists-client';
import { listen, PortalClient } from './support/portal-client';
import { recordSecret } from './support/secret-ledger';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';
import { uniqueTag } from './support/unique-tag';

const PASSWORD = 'a long enough password';

interface FeedEvent {
  type: string;
  list: { id: string };
  actor: { id: string };
  data: Record<string, unknown>;
  livemode: boolean;
}

/**
 * Every row of every live table (the public schema: the live per-mode tables and the account
 * tables), as one checksum per table, `md5` of its rows' text in a fixed order. Left out is only
 * what any request of a key writes about the key itself, whatever the route: its last use
 * (api_keys.last_used_at, at most once a minute) and its usage counts (key_usage_days, flushed
 * once a minute). The live delivery worker's state is settled before the first read.
 */
async function liveChecksums(db: DataSource): Promise<Record<string, string>> {
  const tables: Array<{ table_name: string }> = await db.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'key_usage_days'
      ORDER BY table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const columns =
      table === 'api_keys'
        ? `(SELECT string_agg(quote_ident(column_name), ', ') FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name = 'api_keys' AND column_name <> 'last_used_at')`
        : null;
    const select = columns ? `SELECT ${(await db.query(columns))[0].string_agg} FROM public.api_keys` : `SELECT * FROM public.${table}`;
    const [row] = await db.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '' ORDER BY t::text), '')) AS h FROM (${select}) t`,
    );
    sums[table] = `${row.n}:${row.h}`;
  }
  return sums;
}

/** API.md section 10, POST /v1/sandbox/reset and the developer page's "Reset test data". */
describe('sandbox reset', () => {
  // A database of its own: the live rows are compared byte for byte, and this spec's delivery
  // worker must be the only one claiming its deliveries.
  const t = useTestApp({ ...NO_RATE_LIMIT, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, {}, { ownDatabase: 'sandbox_reset' });
  const w = listsWorld(t);
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(() => receiver?.stop());

  const testKey = async (c: Caller, restrictions: Parameters<typeof makeRestrictedKey>[2] = {}) =>
    client(t.server, (await makeRestrictedKey(t.app, c.id, { mode: 'test', ...restrictions })).key);
  const idsOf = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

  /** Makes `member` join `listId` through a link of `owner`'s, both with keys of the same mode. */
  const join = async (owner: Client, listId: string, member: Client, role = 'editor') => {
    const share = (await owner.post(`/v1/lists/${listId}/shares`, { role }).expect(200)).body.data.share;
    await member.post(`/v1/shares/${share.token}/join`).expect(200);
  };

  it('deletes what the account owns and leaves what it joined, as one by one; the others hear it; nothing of it is left', async () => {
    const [me, friend] = [await w.caller(), await w.caller()];
    const [mine, theirs] = [await testKey(me), await testKey(friend)];
    const a = (await mine.post('/v1/lists', { name: `A ${uniqueTag()}` }).expect(200)).body.data.list;
    const b = (await mine.post('/v1/lists', { name: `B ${uniqueTag()}` }).expect(200)).body.data.list;
    await mine.post('/v1/actions/add', { list: a.id, items: ['milk', 'eggs'] }).expect(200);
    await mine.post(`/v1/lists/${b.id}/invitations`, { email: friend.email, role: 'viewer' }).expect(200);
    await join(mine, a.id, theirs);
    const f = (await theirs.post('/v1/lists', { name: `F ${uniqueTag()}` }).expect(200)).body.data.list;
    await join(theirs, f.id, mine);
    const itemsInF = (await mine.post('/v1/actions/add', { list: f.id, items: ['mine, in their list'] }).expect(200)).body.data.items;
    const webhook = (await mine.post('/v1/webhooks', { url: receiver.url(`/sandbox-${uniqueTag()}`) }).expect(200)).body.data.webhook;
    recordSecret('webhook secret', webhook.secret);
    const delivery = (await mine.post(`/v1/webhooks/${webhook.id}/test`).expect(200)).body.data.delivery;
    const idempotent = () => mine.post('/v1/lists', { name: 'Idempotent' }).set('Idempotency-Key', 'create-once');
    const c = (await idempotent().expect(200)).body.data.list;
    expect((await idempotent().expect(200)).headers['idempotent-replayed']).toBe('true');
    // A mark past every event the friend has seen so far, once the feed shows them all (it may lag
    // the writes a moment, so after=now could still come before some of them).
    const seenBefore = await feedUntil(eventsOf<FeedEvent>(theirs), 4, { what: "the friend's events before the reset" });
    expect(seenBefore.events.map((e) => [e.type, e.list.id])).toEqual([
      ['member.joined', a.id],
      ['list.created', f.id],
      ['member.joined', f.id],
      ['item.added', f.id],
    ]);

    const res = await mine.post('/v1/sandbox/reset').expect(200);
    expect(res.body).toEqual({ data: { deleted: { lists: 3, memberships: 1, webhooks: 1 } }, error: null });

    // The account's sandbox is empty: no lists, no webhooks, no pending invitation of its lists.
    expect((await mine.get('/v1/lists').expect(200)).body.data.lists).toEqual([]);
    expect((await mine.get('/v1/webhooks').expect(200)).body.data.webhooks).toEqual([]);
    await mine.get(`/v1/webhooks/${webhook.id}/deliveries`).expect(404);
    const sandbox = t.db;
    expect(await sandbox.query('SELECT id FROM sandbox.webhook_deliveries WHERE id = $1', [delivery.id])).toEqual([]);
    expect((await theirs.get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
    for (const list of [a, b, c]) await theirs.get(`/v1/lists/${list.id}`).expect(404);

    // The friend heard it as if it had happened one request at a time, in the sandbox.
    const { events: heard } = await feedUntil(eventsOf<FeedEvent>(theirs), 2, {
      after: seenBefore.cursor,
      what: 'the reset heard by the friend',
    });
    expect(heard.map((e) => [e.type, e.list.id, e.actor.id, e.livemode])).toEqual([
      ['list.deleted', a.id, me.id, false],
      ['member.removed', f.id, me.id, false],
    ]);
    expect(heard[1].data).toMatchObject({ member: { user: { id: me.id }, role: 'editor' } });
    // Their list keeps its items (mine among them) and loses me as a member.
    expect(
      idsOf((await theirs.get(`/v1/lists/${f.id}/members`).expect(200)).body.data.members.map((m: { user: { id: string } }) => m.user)),
    ).toEqual([friend.id]);
    expect(idsOf((await theirs.get(`/v1/lists/${f.id}/items`).expect(200)).body.data.items)).toEqual(idsOf(itemsInF));

    // Idempotency records went: the same key and body run again (a new list), no replay.
    const again = await idempotent().expect(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.data.list.id).not.toBe(c.id);
  });

  it('replays a reset sent with an Idempotency-Key: its own record is the one it keeps', async () => {
    const me = await w.caller();
    const mine = await testKey(me);
    await mine.post('/v1/lists', { name: 'Gone' }).set('Idempotency-Key', 'earlier').expect(200);
    const reset = () => mine.post('/v1/sandbox/reset').set('Idempotency-Key', 'reset-once');
    const first = await reset().expect(200);
    expect(first.body.data).toEqual({ deleted: { lists: 1, memberships: 0, webhooks: 0 } });
    await mine.post('/v1/lists', { name: 'After' }).expect(200);
    const repeated = await reset().expect(200);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect(repeated.body).toEqual(first.body);
    expect((await mine.get('/v1/lists').expect(200)).body.data.lists.map((l: { name: string }) => l.name)).toEqual(['After']);
    expect(await t.db.query('SELECT key FROM sandbox.idempotency_keys WHERE user_id = $1 ORDER BY key', [me.id])).toEqual([
      { key: 'reset-once' },
    ]);
  });

  it('never touches live data: every live row is the same, byte for byte, before and after', async () => {
    const [me, friend] = [await w.caller(), await w.caller()];
    const [live, friendLive] = [w.as(me), w.as(friend)];
    const [mine, theirs] = [await testKey(me), await testKey(friend)];
    // Live data of the same account and of another, on both sides of a membership, with a
    // webhook whose deliveries are settled (succeeded) before the first read.
    const path = `/live-${uniqueTag()}`;
    const hook = (await live.post('/v1/webhooks', { url: receiver.url(path) }).expect(200)).body.data.webhook;
    recordSecret('webhook secret', hook.secret);
    const liveList = (await live.post('/v1/lists', { name: 'Same name' }).set('Idempotency-Key', 'live-create').expect(200)).body.data.list;
    await live.post('/v1/actions/add', { list: liveList.id, items: ['live milk', 'live eggs'] }).expect(200);
    await join(live, liveList.id, friendLive);
    const friendsList = (await friendLive.post('/v1/lists', { name: 'Friend live' }).expect(200)).body.data.list;
    await join(friendLive, friendsList.id, live, 'viewer');
    await live.post(`/v1/lists/${liveList.id}/shares`, { role: 'viewer' }).expect(200);
    await waitFor(
      async () => {
        const { deliveries } = (await live.get(`/v1/webhooks/${hook.id}/deliveries`).expect(200)).body.data;
        return deliveries.length >= 5 && deliveries.every((d: { status: string }) => d.status === 'succeeded');
      },
      { what: "the live webhook's deliveries to succeed", timeoutMs: 15_000 },
    );
    // The same shapes in the sandbox, the same names and idempotency key.
    const testList = (await mine.post('/v1/lists', { name: 'Same name' }).set('Idempotency-Key', 'live-create').expect(200)).body.data.list;
    await mine.post('/v1/actions/add', { list: testList.id, items: ['test milk'] }).expect(200);
    await join(mine, testList.id, theirs);
    const theirTestList = (await theirs.post('/v1/lists', { name: 'Friend live' }).expect(200)).body.data.list;
    await join(theirs, theirTestList.id, mine, 'viewer');
    await mine.post('/v1/webhooks', { url: receiver.url(`/test-${uniqueTag()}`) }).expect(200);

    const before = await liveChecksums(t.db);
    expect((await mine.post('/v1/sandbox/reset').expect(200)).body.data.deleted).toEqual({ lists: 1, memberships: 1, webhooks: 1 });
    expect(await liveChecksums(t.db)).toEqual(before);

    expect(idsOf((await live.get('/v1/lists').expect(200)).body.data.lists)).toEqual([liveList.id, friendsList.id]);
    expect((await live.get('/v1/webhooks').expect(200)).body.data.webhooks.map((h: { id: string }) => h.id)).toEqual([hook.id]);
  });

  it('refuses a live key (403, before its scope), a test key without lists:write, a key restricted to lists, and a body', async () => {
    const me = await w.caller();
    const liveList = (await w.as(me).post('/v1/lists', { name: 'Live' }).expect(200)).body.data.list;
    const readOnlyLive = client(t.server, (await makeRestrictedKey(t.app, me.id, { scopes: ['lists:read'] })).key);
    for (const live of [w.as(me), readOnlyLive]) {
      const res = await live.post('/v1/sandbox/reset').expect(403);
      expect(res.body).toEqual({ data: null, error: expect.stringMatching(/sandbox only.*test keys \(sk_test_\)/) });
      expect(res.headers['x-required-scope']).toBeUndefined();
      // Counted against the key's rate limit as any request is.
      expect(res.headers['ratelimit']).toMatch(/^"default";r=\d+;t=\d+$/);
    }
    // Guards before the body: a live key with a body is still the 403.
    await w.as(me).post('/v1/sandbox/reset', { everything: true }).expect(403);

    const withoutWrite = await testKey(me, { scopes: ['lists:read', 'items:write'] });
    const refused = await withoutWrite.post('/v1/sandbox/reset').expect(403);
    expect(refused.headers['x-required-scope']).toBe('lists:write');

    const mine = await testKey(me);
    const testList = (await mine.post('/v1/lists', { name: 'Test' }).expect(200)).body.data.list;
    const restricted = await testKey(me, { listIds: [testList.id] });
    const fenced = await restricted.post('/v1/sandbox/reset').expect(403);
    expect(fenced.body.error).toMatch(/restricted to some lists.*reset the sandbox/);
    const withBody = await mine.post('/v1/sandbox/reset', { lists: true }).expect(400);
    expect(withBody.body.error).toMatch(/lists/);
    await mine.post('/v1/sandbox/reset', {}).expect(200);

    // Nothing of either mode went before the last request.
    expect(idsOf((await w.as(me).get('/v1/lists').expect(200)).body.data.lists)).toEqual([liveList.id]);
    expect((await mine.get('/v1/lists').expect(200)).body.data.lists).toEqual([]);
  });

  describe('the developer page: POST /developers/api/sandbox/reset', () => {
    let base: string;
    beforeAll(async () => {
      base = await listen(t.app);
    });

    it("resets the signed-in account's sandbox, never its live data, under the portal's session and same-origin rules", async () => {
      const page = new PortalClient(base);
      const suffix = uniqueTag();
      expect(
        (await page.post('signup', { email: `sb_${suffix}@example.test`, username: `sb_${suffix}`, name: 'Sandbox', password: PASSWORD }))
          .status,
      ).toBe(200);
      const key = async (mode: string) => {
        const res = await page.post('keys', { label: `${mode} key`, mode });
        expect(res.status).toBe(200);
        recordSecret('api key', res.body.data.key);
        return client(t.server, res.body.data.key);
      };
      const [live, test] = [await key('live'), await key('test')];
      const liveList = (await live.post('/v1/lists', { name: 'Live' }).expect(200)).body.data.list;
      await test.post('/v1/lists', { name: 'Test one' }).expect(200);
      await test.post('/v1/lists', { name: 'Test two' }).expect(200);

      expect((await new PortalClient(base).post('sandbox/reset', {})).status).toBe(401);
      expect((await page.post('sandbox/reset', {}, { headers: { origin: 'https://elsewhere.example' } })).status).toBe(403);
      expect((await page.post('sandbox/reset', undefined, { noContentType: true })).status).toBe(403);
      expect((await page.post('sandbox/reset', { lists: 1 })).status).toBe(400);
      expect((await test.get('/v1/lists').expect(200)).body.data.lists).toHaveLength(2);

      const res = await page.post('sandbox/reset', {});
      expect([res.status, res.body]).toEqual([200, { data: { deleted: { lists: 2, memberships: 0, webhooks: 0 } }, error: null }]);
      expect((await test.get('/v1/lists').expect(200)).body.data.lists).toEqual([]);
      expect(idsOf((await live.get('/v1/lists').expect(200)).body.data.lists)).toEqual([liveList.id]);
    });
  });
});
