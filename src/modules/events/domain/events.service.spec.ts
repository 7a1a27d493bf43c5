import { accountViewer } from '../../../common/auth/reach';
import { randomBytes } from 'node:crypto';
import { HmacCursorCodec } from '../../../common/paging/hmac-cursor-codec';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryEventLog } from '../infrastructure/in-memory/in-memory-event-log';
import type { NewEvent } from './event';
import { EventsService } from './events.service';

const OWNER = '00000000-0000-4000-8000-00000000000a';
const MEMBER = '00000000-0000-4000-8000-00000000000b';
const LIST = '00000000-0000-4000-8000-0000000000f1';
const DAY = 24 * 60 * 60 * 1000;

describe('EventsService', () => {
  function setup() {
    const clock = new FakeClock('2026-05-01T08:00:00.000Z');
    const audience = [OWNER];
    const log = new InMemoryEventLog(() => [...audience]);
    const cursors = new HmacCursorCodec(randomBytes(32));
    const service = new EventsService(log, cursors, clock, { days: 30, batch: 2 });
    const record = (note: string, type: NewEvent['type'] = 'item.added') =>
      log.record([
        { type, list: { id: LIST, name: 'L' }, actor: { id: OWNER, username: 'o', name: 'O' }, data: { note }, createdAt: clock.now() },
      ]);
    const notes = (page: { events: Array<{ data: Record<string, unknown> }> }) => page.events.map((event) => event.data.note);
    return { clock, log, cursors, service, record, notes, audience };
  }

  it('pages oldest first; next_cursor is never null and polling with it gives only newer events', async () => {
    const { service, record, notes } = setup();
    await record('a');
    await record('b');
    await record('c');
    const first = await service.feed(accountViewer(OWNER), { limit: 2 });
    expect(notes(first)).toEqual(['a', 'b']);
    const second = await service.feed(accountViewer(OWNER), { after: first.nextCursor, limit: 2 });
    expect(notes(second)).toEqual(['c']);
    const empty = await service.feed(accountViewer(OWNER), { after: second.nextCursor });
    expect(empty).toEqual({ events: [], nextCursor: expect.any(String) });
    await record('d');
    expect(notes(await service.feed(accountViewer(OWNER), { after: empty.nextCursor }))).toEqual(['d']);
  });

  it('order=newest pages newest first, back in time; an empty page ends the walk and keeps its cursor', async () => {
    const { service, record, notes } = setup();
    await record('a');
    await record('b');
    await record('c');
    const first = await service.feed(accountViewer(OWNER), { order: 'newest', limit: 2 });
    expect(notes(first)).toEqual(['c', 'b']);
    const second = await service.feed(accountViewer(OWNER), { order: 'newest', after: first.nextCursor, limit: 2 });
    expect(notes(second)).toEqual(['a']);
    const end = await service.feed(accountViewer(OWNER), { order: 'newest', after: second.nextCursor });
    expect(end).toEqual({ events: [], nextCursor: second.nextCursor });
    // A newer event shows at the top of a new first page, never behind a cursor handed out.
    await record('d');
    expect(notes(await service.feed(accountViewer(OWNER), { order: 'newest', limit: 1 }))).toEqual(['d']);
    expect(notes(await service.feed(accountViewer(OWNER), { order: 'newest', after: first.nextCursor }))).toEqual(['a']);
    // Nothing at all: an empty page, whose cursor stays empty.
    const none = await service.feed(accountViewer(MEMBER), { order: 'newest' });
    expect(none.events).toEqual([]);
    expect(notes(await service.feed(accountViewer(MEMBER), { order: 'newest', after: none.nextCursor }))).toEqual([]);
    // The filters apply as oldest first.
    await record('renamed', 'list.renamed');
    expect(notes(await service.feed(accountViewer(OWNER), { order: 'newest', types: 'item.added', listId: LIST, limit: 2 }))).toEqual([
      'd',
      'c',
    ]);
  });

  it('refuses a cursor of the other order and after=now newest first, naming after (400)', async () => {
    const { service, record } = setup();
    await record('a');
    await record('b');
    const oldest = (await service.feed(accountViewer(OWNER), { limit: 1 })).nextCursor;
    const newest = (await service.feed(accountViewer(OWNER), { order: 'newest', limit: 1 })).nextCursor;
    await expect(service.feed(accountViewer(OWNER), { order: 'newest', after: oldest })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'INVALID_CURSOR',
      message: 'after: this cursor was issued for order=oldest: send it with order=oldest',
    });
    for (const order of ['oldest', undefined] as const) {
      await expect(service.feed(accountViewer(OWNER), { order, after: newest })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'INVALID_CURSOR',
        message: 'after: this cursor was issued for order=newest: send it with order=newest',
      });
    }
    await expect(service.feed(accountViewer(OWNER), { order: 'newest', after: 'now' })).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/^after=now goes with order=oldest only/),
    });
    await expect(service.feed(accountViewer(OWNER), { order: 'newest', after: 'garbage' })).rejects.toMatchObject({
      code: 'INVALID_CURSOR',
      message: 'cursor is invalid: pass back a next_cursor value unchanged',
    });
  });

  it('after=now answers an empty page whose cursor marks the present', async () => {
    const { service, record, notes } = setup();
    await record('old');
    const now = await service.feed(accountViewer(OWNER), { after: 'now' });
    expect(now.events).toEqual([]);
    await record('new');
    expect(notes(await service.feed(accountViewer(OWNER), { after: now.nextCursor }))).toEqual(['new']);
  });

  it('filters by list and types; refuses unknown types, a malformed list_id and foreign cursors (400)', async () => {
    const { service, record, notes, cursors } = setup();
    await record('added');
    await record('renamed', 'list.renamed');
    expect(notes(await service.feed(accountViewer(OWNER), { types: 'list.renamed, list.created' }))).toEqual(['renamed']);
    expect(notes(await service.feed(accountViewer(OWNER), { listId: LIST, types: 'item.added' }))).toEqual(['added']);
    expect(notes(await service.feed(accountViewer(OWNER), { listId: MEMBER }))).toEqual([]);
    await expect(service.feed(accountViewer(OWNER), { types: 'item.added,item.exploded' })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'UNKNOWN_EVENT_TYPE',
    });
    await expect(service.feed(accountViewer(OWNER), { listId: 'nope' })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'INVALID_LIST_ID',
    });
    await expect(service.feed(accountViewer(OWNER), { after: cursors.encode('items', { t: '1', s: 1 }) })).rejects.toMatchObject({
      code: 'INVALID_CURSOR',
    });
    await expect(service.feed(accountViewer(OWNER), { after: cursors.encode('events', { t: '-1', s: 1 }) })).rejects.toMatchObject({
      code: 'INVALID_CURSOR',
    });
  });

  it('shows a member only the events of their time on the list', async () => {
    const { service, record, notes, audience } = setup();
    await record('before');
    audience.push(MEMBER);
    await record('during');
    audience.pop();
    await record('after');
    expect(notes(await service.feed(accountViewer(MEMBER), {}))).toEqual(['during']);
  });

  it('purges past the retention in batches; an older cursor then answers 410 with the contract message', async () => {
    const { service, record, notes, clock } = setup();
    await record('old 1');
    await record('old 2');
    await record('old 3');
    const behind = (await service.feed(accountViewer(OWNER), { limit: 1 })).nextCursor;
    const caughtUp = (await service.feed(accountViewer(OWNER), {})).nextCursor;
    clock.advance(30 * DAY);
    await record('new');
    expect(await service.purgeExpired()).toBe(0); // exactly 30 days old: kept
    clock.advance(1);
    expect(await service.purgeExpired()).toBe(2); // one batch
    expect(await service.purgeExpired()).toBe(1);
    expect(await service.purgeExpired()).toBe(0);
    await expect(service.feed(accountViewer(OWNER), { after: behind })).rejects.toMatchObject({
      kind: 'gone',
      code: 'CURSOR_EXPIRED',
      message: 'cursor expired: read the lists again, then follow the feed from now',
    });
    expect(notes(await service.feed(accountViewer(OWNER), { after: caughtUp }))).toEqual(['new']);
    expect(notes(await service.feed(accountViewer(OWNER), {}))).toEqual(['new']);
    // Newest first, a walk that reaches what was deleted ends there: never a 410.
    expect(notes(await service.feed(accountViewer(OWNER), { order: 'newest' }))).toEqual(['new']);
  });
});
