import { makeRestrictedKey } from './factories/make-restricted-key';
import { eventsOf, feedUntil } from './support/feed';
import { client, listsWorld, type Caller, type Client } from './support/lists-client';
import { NO_RATE_LIMITS, useTestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';

/** API.md "Test mode": an sk_test_ key works like a live key, on the sandbox's own data. */
describe('test mode (sk_test_ keys)', () => {
  const t = useTestApp({ ...NO_RATE_LIMITS });
  const w = listsWorld(t);

  let me: Caller;
  let live: Client;
  let test: Client;

  beforeEach(async () => {
    me = await w.caller();
    live = w.as(me);
    test = client(t.server, (await makeRestrictedKey(t.app, me.id, { mode: 'test' })).key);
  });

  it('keeps each mode to its own lists, items and feed', async () => {
    const name = `Groceries ${uniqueTag()}`;
    const liveList = (await live.post('/v1/lists', { name }).expect(200)).body.data.list;
    // The same name is free in the other mode: its lists are another set.
    const testList = (await test.post('/v1/lists', { name }).expect(200)).body.data.list;
    await test.post('/v1/actions/add', { list: name, items: ['milk'] }).expect(200);

    expect((await live.get('/v1/lists').expect(200)).body.data.lists.map((l: { id: string }) => l.id)).toEqual([liveList.id]);
    expect((await test.get('/v1/lists').expect(200)).body.data.lists.map((l: { id: string }) => l.id)).toEqual([testList.id]);
    await live.get(`/v1/lists/${testList.id}`).expect(404);
    await test.get(`/v1/lists/${liveList.id}`).expect(404);
    expect((await live.get(`/v1/lists/${liveList.id}/items`).expect(200)).body.data.items).toEqual([]);
    expect((await test.get(`/v1/lists/${testList.id}/items`).expect(200)).body.data.items.map((i: { text: string }) => i.text)).toEqual([
      'milk',
    ]);

    // Each mode's feed once it shows the writes (it may lag them a moment), all of it.
    type Event = { livemode: boolean; list: { id: string } };
    const liveFeed = (await feedUntil(eventsOf<Event>(live), 1, { what: 'the live list created' })).events;
    const testFeed = (await feedUntil(eventsOf<Event>(test), 2, { what: 'the test list created and its item added' })).events;
    expect(liveFeed.map((e) => [e.list.id, e.livemode])).toEqual([[liveList.id, true]]);
    expect(testFeed.map((e) => [e.list.id, e.livemode])).toEqual([
      [testList.id, false],
      [testList.id, false],
    ]);
    expect((await test.get('/v1/me').expect(200)).body.data.key.mode).toBe('test');
  });
});
