import { makeRestrictedKey } from './factories/make-restricted-key';
import { eventsOf, feedUntil } from './support/feed';
import { client, listsWorld, type Caller, type Client } from './support/lists-client';
import { NO_RATE_LIMITS, useTestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

/**
 * API.md section 9, "What a restricted key may do", the lists a key reaches: through HTTP, a
 * key with list_ids works on its lists as the account's full key does, finds no other list
 * (404, never 403), resolves names among its lists only, reads a feed of its lists, keeps its
 * webhooks to its lists, and cannot create lists, accept invitations or join share links.
 */
describe('a list-restricted key (API.md section 9)', () => {
  const t = useTestApp({ ...NO_RATE_LIMITS, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: '500' });
  const w = listsWorld(t);

  let me: Caller;
  let friend: Caller;
  let full: Client;
  /** The key restricted to `inside` (and the lists the name cases add). */
  let key: Client;
  let inside: { id: string; name: string };
  let outside: { id: string; name: string };

  const restrictedTo = async (listIds: string[], scopes?: string[]) =>
    client(t.server, (await makeRestrictedKey(t.app, me.id, { listIds, scopes })).key);

  beforeEach(async () => {
    [me, friend] = await Promise.all([w.caller(), w.caller()]);
    full = w.as(me);
    inside = await w.createList(me, `Inside ${uniqueTag()}`);
    outside = await w.createList(me, `Outside ${uniqueTag()}`);
    key = await restrictedTo([inside.id]);
  });

  const notFound = { data: null, error: 'List not found' };

  it('lists only its lists, and reads, renames and deletes one of them as the full key does', async () => {
    expect(ids((await key.get('/v1/lists').expect(200)).body.data.lists)).toEqual([inside.id]);
    expect(ids((await full.get('/v1/lists').expect(200)).body.data.lists)).toEqual([inside.id, outside.id]);
    expect((await key.get(`/v1/lists/${inside.id}`).expect(200)).body.data.list).toEqual(
      (await full.get(`/v1/lists/${inside.id}`).expect(200)).body.data.list,
    );
    const renamed = `Renamed ${uniqueTag()}`;
    expect((await key.patch(`/v1/lists/${inside.id}`, { name: renamed }).expect(200)).body.data.list.name).toBe(renamed);
    await key.delete(`/v1/lists/${inside.id}`).expect(200);
    // A list deleted simply stops being reachable.
    await key.get(`/v1/lists/${inside.id}`).expect(404);
    expect((await key.get('/v1/lists').expect(200)).body.data.lists).toEqual([]);
  });

  it('works on members, invitations, share links and items of one of its lists', async () => {
    const share = (await key.post(`/v1/lists/${inside.id}/shares`, { role: 'viewer' }).expect(200)).body.data.share;
    expect(ids((await key.get(`/v1/lists/${inside.id}/shares`).expect(200)).body.data.shares)).toEqual([share.id]);
    await w.as(friend).post(`/v1/shares/${share.token}/join`).expect(200);
    await key.delete(`/v1/lists/${inside.id}/shares/${share.id}`).expect(200);

    expect((await key.get(`/v1/lists/${inside.id}/members`).expect(200)).body.data.members).toHaveLength(2);
    await key.patch(`/v1/lists/${inside.id}/members/${friend.id}`, { role: 'editor' }).expect(200);
    await key.delete(`/v1/lists/${inside.id}/members/${friend.id}`).expect(200);

    const email = `invitee_${uniqueTag()}@example.test`;
    const invitation = (await key.post(`/v1/lists/${inside.id}/invitations`, { email, role: 'viewer' }).expect(200)).body.data.invitation;
    expect(ids((await key.get(`/v1/lists/${inside.id}/invitations`).expect(200)).body.data.invitations)).toEqual([invitation.id]);
    await key.delete(`/v1/lists/${inside.id}/invitations/${invitation.id}`).expect(200);

    await key.post('/v1/actions/add', { list: inside.name, items: ['milk', 'bread'] }).expect(200);
    await key.post('/v1/actions/complete', { list: inside.id, items: ['milk'] }).expect(200);
    await key.post('/v1/actions/reopen', { list: inside.name.toUpperCase(), items: ['milk'] }).expect(200);
    await key.post('/v1/actions/remove', { list: inside.id, items: ['bread'] }).expect(200);
    const page = (await key.get(`/v1/lists/${inside.id}/items`).expect(200)).body.data;
    expect(page.items.map((item: { text: string }) => item.text)).toEqual(['milk']);
  });

  it('finds no list outside its lists: the 404 of an unknown list on every list-addressed route, with nothing changed', async () => {
    await full.post('/v1/actions/add', { list: outside.id, items: ['dishes'] }).expect(200);
    const share = (await full.post(`/v1/lists/${outside.id}/shares`, { role: 'viewer' }).expect(200)).body.data.share;
    await w.as(friend).post(`/v1/shares/${share.token}/join`).expect(200);
    const invitation = (
      await full.post(`/v1/lists/${outside.id}/invitations`, { email: `x_${uniqueTag()}@example.test`, role: 'viewer' }).expect(200)
    ).body.data.invitation;
    const list = `/v1/lists/${outside.id}`;
    const attempts: Array<[string, () => ReturnType<Client['get']>]> = [
      ['GET list', () => key.get(list)],
      ['PATCH list', () => key.patch(list, { name: `Taken ${uniqueTag()}` })],
      ['DELETE list', () => key.delete(list)],
      ['GET members', () => key.get(`${list}/members`)],
      ['PATCH member', () => key.patch(`${list}/members/${friend.id}`, { role: 'editor' })],
      ['DELETE member', () => key.delete(`${list}/members/${friend.id}`)],
      ['POST invitation', () => key.post(`${list}/invitations`, { email: `y_${uniqueTag()}@example.test`, role: 'viewer' })],
      ['GET invitations', () => key.get(`${list}/invitations`)],
      ['DELETE invitation', () => key.delete(`${list}/invitations/${invitation.id}`)],
      ['POST share', () => key.post(`${list}/shares`, { role: 'viewer' })],
      ['GET shares', () => key.get(`${list}/shares`)],
      ['DELETE share', () => key.delete(`${list}/shares/${share.id}`)],
      ['GET items', () => key.get(`${list}/items`)],
      ['add by id', () => key.post('/v1/actions/add', { list: outside.id, items: ['more'] })],
      ['add by name', () => key.post('/v1/actions/add', { list: outside.name, items: ['more'] })],
      ['complete', () => key.post('/v1/actions/complete', { list: outside.id, items: ['dishes'] })],
      ['reopen', () => key.post('/v1/actions/reopen', { list: outside.name, items: ['dishes'] })],
      ['remove', () => key.post('/v1/actions/remove', { list: outside.id, items: ['dishes'] })],
    ];
    const answers = [];
    for (const [route, attempt] of attempts) {
      const res = await attempt();
      answers.push([route, res.status, res.body]);
    }
    expect(answers).toEqual(attempts.map(([route]) => [route, 404, notFound]));

    const seen = (await full.get(list).expect(200)).body.data.list;
    expect(seen).toMatchObject({ name: outside.name, item_count: 1, open_item_count: 1 });
    expect((await full.get(`${list}/members`).expect(200)).body.data.members).toHaveLength(2);
    expect(ids((await full.get(`${list}/shares`).expect(200)).body.data.shares)).toEqual([share.id]);
  });

  it('checks the scope first: a key without lists:write is a 403 on a list outside its lists too', async () => {
    const reader = await restrictedTo([inside.id], ['lists:read', 'items:read']);
    for (const list of [inside.id, outside.id]) {
      const res = await reader.patch(`/v1/lists/${list}`, { name: `Nope ${uniqueTag()}` });
      expect(res.status).toBe(403);
      expect(res.body.error).toContain('lists:write');
    }
    await reader.get(`/v1/lists/${outside.id}`).expect(404);
  });

  it('resolves a list name among its lists only: an outside list of that name is not picked, nor makes it ambiguous', async () => {
    const name = `Trip ${uniqueTag()}`;
    const own = await w.createList(me, name);
    const [other, third] = await Promise.all([w.caller(), w.caller()]);
    const theirs = await w.createList(friend, name.toUpperCase());
    await w.addMember(friend, theirs.id, me, 'editor');
    const tripKey = await restrictedTo([theirs.id]);
    // The full key takes the account's own list; the restricted key cannot see it and takes the shared one.
    expect((await full.post('/v1/actions/add', { list: name, items: ['own'] }).expect(200)).body.data.list.id).toBe(own.id);
    expect((await tripKey.post('/v1/actions/add', { list: name, items: ['shared'] }).expect(200)).body.data.list.id).toBe(theirs.id);

    const books = `Books ${uniqueTag()}`;
    const first = await w.createList(other, books);
    const second = await w.createList(third, books.toLowerCase());
    await w.addMember(other, first.id, me, 'editor');
    await w.addMember(third, second.id, me, 'editor');
    const ambiguous = await full.post('/v1/actions/add', { list: books, items: ['x'] }).expect(422);
    expect(ambiguous.body.error).toContain('ambiguous');
    const booksKey = await restrictedTo([second.id]);
    expect((await booksKey.post('/v1/actions/add', { list: books, items: ['x'] }).expect(200)).body.data.list.id).toBe(second.id);
    expect((await booksKey.post('/v1/actions/complete', { list: books, items: ['x'] }).expect(200)).body.data.list.id).toBe(second.id);
  });

  it('reads a feed of its lists alone: events of an outside list never appear', async () => {
    await full.post('/v1/actions/add', { list: inside.id, items: ['in'] }).expect(200);
    await full.post('/v1/actions/add', { list: outside.id, items: ['out'] }).expect(200);
    type Event = { type: string; list: { id: string } };
    const feed = async (c: Client, query = '') => (await c.get(`/v1/events${query}`).expect(200)).body.data.events as Event[];
    // The account's four events (each list made, an item added to each), once the feed shows
    // them all (it may lag the writes a moment): every read after this one shows them too.
    const { events: all } = await feedUntil(eventsOf<Event>(full), 4, { what: "the full key's four events" });
    expect(all.map((event) => [event.type, event.list.id])).toEqual([
      ['list.created', inside.id],
      ['list.created', outside.id],
      ['item.added', inside.id],
      ['item.added', outside.id],
    ]);
    expect((await feed(key)).map((event) => [event.type, event.list.id])).toEqual([
      ['list.created', inside.id],
      ['item.added', inside.id],
    ]);
    expect(await feed(key, `?list_id=${outside.id}`)).toEqual([]);
    expect(await feed(key, `?list_id=${inside.id}`)).toEqual(await feed(key));
  });

  it('creates webhooks only for one of its lists, and sees only those of its lists', async () => {
    const url = 'http://127.0.0.1:9/restricted';
    const refused = await key.post('/v1/webhooks', { url }).expect(403);
    expect(refused.body.error).toContain("would reach outside the key's lists");
    expect((await key.post('/v1/webhooks', { url, list_id: outside.id }).expect(404)).body).toEqual(notFound);
    const own = (await key.post('/v1/webhooks', { url, list_id: inside.id }).expect(200)).body.data.webhook;
    expect(own.list_id).toBe(inside.id);

    const accountWide = (await full.post('/v1/webhooks', { url }).expect(200)).body.data.webhook;
    const ofOutside = (await full.post('/v1/webhooks', { url, list_id: outside.id }).expect(200)).body.data.webhook;
    expect(ids((await key.get('/v1/webhooks').expect(200)).body.data.webhooks)).toEqual([own.id]);
    expect(ids((await full.get('/v1/webhooks').expect(200)).body.data.webhooks)).toEqual([own.id, accountWide.id, ofOutside.id]);

    for (const hidden of [accountWide, ofOutside]) {
      const delivery = (await full.post(`/v1/webhooks/${hidden.id}/test`).expect(200)).body.data.delivery;
      await key.get(`/v1/webhooks/${hidden.id}/deliveries`).expect(404);
      await key.post(`/v1/webhooks/${hidden.id}/deliveries/${delivery.id}/retry`).expect(404);
      await key.post(`/v1/webhooks/${hidden.id}/test`).expect(404);
      await key.post(`/v1/webhooks/${hidden.id}/rotate-secret`).expect(404);
      await key.delete(`/v1/webhooks/${hidden.id}`).expect(404);
    }
    const delivery = (await key.post(`/v1/webhooks/${own.id}/test`).expect(200)).body.data.delivery;
    expect(ids((await key.get(`/v1/webhooks/${own.id}/deliveries`).expect(200)).body.data.deliveries)).toEqual([delivery.id]);
    await key.post(`/v1/webhooks/${own.id}/deliveries/${delivery.id}/retry`).expect(200);
    await key.post(`/v1/webhooks/${own.id}/rotate-secret`).expect(200);
    await key.delete(`/v1/webhooks/${own.id}`).expect(200);
    expect(ids((await full.get('/v1/webhooks').expect(200)).body.data.webhooks)).toEqual([accountWide.id, ofOutside.id]);
  });

  it('cannot create lists, accept invitations or join share links (403, saying why), and changes nothing', async () => {
    const refused = await key.post('/v1/lists', { name: `New ${uniqueTag()}` }).expect(403);
    expect(refused.body).toEqual({
      data: null,
      error: expect.stringContaining("create lists: a new list would reach outside the key's lists"),
    });

    const theirs = await w.createList(friend);
    const invitation = (await w.as(friend).post(`/v1/lists/${theirs.id}/invitations`, { email: me.email, role: 'viewer' }).expect(200)).body
      .data.invitation;
    expect((await key.post(`/v1/invitations/${invitation.id}/accept`).expect(403)).body.error).toContain('accept invitations');
    const share = (await w.as(friend).post(`/v1/lists/${theirs.id}/shares`, { role: 'viewer' }).expect(200)).body.data.share;
    expect((await key.post(`/v1/shares/${share.token}/join`).expect(403)).body.error).toContain('join share links');

    // The invitation is to a list outside the key's: it does not exist for the key.
    expect((await key.get('/v1/invitations').expect(200)).body.data.invitations).toEqual([]);
    await key.post(`/v1/invitations/${invitation.id}/decline`).expect(404);
    expect(ids((await full.get('/v1/invitations').expect(200)).body.data.invitations)).toEqual([invitation.id]);
    expect(ids((await full.get('/v1/lists').expect(200)).body.data.lists)).toEqual([inside.id, outside.id]);
    await full.post(`/v1/shares/${share.token}/join`).expect(200);
  });

  it('stops reaching a list the account leaves', async () => {
    const theirs = await w.createList(friend);
    await w.addMember(friend, theirs.id, me, 'viewer');
    const both = await restrictedTo([inside.id, theirs.id]);
    expect(ids((await both.get('/v1/lists').expect(200)).body.data.lists)).toEqual([inside.id, theirs.id]);
    await both.delete(`/v1/lists/${theirs.id}/members/${me.id}`).expect(200);
    await both.get(`/v1/lists/${theirs.id}`).expect(404);
    expect(ids((await both.get('/v1/lists').expect(200)).body.data.lists)).toEqual([inside.id]);
  });
});
