import request from 'supertest';
import { feedPath, feedUntil, type FeedPage } from './support/feed';
import { ISO_WITH_MS, itemsWorld, ListRef, Person } from './support/items-world';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';

interface DueBody {
  date: string;
  time: string | null;
  time_zone: string | null;
  recurrence: string | null;
  at: string | null;
}

interface ItemBody {
  id: string;
  text: string;
  completed: boolean;
  completed_at: string | null;
  completed_by: string | null;
  due: DueBody | null;
  updated_at: string;
  version: number;
}

interface EventBody {
  type: string;
  data: { item: ItemBody; changes?: string[] };
}

/**
 * Completing a recurring item over HTTP on PostgreSQL (API.md section 13, "Completing a
 * recurring item"; docs/API.md "Due dates and recurrence"): the item stays open at its next
 * occurrence, keeping its local time across daylight-saving changes, until COUNT or UNTIL is
 * spent; the feed shows the occurrence completed, then the item updated.
 */
describe('completing a recurring item (e2e)', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const w = itemsWorld(t);

  /** A new item given its due by PATCH (the edit that starts a series), as it then is. */
  const addWithDue = async (who: Person, list: ListRef, text: string, due: Partial<DueBody>): Promise<ItemBody> => {
    const [added] = await w.add(who, list, [text]);
    const res = await request(t.server).patch(`/v1/lists/${list.id}/items/${added.id}`).set('X-API-Key', who.key).send({ due });
    expect(res.status).toBe(200);
    return res.body.data.item;
  };

  const complete = async (who: Person, list: ListRef, entries: string[]): Promise<ItemBody[]> =>
    (await w.act(who, 'complete', { list: list.id, items: entries }, 200)).body.data.items;

  /** The item as the list's page shows it. */
  const readItem = async (who: Person, list: ListRef, id: string): Promise<ItemBody | undefined> =>
    ((await w.allItems(who, list)) as unknown as ItemBody[]).find((item) => item.id === id);

  /** The list's events in `who`'s feed after `after`, awaited until `count` have arrived (and no more came). */
  const listEvents = async (who: Person, list: ListRef, count: number, after?: string) => {
    const { events, cursor } = await feedUntil(feedOf(who, list), count, { after, what: `${count} events of the list` });
    expect(events).toHaveLength(count);
    return { events, cursor };
  };

  /** A cursor past the list's item.added event (and the list's own events before it). */
  const pastAdded = async (who: Person, list: ListRef): Promise<string | undefined> =>
    (
      await feedUntil(feedOf(who, list), (events) => events.some((event) => event.type === 'item.added'), {
        what: 'the item.added event',
      })
    ).cursor;

  const feedOf =
    (who: Person, list: ListRef) =>
    async (cursor: string | undefined): Promise<FeedPage<EventBody>> =>
      (
        await w
          .as(who)
          .get(feedPath(cursor, `&list_id=${list.id}`))
          .expect(200)
      ).body.data;

  it('keeps every Monday at 09:00 Europe/Berlin across the late-March change, open at the next occurrence', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const due = { date: '2026-03-23', time: '09:00', time_zone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO' };
    const added = await addWithDue(owner, list, 'Team meeting', due);
    expect(added.due).toEqual({ ...due, at: '2026-03-23T08:00:00.000Z' });

    const [first] = await complete(owner, list, [added.id]);
    expect(first).toMatchObject({
      id: added.id,
      completed: false,
      completed_at: null,
      completed_by: null,
      due: { ...due, date: '2026-03-30', at: '2026-03-30T07:00:00.000Z' },
      version: added.version + 2,
    });
    expect(first.updated_at).toMatch(ISO_WITH_MS);
    expect(await readItem(owner, list, added.id)).toEqual(first);

    const [second] = await complete(owner, list, ['team meeting']);
    expect(second.due).toEqual({ ...due, date: '2026-04-06', at: '2026-04-06T07:00:00.000Z' });
    expect(second.completed).toBe(false);
    expect(await w.counters(list)).toMatchObject({ item_count: 1, open_item_count: 1 });
  });

  it('keeps 09:00 America/New_York across the November change', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const added = await addWithDue(owner, list, 'Standup', {
      date: '2026-10-30',
      time: '09:00',
      time_zone: 'America/New_York',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,FR',
    });
    expect(added.due?.at).toBe('2026-10-30T13:00:00.000Z');
    const [next] = await complete(owner, list, [added.id]);
    expect(next.due).toMatchObject({ date: '2026-11-02', time: '09:00', at: '2026-11-02T14:00:00.000Z' });
  });

  it('closes the item as usual once COUNT is spent', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const added = await addWithDue(owner, list, 'Pill', { date: '2026-05-01', recurrence: 'FREQ=DAILY;COUNT=3' });
    expect(added.due).toEqual({ date: '2026-05-01', time: null, time_zone: null, recurrence: 'FREQ=DAILY;COUNT=3', at: null });

    expect((await complete(owner, list, [added.id]))[0]).toMatchObject({ completed: false, due: { date: '2026-05-02' } });
    expect((await complete(owner, list, [added.id]))[0]).toMatchObject({ completed: false, due: { date: '2026-05-03' } });
    const [last] = await complete(owner, list, [added.id]);
    expect(last).toMatchObject({ completed: true, completed_by: owner.id, due: { date: '2026-05-03', recurrence: 'FREQ=DAILY;COUNT=3' } });
    expect(last.completed_at).toMatch(ISO_WITH_MS);
    expect(await w.counters(list)).toMatchObject({ item_count: 1, open_item_count: 0 });

    // Completed already: completing it again (by id) changes nothing.
    const [again] = await complete(owner, list, [added.id]);
    expect(again).toEqual(last);
  });

  it('closes the item once the next occurrence would be after UNTIL (inclusive)', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const added = await addWithDue(owner, list, 'Rent', { date: '2026-01-30', recurrence: 'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260327' });
    expect((await complete(owner, list, [added.id]))[0].due?.date).toBe('2026-02-27');
    expect((await complete(owner, list, [added.id]))[0].due?.date).toBe('2026-03-27');
    const [last] = await complete(owner, list, [added.id]);
    expect(last).toMatchObject({ completed: true, due: { date: '2026-03-27' } });
  });

  it('records item.completed (the occurrence) then item.updated (changes: ["due"]) in the feed', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const added = await addWithDue(owner, list, 'Water plants', {
      date: '2026-03-28',
      time: '08:00',
      time_zone: 'Europe/Berlin',
      recurrence: 'FREQ=DAILY',
    });
    const cursor = await pastAdded(owner, list);
    const [now] = await complete(owner, list, [added.id]);

    const { events } = await listEvents(owner, list, 2, cursor);
    expect(events.map((event) => event.type)).toEqual(['item.completed', 'item.updated']);
    const [completed, updated] = events;
    expect(completed.data.item).toMatchObject({
      id: added.id,
      completed: true,
      completed_by: owner.id,
      due: { date: '2026-03-28', time: '08:00', at: '2026-03-28T07:00:00.000Z' },
      version: added.version + 1,
    });
    expect(completed.data.item.completed_at).toMatch(ISO_WITH_MS);
    expect(updated.data).toEqual({ item: now, changes: ['due'] });
    expect(updated.data.item).toMatchObject({ completed: false, due: { date: '2026-03-29', at: '2026-03-29T06:00:00.000Z' } });
  });

  it('completes a plain and a recurring item in one action: the plain one closes, the recurring one advances', async () => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const plain = (await w.add(owner, list, ['Buy milk']))[0];
    const recurring = await addWithDue(owner, list, 'Take out bins', { date: '2026-06-02', recurrence: 'FREQ=WEEKLY;INTERVAL=2' });
    const answer = await complete(owner, list, [recurring.id, plain.id]);
    expect(answer.map((item) => [item.id, item.completed, item.due?.date ?? null])).toEqual([
      [recurring.id, false, '2026-06-16'],
      [plain.id, true, null],
    ]);
    expect(await w.counters(list)).toMatchObject({ item_count: 2, open_item_count: 1 });
  });

  it('lets an editor complete a recurring item; a viewer may not (403), and nothing changes', async () => {
    const { owner, editor, viewer, list } = await w.team();
    const added = await addWithDue(owner, list, 'Backup', { date: '2026-07-01', recurrence: 'FREQ=MONTHLY' });
    const denied = await w.act(viewer, 'complete', { list: list.id, items: [added.id] }, 403);
    expect(denied.body.data).toBeNull();
    expect(await readItem(owner, list, added.id)).toEqual(added);
    const [next] = await complete(editor, list, [added.id]);
    expect(next).toMatchObject({ completed: false, due: { date: '2026-08-01' } });
  });

  it.each([
    ['an impossible date', { date: '2026-02-30' }, /^due\.date must be a real calendar date/],
    ['a time without a zone', { date: '2026-03-01', time: '09:00' }, /^due\.time_zone is required with a time/],
    ['a zone without a time', { date: '2026-03-01', time_zone: 'Europe/Berlin' }, /^due\.time_zone must be null without a time/],
    ['an unknown zone', { date: '2026-03-01', time: '09:00', time_zone: 'Mars/Olympus_Mons' }, /^due\.time_zone is not a known IANA/],
    ['an unsupported part', { date: '2026-03-01', recurrence: 'FREQ=DAILY;BYHOUR=9' }, /^due\.recurrence part BYHOUR is not supported/],
    [
      'an RRULE: prefix',
      { date: '2026-03-01', recurrence: 'RRULE:FREQ=DAILY' },
      /^due\.recurrence must be the rule without the RRULE: prefix/,
    ],
    ['COUNT with UNTIL', { date: '2026-03-01', recurrence: 'FREQ=DAILY;COUNT=2;UNTIL=20260310' }, /COUNT and UNTIL/],
    ['an unknown member', { date: '2026-03-01', tz: 'UTC' }, /^due\.tz should not exist/],
  ])('refuses %s with a 400 naming the member, changing nothing', async (_, due, message) => {
    const owner = await w.person();
    const list = await w.newList(owner);
    const [item] = await w.add(owner, list, ['Plan']);
    const res = await request(t.server).patch(`/v1/lists/${list.id}/items/${item.id}`).set('X-API-Key', owner.key).send({ due });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ data: null, error: expect.stringMatching(message) });
    expect(await readItem(owner, list, item.id)).toEqual(item);
  });
});
