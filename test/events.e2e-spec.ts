import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { managerOf } from '../src/common/persistence/typeorm-unit-of-work';
import { UnitOfWork } from '../src/common/ports/unit-of-work';
import type { FakeClock } from '../src/common/testing/fake-clock';
import { EventLog } from '../src/modules/events/domain/event-log';
import type { NewEvent } from '../src/modules/events/domain/event';
import { EventsJanitor } from '../src/modules/events/infrastructure/events-janitor';
import { ListRepository } from '../src/modules/lists/domain/list.repository';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { driveClock, frozenNow } from './support/driven-clock';
import { type FeedPage, feedUntil } from './support/feed';
import { Caller, client, Client, ISO_MS, keyWithScopes, makeCaller, summary } from './support/lists-client';
import { NO_RATE_LIMIT, startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

interface EventBody {
  id: string;
  type: string;
  created_at: string;
  list: { id: string; name: string };
  actor: { id: string; username: string; name: string };
  data: Record<string, any>;
}

const EXPIRED = 'cursor expired: read the lists again, then follow the feed from now';

/**
 * GET /v1/events (API.md section 8) over HTTP: every event type with its shape, who sees
 * what (at the time of the event), filters and bounds, cursors (bad, tampered, expired, now),
 * newest first (order=newest) and its cursors,
 * no event for a change that rolled back, none twice for a replayed Idempotency-Key, the
 * order across concurrent transactions, and a mirror built from the feed alone that must
 * equal what the lists and items routes answer.
 *
 * The feed only shows an event once every transaction that began before it has ended, so a
 * read right after a write may lag a moment behind (another session's open transaction holds
 * it back): reads that expect new events wait for them with a bound (waitFor).
 */
describe('events (e2e)', () => {
  let t: TestApp;
  let server: Server;
  let clock: FakeClock;

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMIT);
    server = t.server;
    clock = driveClock(t.app, frozenNow());
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const as = (c: Caller): Client => client(server, c.key);
  const query = (params: Record<string, string | number | undefined>) =>
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
      .join('&');

  async function now(c: Caller): Promise<string> {
    const res = await as(c).get('/v1/events?after=now').expect(200);
    expect(res.body.data.events).toEqual([]);
    return res.body.data.next_cursor as string;
  }

  /** One page of a caller's feed after `after`, with `extra` filters: its cursor is always a string. */
  const pageOf =
    (c: Caller, extra: Record<string, string | number> = {}) =>
    async (after: string | undefined): Promise<FeedPage<EventBody>> => {
      const res = await as(c)
        .get(`/v1/events?${query({ after, limit: 500, ...extra })}`)
        .expect(200);
      expect(typeof res.body.data.next_cursor).toBe('string');
      return res.body.data;
    };

  /** Every event after `after` visible now, following next_cursor until an empty page. */
  async function drain(c: Caller, after: string | undefined, extra: Record<string, string | number> = {}) {
    const read = pageOf(c, extra);
    const events: EventBody[] = [];
    let cursor = after;
    for (;;) {
      const page = await read(cursor);
      events.push(...page.events);
      cursor = page.next_cursor;
      if (page.events.length === 0) return { events, cursor };
    }
  }

  /** Drains until `count` events have arrived (bounded), and checks no more than that came. */
  async function expectEvents(c: Caller, after: string | undefined, count: number, extra: Record<string, string | number> = {}) {
    const { events, cursor } = await feedUntil(pageOf(c, extra), count, {
      after,
      what: (seen) => `${count} events (have ${seen.length}: ${types(seen).join(', ')})`,
    });
    expect(events).toHaveLength(count);
    return { events, cursor: cursor! };
  }

  const types = (events: EventBody[]) => events.map((event) => event.type);

  /**
   * A cursor past all `count` events of a caller who has no others: a mark that no earlier
   * change can appear after (after=now right after a change may still come before it, while
   * another session's older transaction is open).
   */
  const caughtUp = async (c: Caller, count: number) => (await expectEvents(c, undefined, count)).cursor;

  /**
   * A caller's feed newest first (order=newest), page after page of `limit` back to the first
   * empty page, which keeps the cursor it was given: every event, and the pages' sizes.
   */
  async function walkBack(c: Client, limit: number, extra: Record<string, string | number> = {}) {
    const events: EventBody[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await c.get(`/v1/events?${query({ order: 'newest', limit, after, ...extra })}`).expect(200);
      const page: FeedPage<EventBody> = res.body.data;
      expect(typeof page.next_cursor).toBe('string');
      if (page.events.length === 0) {
        if (after !== undefined) expect(page.next_cursor).toBe(after);
        return { events, sizes };
      }
      events.push(...page.events);
      sizes.push(page.events.length);
      after = page.next_cursor;
    }
  }

  describe('every event type, and who sees it', () => {
    it('records each change once, in order, with its actor and the data the other routes show; visibility follows membership', async () => {
      const [owner, editor, viewer, decliner, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => makeCaller(t.app)));
      const invitee = await makeCaller(t.app);
      const from = Object.fromEntries(
        await Promise.all([owner, editor, viewer, decliner, stranger].map(async (c) => [c.id, await now(c)])),
      );

      const created = (
        await as(owner)
          .post('/v1/lists', { name: `Events ${randomUUID()}` })
          .expect(200)
      ).body.data.list;
      const renamed = (
        await as(owner)
          .patch(`/v1/lists/${created.id}`, { name: `Renamed ${randomUUID()}` })
          .expect(200)
      ).body.data.list;
      const invitation = (await as(owner).post(`/v1/lists/${created.id}/invitations`, { email: editor.email, role: 'editor' }).expect(200))
        .body.data.invitation;
      await as(editor).post(`/v1/invitations/${invitation.id}/accept`).expect(200);
      const declined = (await as(owner).post(`/v1/lists/${created.id}/invitations`, { email: decliner.email, role: 'viewer' }).expect(200))
        .body.data.invitation;
      await as(decliner).post(`/v1/invitations/${declined.id}/decline`).expect(200);
      const revoked = (await as(owner).post(`/v1/lists/${created.id}/invitations`, { email: invitee.email, role: 'viewer' }).expect(200))
        .body.data.invitation;
      await as(owner).delete(`/v1/lists/${created.id}/invitations/${revoked.id}`).expect(200);
      const share = (await as(owner).post(`/v1/lists/${created.id}/shares`, { role: 'viewer' }).expect(200)).body.data.share;
      await as(viewer).post(`/v1/shares/${share.token}/join`).expect(200);
      const promoted = (await as(owner).patch(`/v1/lists/${created.id}/members/${viewer.id}`, { role: 'editor' }).expect(200)).body.data
        .member;
      const added = (
        await as(editor)
          .post('/v1/actions/add', { list: created.id, items: ['milk', 'bread'] })
          .expect(200)
      ).body.data.items;
      const completed = (
        await as(editor)
          .post('/v1/actions/complete', { list: created.id, items: ['milk'] })
          .expect(200)
      ).body.data.items;
      // Completing a completed item is a no-op: no event.
      await as(editor)
        .post('/v1/actions/complete', { list: created.id, items: [added[0].id] })
        .expect(200);
      const reopened = (
        await as(viewer)
          .post('/v1/actions/reopen', { list: created.id, items: ['milk'] })
          .expect(200)
      ).body.data.items;
      const removed = (
        await as(editor)
          .post('/v1/actions/remove', { list: created.id, items: ['bread'] })
          .expect(200)
      ).body.data.items;
      await as(viewer).delete(`/v1/lists/${created.id}/members/${viewer.id}`).expect(200); // leaves
      await as(editor)
        .post('/v1/actions/add', { list: created.id, items: ['after the viewer left'] })
        .expect(200);
      await as(owner).delete(`/v1/lists/${created.id}`).expect(200);

      const all = (await expectEvents(owner, from[owner.id], 19)).events;
      expect(types(all)).toEqual([
        'list.created',
        'list.renamed',
        'invitation.created',
        'invitation.accepted',
        'member.joined',
        'invitation.created',
        'invitation.declined',
        'invitation.created',
        'invitation.revoked',
        'member.joined',
        'member.role_changed',
        'item.added',
        'item.added',
        'item.completed',
        'item.reopened',
        'item.removed',
        'member.removed',
        'item.added',
        'list.deleted',
      ]);
      for (const event of all) {
        expect(event).toEqual({
          id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
          type: expect.any(String),
          created_at: expect.stringMatching(ISO_MS),
          list: { id: created.id, name: expect.any(String) },
          actor: expect.any(Object),
          data: expect.any(Object),
          livemode: true,
        });
      }
      expect(new Set(all.map((event) => event.id)).size).toBe(all.length);
      const [c, r, inv, acc, joined, , dec, , rev, joined2, roleChanged, add1, add2, comp, reop, rem, left, , deleted] = all;
      expect(c).toMatchObject({ actor: summary(owner), list: { name: created.name }, data: { list: created } });
      expect(r).toMatchObject({ actor: summary(owner), list: { name: renamed.name }, data: { list: renamed } });
      expect(inv.data).toEqual({ invitation });
      expect(acc).toMatchObject({ actor: summary(editor), data: { invitation: { id: invitation.id, status: 'accepted' } } });
      expect(joined).toMatchObject({ actor: summary(editor), data: { member: { user: summary(editor), role: 'editor' } } });
      expect(dec).toMatchObject({ actor: summary(decliner), data: { invitation: { id: declined.id, status: 'declined' } } });
      expect(rev).toMatchObject({ actor: summary(owner), data: { invitation: { id: revoked.id, status: 'revoked' } } });
      expect(joined2).toMatchObject({ actor: summary(viewer), data: { member: { user: summary(viewer), role: 'viewer' } } });
      expect(roleChanged).toMatchObject({ actor: summary(owner), data: { member: promoted } });
      expect([add1.data, add2.data]).toEqual(added.map((item: unknown) => ({ item })));
      expect(add1.actor).toEqual(summary(editor));
      expect(comp).toMatchObject({ actor: summary(editor), data: { item: completed[0] } });
      expect(reop).toMatchObject({ actor: summary(viewer), data: { item: reopened[0] } });
      expect(rem).toMatchObject({ actor: summary(editor), data: { item: removed[0] } });
      expect(left).toMatchObject({ actor: summary(viewer), data: { member: { user: summary(viewer), role: 'editor' } } });
      expect(deleted).toMatchObject({
        actor: summary(owner),
        list: { id: created.id, name: renamed.name },
        data: { list: { id: created.id } },
      });

      // The editor sees from the moment they joined, to the list's deletion.
      expect(types((await expectEvents(editor, from[editor.id], 16)).events)).toEqual(types(all.slice(3)));
      // The viewer: from their joining to their own leaving, not what followed.
      expect((await expectEvents(viewer, from[viewer.id], 8)).events.map((e) => e.id)).toEqual(all.slice(9, 17).map((e) => e.id));
      // An invitee who declined, and a stranger, never belonged: nothing.
      expect((await drain(decliner, from[decliner.id])).events).toEqual([]);
      expect((await drain(stranger, from[stranger.id])).events).toEqual([]);
    });
  });

  describe('filters, bounds and cursors', () => {
    let owner: Caller;
    let lists: string[];
    let start: string;

    beforeAll(async () => {
      owner = await makeCaller(t.app);
      start = await now(owner);
      lists = [];
      for (const name of ['Filter A', 'Filter B']) {
        lists.push((await as(owner).post('/v1/lists', { name }).expect(200)).body.data.list.id);
      }
      await as(owner)
        .post('/v1/actions/add', { list: lists[0], items: ['a1', 'a2', 'a3'] })
        .expect(200);
      await as(owner)
        .post('/v1/actions/add', { list: lists[1], items: ['b1'] })
        .expect(200);
      await as(owner)
        .post('/v1/actions/complete', { list: lists[0], items: ['a2'] })
        .expect(200);
      await expectEvents(owner, start, 7);
    });

    it('list_id keeps one list; types keeps those types; both together', async () => {
      expect(types((await drain(owner, start, { list_id: lists[1] })).events)).toEqual(['list.created', 'item.added']);
      expect(types((await drain(owner, start, { types: 'item.completed,list.created' })).events)).toEqual([
        'list.created',
        'list.created',
        'item.completed',
      ]);
      const both = (await drain(owner, start, { list_id: lists[0], types: 'item.added' })).events;
      expect(both.map((event) => event.data.item.text)).toEqual(['a1', 'a2', 'a3']);
    });

    it('pages by limit: the cursor of each page starts the next, with nothing lost or repeated', async () => {
      const ids: string[] = [];
      let cursor = start;
      for (let page = 0; page < 4; page += 1) {
        const res = await as(owner)
          .get(`/v1/events?${query({ after: cursor, limit: 2 })}`)
          .expect(200);
        expect(res.body.data.events.length).toBeLessThanOrEqual(2);
        ids.push(...res.body.data.events.map((event: EventBody) => event.id));
        cursor = res.body.data.next_cursor;
      }
      expect(ids).toEqual((await drain(owner, start)).events.map((event) => event.id));
      expect(ids).toHaveLength(7);
      // The three items of one add are kept together in PostgreSQL, yet each is its own event:
      // the pages of 2 above stopped inside them, and each has an id of its own.
      expect(new Set(ids).size).toBe(7);
      for (const id of ids) expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
      // Polling with the last cursor gives only what is newer: nothing yet.
      expect((await drain(owner, cursor)).events).toEqual([]);
    });

    it('without after, starts at the oldest retained event', async () => {
      const everything = (await drain(owner, undefined)).events;
      expect(types(everything)).toEqual(types((await drain(owner, start)).events));
    });

    it.each([
      ['limit=0', /limit/],
      ['limit=501', /limit/],
      ['limit=abc', /limit/],
      ['limit=', /limit/],
      ['types=item.exploded', /unknown event type/],
      ['types=', /unknown event type/],
      ['types=item.added,,list.created', /unknown event type/],
      ['list_id=not-a-uuid', /list_id/],
      ['after=garbage', /cursor is invalid/],
      ['after=', /cursor is invalid/],
      ['nonsense=1', /nonsense/],
    ])('%s is a 400', async (q, message) => {
      const res = await as(owner).get(`/v1/events?${q}`).expect(400);
      expect(res.body).toEqual({ data: null, error: expect.stringMatching(message) });
    });

    it('a tampered cursor, or one of another kind of page, is a 400', async () => {
      const cursor = await now(owner);
      const [body, tag] = cursor.split('.');
      const decoded = JSON.parse(Buffer.from(body, 'base64url').toString());
      const forged = `${Buffer.from(JSON.stringify({ ...decoded, s: decoded.s + 1 })).toString('base64url')}.${tag}`;
      await as(owner).get(`/v1/events?after=${forged}`).expect(400);
      const itemsCursor = (await as(owner).get(`/v1/lists/${lists[0]}/items?limit=1`).expect(200)).body.data.next_cursor;
      await as(owner).get(`/v1/events?after=${itemsCursor}`).expect(400);
    });

    it('a key without lists:read is a 403', async () => {
      const key = await keyWithScopes(t.app, owner.id, ['items:read']);
      await client(server, key).get('/v1/events').expect(403);
    });

    describe('newest first (order=newest)', () => {
      const ids = (events: EventBody[]) => events.map((event) => event.id);

      it('reads the newest event first and pages back with next_cursor: the oldest-first feed reversed, nothing lost or repeated', async () => {
        const oldest = (await drain(owner, start)).events;
        expect(oldest).toHaveLength(7);
        // Pages of 2 stop inside the three items of one add, each its own event.
        const byTwo = await walkBack(as(owner), 2);
        expect(byTwo.sizes).toEqual([2, 2, 2, 1]);
        expect(ids(byTwo.events)).toEqual(ids(oldest).reverse());
        expect(byTwo.events).toEqual([...oldest].reverse());
        expect(ids((await walkBack(as(owner), 500)).events)).toEqual(ids(oldest).reverse());
        expect(types((await as(owner).get('/v1/events?order=newest&limit=1').expect(200)).body.data.events)).toEqual(['item.completed']);
        // order=oldest is the default's feed exactly.
        expect((await drain(owner, start, { order: 'oldest' })).events).toEqual(oldest);
      });

      it('list_id and types apply newest first as oldest first', async () => {
        const filters: Array<Record<string, string>> = [
          { list_id: lists[1] },
          { types: 'item.completed,list.created' },
          { list_id: lists[0], types: 'item.added' },
        ];
        for (const extra of filters) {
          const back = (await walkBack(as(owner), 2, extra)).events;
          expect(back.length).toBeGreaterThan(0);
          expect(ids(back)).toEqual(ids((await drain(owner, start, extra)).events).reverse());
        }
        const added = (await walkBack(as(owner), 500, { list_id: lists[0], types: 'item.added' })).events;
        expect(added.map((event) => event.data.item.text)).toEqual(['a3', 'a2', 'a1']);
      });

      it("shows a list-restricted key its lists' events alone, and another account none", async () => {
        const key = client(server, (await makeRestrictedKey(t.app, owner.id, { listIds: [lists[1]] })).key);
        const back = (await walkBack(key, 1)).events;
        expect(back.map((event) => [event.type, event.list.id])).toEqual([
          ['item.added', lists[1]],
          ['list.created', lists[1]],
        ]);
        expect((await walkBack(key, 500, { list_id: lists[0] })).events).toEqual([]);
        const stranger = await makeCaller(t.app);
        expect((await walkBack(as(stranger), 500)).events).toEqual([]);
        expect((await walkBack(as(stranger), 500, { list_id: lists[0] })).events).toEqual([]);
      });

      it.each([
        ['order=sideways', /^order must be one of: oldest, newest$/],
        ['order=NEWEST', /^order must be one of: oldest, newest$/],
        ['order=', /^order must be one of: oldest, newest$/],
        ['order=newest&order=oldest', /^order must be one of: oldest, newest$/],
        ['order=newest&after=now', /^after=now goes with order=oldest only/],
        ['order=newest&after=garbage', /cursor is invalid/],
        ['order=newest&limit=0', /limit/],
        ['order=newest&types=item.exploded', /unknown event type/],
        ['order=newest&list_id=not-a-uuid', /list_id/],
      ])('%s is a 400', async (q, message) => {
        const res = await as(owner).get(`/v1/events?${q}`).expect(400);
        expect(res.body).toEqual({ data: null, error: expect.stringMatching(message) });
      });

      it('a cursor goes with the order that issued it: one of the other order is a 400 naming after', async () => {
        const oldestCursor = (await as(owner).get('/v1/events?limit=1').expect(200)).body.data.next_cursor;
        const newestCursor = (await as(owner).get('/v1/events?order=newest&limit=1').expect(200)).body.data.next_cursor;
        const refused = await as(owner)
          .get(`/v1/events?${query({ order: 'newest', after: oldestCursor })}`)
          .expect(400);
        expect(refused.body).toEqual({ data: null, error: 'after: this cursor was issued for order=oldest: send it with order=oldest' });
        for (const order of [undefined, 'oldest']) {
          const res = await as(owner)
            .get(`/v1/events?${query({ order, after: newestCursor })}`)
            .expect(400);
          expect(res.body).toEqual({ data: null, error: 'after: this cursor was issued for order=newest: send it with order=newest' });
        }
      });
    });
  });

  describe('transactions', () => {
    it('after=now marks the present: only later events follow it', async () => {
      const owner = await makeCaller(t.app);
      await as(owner).post('/v1/lists', { name: 'Before now' }).expect(200);
      await caughtUp(owner, 1);
      const mark = await now(owner);
      const list = (await as(owner).post('/v1/lists', { name: 'After now' }).expect(200)).body.data.list;
      const { events } = await expectEvents(owner, mark, 1);
      expect(events[0]).toMatchObject({ type: 'list.created', list: { id: list.id } });
    });

    it('a change that rolls back records nothing: an add past the 10,000 limit, a complete with an unmatched entry', async () => {
      const owner = await makeCaller(t.app);
      const list = (await as(owner).post('/v1/lists', { name: 'Rollbacks' }).expect(200)).body.data.list;
      await as(owner)
        .post('/v1/actions/add', { list: list.id, items: ['one'] })
        .expect(200);
      const mark = await caughtUp(owner, 2);
      await t.app.get(DataSource).query('UPDATE lists SET item_count = 10000, open_item_count = 10000 WHERE id = $1', [list.id]);
      await as(owner)
        .post('/v1/actions/add', { list: list.id, items: ['too many'] })
        .expect(422);
      await t.app.get(DataSource).query('UPDATE lists SET item_count = 1, open_item_count = 1 WHERE id = $1', [list.id]);
      await as(owner)
        .post('/v1/actions/complete', { list: list.id, items: ['one', 'missing'] })
        .expect(404);
      await as(owner)
        .post('/v1/actions/remove', { list: list.id, items: ['missing'] })
        .expect(404);
      await as(owner).patch(`/v1/lists/${list.id}/members/${randomUUID()}`, { role: 'viewer' }).expect(404);
      // A committed change after them: the feed moves on to it and nothing else appeared.
      await as(owner)
        .post('/v1/actions/complete', { list: list.id, items: ['one'] })
        .expect(200);
      expect(types((await expectEvents(owner, mark, 1)).events)).toEqual(['item.completed']);
    });

    it('a replayed Idempotency-Key records nothing again', async () => {
      const owner = await makeCaller(t.app);
      const list = (await as(owner).post('/v1/lists', { name: 'Replays' }).expect(200)).body.data.list;
      const mark = await caughtUp(owner, 1);
      const key = randomUUID();
      const first = await as(owner)
        .post('/v1/actions/add', { list: list.id, items: ['x', 'y'] })
        .set('Idempotency-Key', key)
        .expect(200);
      const again = await as(owner)
        .post('/v1/actions/add', { list: list.id, items: ['x', 'y'] })
        .set('Idempotency-Key', key)
        .expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      await as(owner).post('/v1/lists', { name: 'Marker' }).expect(200);
      expect(types((await expectEvents(owner, mark, 3)).events)).toEqual(['item.added', 'item.added', 'list.created']);
    });

    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const itemEvent = (owner: Caller, list: { id: string; name: string }, text: string): NewEvent => ({
      type: 'item.added',
      list: { id: list.id, name: list.name },
      actor: summary(owner),
      data: { item: { text } },
      createdAt: clock.now(),
    });

    it('loses nothing when a transaction that began first commits last', async () => {
      const owner = await makeCaller(t.app);
      const one = (await as(owner).post('/v1/lists', { name: 'Concurrent 1' }).expect(200)).body.data.list;
      const two = (await as(owner).post('/v1/lists', { name: 'Concurrent 2' }).expect(200)).body.data.list;
      const mark = await caughtUp(owner, 2);
      const uow = t.app.get(UnitOfWork);
      const log = t.app.get(EventLog);
      const firstRecorded = gate();
      const firstMayCommit = gate();
      // The first transaction records (lower seq, lower txid) and stays open...
      const first = uow.run(async () => {
        await log.record([itemEvent(owner, one, 'first')]);
        firstRecorded.open();
        await firstMayCommit.opened;
      });
      await firstRecorded.opened;
      // ...while a second one records (higher seq; another list, so it need not wait) and commits.
      await uow.run(() => log.record([itemEvent(owner, two, 'second')]));
      // A reader now must not pass the second event: the first could still land before it.
      const early = await drain(owner, mark);
      expect(early.events).toEqual([]);
      // Newest first starts at the newest event the feed shows: not the second either, so a
      // walk back from it can never miss the first.
      expect(types((await walkBack(as(owner), 500)).events)).toEqual(['list.created', 'list.created']);
      firstMayCommit.open();
      await first;
      const { events } = await expectEvents(owner, early.cursor, 2);
      expect(events.map((e) => e.data.item.text)).toEqual(['first', 'second']);
      // Once shown, both are at the top, newest first.
      const back = (await walkBack(as(owner), 1)).events;
      expect(back.map((e) => e.data.item?.text ?? e.type)).toEqual(['second', 'first', 'list.created', 'list.created']);
    });

    it("orders one list's events as its changes were made, even when the later change's transaction took its id first", async () => {
      const owner = await makeCaller(t.app);
      const list = (await as(owner).post('/v1/lists', { name: 'Causal' }).expect(200)).body.data.list;
      const mark = await caughtUp(owner, 1);
      const uow = t.app.get(UnitOfWork);
      const log = t.app.get(EventLog);
      const db = t.app.get(DataSource);
      const tookId = gate();
      const mayRecord = gate();
      // A transaction takes its id first (as an Idempotency-Key request does, writing its record
      // before the change) but changes the list only later...
      const later = uow.run(async () => {
        await managerOf(db).query('SELECT pg_current_xact_id()');
        tookId.open();
        await mayRecord.opened;
        await log.record([itemEvent(owner, list, 'second')]);
      });
      await tookId.opened;
      // ...after a transaction with a higher id changed the same list and committed.
      await uow.run(() => log.record([itemEvent(owner, list, 'first')]));
      mayRecord.open();
      await later;
      // A mirror applying the feed in order must end with the later change.
      const { events } = await expectEvents(owner, mark, 2);
      expect(events.map((e) => e.data.item.text)).toEqual(['first', 'second']);
    });
  });

  it('an add that waited on the list while a member left is not shown to that member', async () => {
    const [owner, member] = [await makeCaller(t.app), await makeCaller(t.app)];
    const list = (await as(owner).post('/v1/lists', { name: 'Leaving' }).expect(200)).body.data.list;
    const share = (await as(owner).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
    await as(member).post(`/v1/shares/${share.token}/join`).expect(200);
    const ownerMark = await caughtUp(owner, 2);
    const memberMark = (await expectEvents(member, undefined, 1)).cursor;
    const uow = t.app.get(UnitOfWork);
    const db = t.app.get(DataSource);
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The member leaves in a transaction that holds the list (through the store's own write,
    // which also moves the audience kept on the list's row)...
    let holder = 0;
    const leaving = uow.run(async () => {
      await managerOf(db).query('SELECT 1 FROM lists WHERE id = $1 FOR NO KEY UPDATE', [list.id]);
      expect(await t.app.get(ListRepository).deleteMember(list.id, member.id)).toBe(true);
      [{ pid: holder }] = await managerOf(db).query('SELECT pg_backend_pid() AS pid');
      held();
      await released;
    });
    await holding;
    // ...while an add waits for it (its statement began while the member still belonged).
    const add = as(owner)
      .post('/v1/actions/add', { list: list.id, items: ['after the member left'] })
      .then((res) => res);
    await waitFor(
      async () => {
        // The add's statement is the only one that can queue behind the leaving transaction.
        const [row] = await db.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [
          holder,
        ]);
        return row.waiting > 0;
      },
      { what: 'the add to wait for the list' },
    );
    release();
    await leaving;
    expect((await add).status).toBe(200);
    expect(types((await expectEvents(owner, ownerMark, 1)).events)).toEqual(['item.added']);
    expect((await drain(member, memberMark)).events).toEqual([]);
  });

  it('a list whose row keeps no audience (written by an older instance) still reaches exactly its owner and members', async () => {
    const [owner, member] = [await makeCaller(t.app), await makeCaller(t.app)];
    const list = (await as(owner).post('/v1/lists', { name: 'Unkept' }).expect(200)).body.data.list;
    const share = (await as(owner).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
    await as(member).post(`/v1/shares/${share.token}/join`).expect(200);
    await t.app.get(DataSource).query('UPDATE lists SET audience = NULL WHERE id = $1', [list.id]);
    const memberMark = (await expectEvents(member, undefined, 1)).cursor;
    await as(owner)
      .post('/v1/actions/add', { list: list.id, items: ['seen by both'] })
      .expect(200);
    const seen = await expectEvents(member, memberMark, 1);
    expect(seen.events[0]).toMatchObject({ type: 'item.added', data: { item: { text: 'seen by both' } } });
    const ownerBefore = await expectEvents(owner, undefined, 3);
    expect(types(ownerBefore.events)).toEqual(['list.created', 'member.joined', 'item.added']);
    await as(member).delete(`/v1/lists/${list.id}/members/${member.id}`).expect(200);
    // The owner's mark after the member.removed it sees (after=now could fall before it while
    // another transaction holds the feed back, and the removal would then count as new).
    const ownerMark = (await expectEvents(owner, ownerBefore.cursor, 1)).cursor;
    await as(owner)
      .post('/v1/actions/add', { list: list.id, items: ['owner only'] })
      .expect(200);
    expect(types((await expectEvents(owner, ownerMark, 1)).events)).toEqual(['item.added']);
    expect(types((await drain(member, seen.cursor)).events)).toEqual(['member.removed']);
  });

  describe('the mirror', () => {
    it('a client following the feed from after=now rebuilds exactly what the lists and items routes show after 1,000 concurrent changes by two clients', async () => {
      const owner = await makeCaller(t.app);
      const editor = await makeCaller(t.app);
      const mark = await now(owner);

      // A seeded generator: a failure replays the same changes.
      let seed = 20261124;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];

      const listIds: string[] = [];
      for (const name of ['Mirror A', 'Mirror B']) {
        const list = (await as(owner).post('/v1/lists', { name }).expect(200)).body.data.list;
        listIds.push(list.id);
        const share = (await as(owner).post(`/v1/lists/${list.id}/shares`, { role: 'editor' }).expect(200)).body.data.share;
        await as(editor).post(`/v1/shares/${share.token}/join`).expect(200);
      }
      const known = new Map<string, Map<string, boolean>>(listIds.map((id) => [id, new Map()]));

      // The follower: polls the feed while the changes run, replaying events into a mirror.
      const mirror = new Map<string, { name: string; items: Map<string, { text: string; completed: boolean }> }>();
      let cursor = mark;
      let seen = 0;
      const apply = (event: EventBody) => {
        seen += 1;
        const list = mirror.get(event.list.id);
        switch (event.type) {
          case 'list.created':
            mirror.set(event.list.id, { name: event.data.list.name, items: new Map() });
            return;
          case 'list.renamed':
            list!.name = event.data.list.name;
            return;
          case 'list.deleted':
            mirror.delete(event.list.id);
            return;
          case 'item.added':
          case 'item.completed':
          case 'item.reopened':
            list!.items.set(event.data.item.id, { text: event.data.item.text, completed: event.data.item.completed });
            return;
          case 'item.removed':
            list!.items.delete(event.data.item.id);
            return;
          default:
            return; // members and invitations do not change what the mirror holds
        }
      };
      const poll = async () => {
        const res = await as(owner)
          .get(`/v1/events?${query({ after: cursor, limit: 100 })}`)
          .expect(200);
        res.body.data.events.forEach(apply);
        cursor = res.body.data.next_cursor;
      };
      let changing = true;
      const follower = (async () => {
        while (changing) await poll();
      })();

      // Two clients change the same lists at once, half their requests with an Idempotency-Key
      // (whose transaction takes its id before it waits for the list): 500 changes each.
      let renames = 0;
      const worker = async (actor: Caller) => {
        for (let change = 0; change < 500; change += 1) {
          const listId = pick(listIds);
          const items = known.get(listId)!;
          const who = as(actor);
          const idempotent = random() < 0.5;
          const post = (path: string, body: object) => {
            const req = who.post(path, body);
            return idempotent ? req.set('Idempotency-Key', randomUUID()) : req;
          };
          const ids = [...items.keys()];
          const roll = random();
          if (roll < 0.35 || ids.length < 3) {
            const texts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `t${Math.floor(random() * 50)}`);
            const res = await post('/v1/actions/add', { list: listId, items: texts }).expect(200);
            for (const item of res.body.data.items) items.set(item.id, false);
          } else if (roll < 0.95) {
            const id = pick(ids);
            const action = roll < 0.6 ? 'complete' : roll < 0.75 ? 'reopen' : 'remove';
            const res = await post(`/v1/actions/${action}`, { list: listId, items: [id] });
            // The other client may have removed it first.
            expect([200, 404]).toContain(res.status);
            if (res.status === 404 || action === 'remove') items.delete(id);
          } else if (actor === owner) {
            renames += 1;
            await as(owner)
              .patch(`/v1/lists/${listId}`, { name: `Mirror ${renames} ${randomUUID().slice(0, 8)}` })
              .expect(200);
          }
        }
      };
      await Promise.all([worker(owner), worker(editor)]);
      changing = false;
      await follower;
      // A last change marks the end: once the follower has it, it has everything before it.
      const marker = `Mirror end ${randomUUID()}`;
      await as(owner).patch(`/v1/lists/${listIds[0]}`, { name: marker }).expect(200);
      await waitFor(
        async () => {
          await poll();
          return mirror.get(listIds[0])?.name === marker;
        },
        { what: 'the follower to reach the last change', timeoutMs: 20_000 },
      );

      const truth = new Map<string, { name: string; items: Map<string, { text: string; completed: boolean }> }>();
      const lists = (await as(owner).get('/v1/lists?limit=500').expect(200)).body.data.lists;
      for (const list of lists) {
        const items = new Map<string, { text: string; completed: boolean }>();
        let itemsCursor: string | null = null;
        do {
          const res: { body: { data: { items: EventBody['data'][]; next_cursor: string | null } } } = await as(owner)
            .get(`/v1/lists/${list.id}/items?${query({ limit: 500, cursor: itemsCursor ?? undefined })}`)
            .expect(200);
          for (const item of res.body.data.items) items.set(item.id, { text: item.text, completed: item.completed });
          itemsCursor = res.body.data.next_cursor;
        } while (itemsCursor);
        truth.set(list.id, { name: list.name, items });
      }
      expect(seen).toBeGreaterThan(1000);
      expect(mirror).toEqual(truth);
    }, 60_000);
  });

  // Last: the purge deletes every event older than the retention, the other specs' too.
  describe('retention', () => {
    it('the janitor deletes events past EVENT_RETENTION_DAYS; a cursor before what it deleted answers 410, newer ones go on', async () => {
      const owner = await makeCaller(t.app);
      const list = (await as(owner).post('/v1/lists', { name: 'Old news' }).expect(200)).body.data.list;
      await as(owner)
        .post('/v1/actions/add', { list: list.id, items: ['old 1', 'old 2'] })
        .expect(200);
      const old = await expectEvents(owner, undefined, 3);
      const first = (await as(owner).get('/v1/events?limit=1').expect(200)).body.data.next_cursor;
      // After 'old 1', before 'old 2': inside the add's events.
      const inside = (await as(owner).get('/v1/events?limit=2').expect(200)).body.data.next_cursor;
      const idle = await now(owner);

      clock.advance(31 * 24 * 60 * 60 * 1000);
      await as(owner)
        .post('/v1/actions/add', { list: list.id, items: ['new'] })
        .expect(200);
      expect(await t.app.get(EventsJanitor).sweep()).toBeGreaterThanOrEqual(3);

      // Behind what was deleted, even partly: 410 with the contract's message.
      for (const cursor of [first, inside]) {
        const gone = await as(owner)
          .get(`/v1/events?after=${encodeURIComponent(cursor)}`)
          .expect(410);
        expect(gone.body).toEqual({ data: null, error: EXPIRED });
      }
      // Nothing was missed from the last event seen, from after=now cursors, or from the start.
      for (const cursor of [old.cursor, idle, undefined]) {
        const { events } = await expectEvents(owner, cursor, 1);
        expect(events[0]).toMatchObject({ type: 'item.added', data: { item: { text: 'new' } } });
      }
      // Newest first, the walk back ends at the oldest event kept, and never answers 410.
      const back = (await walkBack(as(owner), 1)).events;
      expect(back.map((event) => event.data.item.text)).toEqual(['new']);
    });
  });
});
