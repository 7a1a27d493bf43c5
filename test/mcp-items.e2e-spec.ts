import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { KeysService } from '../src/modules/keys/domain/keys.service';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { client, listsWorld, makeCaller, type Caller } from './support/lists-client';
import { mcpClient, outputValidator, structured, summaryOf, toolFailure } from './support/mcp-client';
import { listen } from './support/portal-client';
import { NO_RATE_LIMIT, useTestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';
import { waitFor } from './support/wait-for';

/**
 * The MCP tools of API.md section 13 ("Events, agents, limits"): add_items with item objects,
 * get_items with the list filters, find_items, update_items and move_items, each through /mcp
 * with the SDK's client and held equal to the HTTP route it stands for (the same data, the
 * same refusals in the same words, nothing written by a refused call).
 */
describe('MCP tools of section 13, through /mcp, against the HTTP routes', () => {
  const t = useTestApp(NO_RATE_LIMIT);
  const world = listsWorld(t);
  let base: string;
  let owner: Caller;
  let member: Caller;
  let viewer: Caller;
  let mcp: Client;
  let tools: Tool[];
  const open: Client[] = [];

  const connect = async (key: string) => {
    const c = await mcpClient(base, { 'X-API-Key': key });
    open.push(c);
    return c;
  };
  const http = (c: Caller) => client(t.server, c.key);
  const data = async (c: Caller, path: string) => (await http(c).get(path).expect(200)).body.data;

  /** A successful call: structuredContent valid for the output schema, with its summary and JSON blocks (structured()). */
  async function call(name: string, args: Record<string, unknown>, via: Client = mcp): Promise<Record<string, any>> {
    const result = await via.callTool({ name, arguments: args });
    const value = structured(result);
    expect({ name, problems: outputValidator(tools)(name, value) }).toEqual({ name, problems: [] });
    expect(summaryOf(result)).toMatch(/^[^\n]+$/);
    return value;
  }
  const fails = async (name: string, args: Record<string, unknown>, via: Client = mcp) =>
    toolFailure(await via.callTool({ name, arguments: args }));

  beforeAll(async () => {
    base = await listen(t.app);
    [owner, member, viewer] = await Promise.all([makeCaller(t.app), makeCaller(t.app), makeCaller(t.app)]);
    mcp = await connect(owner.key);
    tools = (await mcp.listTools()).tools;
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
  });

  /** A list of the owner's with a member and a viewer. */
  async function sharedList() {
    const list = await world.createList(owner);
    await world.addMember(owner, list.id, member, 'editor');
    await world.addMember(owner, list.id, viewer, 'viewer');
    return list as { id: string; name: string };
  }

  it('lists the new tools with schemas and the contract annotations', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['find_items', 'update_items', 'move_items']) {
      expect(byName.get(name)?.inputSchema.type).toBe('object');
      expect(byName.get(name)?.outputSchema?.type).toBe('object');
    }
    expect(byName.get('find_items')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const name of ['update_items', 'move_items']) {
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    }
    expect(Object.keys(byName.get('find_items')!.inputSchema.properties ?? {}).sort()).toEqual(
      ['assignee', 'cursor', 'due_from', 'due_to', 'has_due', 'label', 'limit', 'list', 'priority', 'q', 'sort', 'status'].sort(),
    );
  });

  it('shows find_items to an items:read key and update_items, move_items to an items:write key, as the routes need', async () => {
    const reader = await makeRestrictedKey(t.app, owner.id, { scopes: ['items:read'] });
    const writer = await makeRestrictedKey(t.app, owner.id, { scopes: ['items:write'] });
    const readerClient = await connect(reader.key);
    expect((await readerClient.listTools()).tools.map((tool) => tool.name)).toEqual(['get_items', 'find_items']);
    const writes = (await (await connect(writer.key)).listTools()).tools.map((tool) => tool.name);
    expect(writes).toEqual(expect.arrayContaining(['add_items', 'update_items', 'move_items']));
    expect(writes).not.toContain('find_items');
    const refused = (
      await client(t.server, reader.key)
        .post('/v1/actions/update', { list: 'x', items: ['x'], set: { priority: 'high' } })
        .expect(403)
    ).body.error;
    expect(await fails('update_items', { list: 'x', items: ['x'], set: { priority: 'high' } }, readerClient)).toBe(refused);
    for (const key of [reader, writer]) await t.app.get(KeysService).revoke(owner.id, key.keyId);
  });

  describe('add_items with item objects', () => {
    it('adds strings and objects mixed, in order, as POST /v1/actions/add does', async () => {
      const list = await sharedList();
      const added = await call('add_items', {
        list: list.name,
        items: [
          'milk',
          {
            text: '  call the plumber ',
            notes: ' before Friday ',
            due: { date: '2026-12-04', time: '09:30', time_zone: 'Europe/Berlin' },
            priority: 'high',
            labels: ['home', 'Urgent'],
            assignee: 'me',
          },
          { text: 'pay rent', due: { date: '2026-12-01', recurrence: 'FREQ=MONTHLY' }, assignee: member.id },
        ],
      });
      const page = await data(owner, `/v1/lists/${list.id}/items`);
      expect(added).toEqual({ list: page.list, items: page.items });
      expect(added.items.map((item: { text: string }) => item.text)).toEqual(['milk', 'call the plumber', 'pay rent']);
      expect(added.items[1]).toMatchObject({
        notes: 'before Friday',
        priority: 'high',
        labels: ['home', 'Urgent'],
        assignee: { id: owner.id, username: owner.username, name: owner.name },
        due: { date: '2026-12-04', time: '09:30', time_zone: 'Europe/Berlin', recurrence: null, at: '2026-12-04T08:30:00.000Z' },
      });
      expect(added.items[2]).toMatchObject({ assignee: { id: member.id }, due: { recurrence: 'FREQ=MONTHLY', at: null } });
    });

    it('refuses an invalid entry with the route’s 400 or 422 message and adds nothing', async () => {
      const list = await sharedList();
      const stranger = await makeCaller(t.app);
      const cases: Array<Record<string, unknown>> = [
        { text: 'x', due: { date: '2026-02-30' } },
        { text: 'x', due: { date: '2026-03-01', time: '09:00' } },
        { text: 'x', due: { date: '2026-03-01', time: '09:00', time_zone: 'Mars/Olympus' } },
        { text: 'x', due: { date: '2026-03-01', recurrence: 'RRULE:FREQ=DAILY' } },
        { text: 'x', labels: ['a', 'A'] },
        { text: 'x', notes: 'n'.repeat(10_001) },
        { text: '   ' },
        { text: 'x', assignee: stranger.id },
      ];
      for (const entry of cases) {
        const body = { list: list.id, items: ['fine', entry] };
        const route = await http(owner).post('/v1/actions/add', body);
        expect({ entry, status: route.status }).toEqual({ entry, status: expect.any(Number) });
        expect(route.status === 400 || route.status === 422).toBe(true);
        expect({ entry, message: await fails('add_items', body) }).toEqual({ entry, message: route.body.error });
      }
      expect((await data(owner, `/v1/lists/${list.id}/items`)).items).toEqual([]);
    });

    it('shares the idempotency record with the route for object entries, whatever the order of their fields', async () => {
      const list = await sharedList();
      const key = `objects-${uniqueTag()}`;
      const first = await mcp.callTool({
        name: 'add_items',
        arguments: { list: list.id, items: [{ text: 'once', priority: 'low', labels: ['a'] }], idempotency_key: key },
      });
      const route = await http(owner)
        .post('/v1/actions/add', { items: [{ labels: ['a'], priority: 'low', text: 'once' }], list: list.id })
        .set('Idempotency-Key', key)
        .expect(200);
      expect(route.headers['idempotent-replayed']).toBe('true');
      expect(route.body.data).toEqual(structured(first));
      expect((await data(owner, `/v1/lists/${list.id}/items`)).items).toHaveLength(1);
    });
  });

  /** Items with every kind of field, for the filters: added, then given their fields, through the routes. */
  async function filledList() {
    const list = await sharedList();
    const route = http(owner);
    const texts = ['buy milk', 'buy bread', 'call mum', 'read a book', 'water plants'];
    await route.post('/v1/actions/add', { list: list.id, items: texts }).expect(200);
    const sets: Array<[string, Record<string, unknown>]> = [
      ['buy milk', { due: { date: '2026-12-01' }, priority: 'high', labels: ['shop'], assignee: 'me' }],
      ['buy bread', { notes: 'the dark one', due: { date: '2026-12-03', time: '08:00', time_zone: 'Europe/Paris' }, labels: ['Shop'] }],
      ['call mum', { priority: 'medium', assignee: member.id }],
      ['read a book', { due: { date: '2026-12-20' }, priority: 'low' }],
    ];
    for (const [text, set] of sets) await route.post('/v1/actions/update', { list: list.id, items: [text], set }).expect(200);
    await route.post('/v1/actions/complete', { list: list.id, items: ['water plants'] }).expect(200);
    return list;
  }

  const queryOf = (args: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(args).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)]),
    ).toString();

  describe('get_items with the list filters', () => {
    it('answers each filter and sort as GET /v1/lists/:id/items with the same query', async () => {
      const list = await filledList();
      const cases: Array<Record<string, unknown>> = [
        {},
        { status: 'open' },
        { due_from: '2026-12-02' },
        { due_to: '2026-12-03', due_from: '2026-12-01' },
        { has_due: true },
        { has_due: false },
        { assignee: 'me' },
        { assignee: member.id },
        { assignee: 'none' },
        { label: 'SHOP' },
        { priority: 'high' },
        { priority: ['high', 'medium'] },
        { q: 'buy dark' },
        { sort: 'due' },
        { sort: 'priority', status: 'open' },
        { sort: 'created' },
        { sort: 'updated' },
      ];
      for (const args of cases) {
        const route = await data(owner, `/v1/lists/${list.id}/items?${queryOf(args)}`);
        expect({ args, answer: await call('get_items', { list: list.name, ...args }) }).toEqual({ args, answer: route });
      }
      // The filters narrow for real: the tool's pages are the routes', and these are not all alike.
      expect((await call('get_items', { list: list.id, label: 'shop' })).items.map((i: { text: string }) => i.text)).toEqual([
        'buy milk',
        'buy bread',
      ]);
    });

    it('pages with a cursor tied to its filters, and refuses another filter with the cursor as the route does', async () => {
      const list = await filledList();
      const first = await call('get_items', { list: list.id, has_due: true, sort: 'due', limit: 2 });
      expect(first).toEqual(await data(owner, `/v1/lists/${list.id}/items?has_due=true&sort=due&limit=2`));
      expect(first.next_cursor).not.toBeNull();
      const cursor = encodeURIComponent(first.next_cursor);
      expect(await call('get_items', { list: list.id, cursor: first.next_cursor })).toEqual(
        await data(owner, `/v1/lists/${list.id}/items?cursor=${cursor}`),
      );
      const refused = await http(owner).get(`/v1/lists/${list.id}/items?cursor=${cursor}&sort=created`).expect(400);
      expect(await fails('get_items', { list: list.id, cursor: first.next_cursor, sort: 'created' })).toBe(refused.body.error);
      const badDate = await http(owner).get(`/v1/lists/${list.id}/items?due_from=2026-13-01`).expect(400);
      expect(await fails('get_items', { list: list.id, due_from: '2026-13-01' })).toBe(badDate.body.error);
    });
  });

  describe('find_items', () => {
    it('answers as GET /v1/items with the same query, across lists, or one list by id or name', async () => {
      const a = await filledList();
      const b = await filledList();
      const cases: Array<Record<string, unknown>> = [
        { status: 'open', assignee: 'me' },
        { due_from: '2026-12-01', due_to: '2026-12-07', status: 'open' },
        { label: 'shop', sort: 'created' },
        { priority: ['high', 'low'], sort: 'priority' },
        { q: 'buy', has_due: true },
      ];
      for (const args of cases) {
        const route = await data(owner, `/v1/items?${queryOf(args)}`);
        expect({ args, answer: await call('find_items', args) }).toEqual({ args, answer: route });
        for (const list of [a.id, b.name]) {
          const one = await data(owner, `/v1/items?${queryOf({ ...args, list_id: list === b.name ? b.id : a.id })}`);
          expect({ args, list, answer: await call('find_items', { ...args, list }) }).toEqual({ args, list, answer: one });
        }
      }
      const mine = await call('find_items', { assignee: 'me', status: 'open', label: 'shop' });
      // Earlier tests' lists have such items too: this test's two lists are among those found.
      expect(mine.items.map((i: { list_id: string }) => i.list_id)).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(mine.lists).toEqual(
        expect.arrayContaining([
          { id: a.id, name: a.name },
          { id: b.id, name: b.name },
        ]),
      );
    });

    it('pages with its cursor, refuses bad input as the route does, and keeps to the key’s lists', async () => {
      await filledList();
      const first = await call('find_items', { has_due: true, limit: 1 });
      expect(first).toEqual(await data(owner, '/v1/items?has_due=true&limit=1'));
      expect(await call('find_items', { cursor: first.next_cursor })).toEqual(
        await data(owner, `/v1/items?cursor=${encodeURIComponent(first.next_cursor)}`),
      );
      const sortPosition = await http(owner).get('/v1/items?sort=position').expect(400);
      expect(sortPosition.body.error).toContain('sort');
      const badAssignee = await http(owner).get('/v1/items?assignee=someone').expect(400);
      expect(await fails('find_items', { assignee: 'someone' })).toBe(badAssignee.body.error);
      expect(await fails('find_items', { list: 'no such list' })).toBe('List not found');

      const inside = await filledList();
      const restricted = await makeRestrictedKey(t.app, owner.id, { listIds: [inside.id] });
      const narrow = await connect(restricted.key);
      const seen = await call('find_items', {}, narrow);
      expect(seen).toEqual((await client(t.server, restricted.key).get('/v1/items').expect(200)).body.data);
      expect(seen.lists).toEqual([{ id: inside.id, name: inside.name }]);
      await t.app.get(KeysService).revoke(owner.id, restricted.keyId);
    });
  });

  describe('update_items', () => {
    it('sets fields on the matched items, as POST /v1/actions/update, and records item.updated', async () => {
      const list = await filledList();
      const { next_cursor: now } = await call('get_changes', { after: 'now' });
      const versions = new Map<string, number>(
        (await data(owner, `/v1/lists/${list.id}/items`)).items.map((item: { id: string; version: number }) => [item.id, item.version]),
      );
      const updated = await call('update_items', {
        list: list.name,
        items: ['buy milk', 'CALL MUM'],
        set: { priority: 'low', add_labels: ['weekend'], remove_labels: ['shop'], due: null, assignee: member.id },
      });
      const page = await data(owner, `/v1/lists/${list.id}/items`);
      const byId = new Map(page.items.map((item: { id: string }) => [item.id, item]));
      expect(updated.list).toEqual(page.list);
      expect(updated.items).toEqual(updated.items.map((item: { id: string }) => byId.get(item.id)));
      expect(updated.items.map((i: Record<string, any>) => [i.text, i.priority, i.labels, i.due, i.assignee.id])).toEqual([
        ['buy milk', 'low', ['weekend'], null, member.id],
        ['call mum', 'low', ['weekend'], null, member.id],
      ]);
      const [milk, mum] = updated.items;
      const text = await call('update_items', { list: list.id, items: [milk.id], set: { text: 'buy oat milk', notes: '2 l' } });
      expect(text.items[0]).toMatchObject({ text: 'buy oat milk', notes: '2 l', version: milk.version + 1 });

      // The events the route records: one item.updated per changed item, naming what changed. The
      // feed may also show events from just before the mark (docs/API.md, "Reading the feed"):
      // ours are those of versions after the ones read before the call.
      type Updated = { type: string; data: { item: { id: string; version: number }; changes: string[] } };
      const ours = async () =>
        ((await data(owner, `/v1/events?after=${encodeURIComponent(now)}&list_id=${list.id}`)).events as Updated[]).filter(
          (e) => e.type === 'item.updated' && e.data.item.version > (versions.get(e.data.item.id) ?? Infinity),
        );
      await waitFor(async () => (await ours()).length >= 3, { what: 'the three item.updated events', timeoutMs: 15_000 });
      expect((await ours()).map((e) => [e.data.item.id, e.data.changes])).toEqual([
        [milk.id, ['due', 'priority', 'labels', 'assignee']],
        [mum.id, ['priority', 'labels']],
        [milk.id, ['text', 'notes']],
      ]);
    });

    it('refuses as the route does, in its words, and changes nothing', async () => {
      const list = await filledList();
      const stranger = await makeCaller(t.app);
      const before = await data(owner, `/v1/lists/${list.id}/items`);
      const cases: Array<Record<string, unknown>> = [
        { list: list.id, items: ['buy milk', 'call mum'], set: { text: 'same' } },
        { list: list.id, items: ['buy milk'], set: {} },
        { list: list.id, items: ['buy milk'], set: { labels: ['a'], add_labels: ['b'] } },
        { list: list.id, items: ['buy milk'], set: { due: { date: '2026-12-01', recurrence: 'FREQ=HOURLY' } } },
        { list: list.id, items: ['buy milk'], set: { assignee: stranger.id } },
        { list: list.id, items: ['no such item'], set: { priority: 'high' } },
        { list: list.id, items: ['buy milk'], set: { add_labels: Array.from({ length: 10 }, (_, i) => `l${i}`) } },
      ];
      for (const args of cases) {
        const route = await http(owner).post('/v1/actions/update', args);
        expect(route.status).toBeGreaterThanOrEqual(400);
        expect({ args, message: await fails('update_items', args) }).toEqual({ args, message: route.body.error });
      }
      const asViewer = await connect(viewer.key);
      const viewerArgs = { list: list.id, items: ['buy milk'], set: { priority: 'none' } };
      const refused = await client(t.server, viewer.key).post('/v1/actions/update', viewerArgs).expect(403);
      expect(await fails('update_items', viewerArgs, asViewer)).toBe(refused.body.error);
      expect(await data(owner, `/v1/lists/${list.id}/items`)).toEqual(before);
    });
  });

  describe('move_items', () => {
    it('moves a block within a list and to another list, as POST /v1/actions/move', async () => {
      const list = await filledList();
      const texts = async (id: string) => (await data(owner, `/v1/lists/${id}/items`)).items.map((i: { text: string }) => i.text);
      const top = await call('move_items', { list: list.id, items: ['read a book', 'call mum'], to: 'top' });
      expect(top.list).toEqual({ id: list.id, name: list.name });
      expect(await texts(list.id)).toEqual(['read a book', 'call mum', 'buy milk', 'buy bread', 'water plants']);
      const page = await data(owner, `/v1/lists/${list.id}/items`);
      expect(top.items).toEqual(page.items.slice(0, 2));

      await call('move_items', { list: list.name, items: ['water plants'], after: 'read a book' });
      expect(await texts(list.id)).toEqual(['read a book', 'water plants', 'call mum', 'buy milk', 'buy bread']);
      await call('move_items', { list: list.id, items: ['read a book'] });
      expect(await texts(list.id)).toEqual(['water plants', 'call mum', 'buy milk', 'buy bread', 'read a book']);

      // To another list, by name: the same ids; an assignee who is no member of the target is cleared.
      const target = await world.createList(owner);
      const moved = await call('move_items', { list: list.id, items: ['call mum', 'buy milk'], to_list: target.name });
      expect(moved.list).toEqual({ id: target.id, name: target.name });
      const targetPage = await data(owner, `/v1/lists/${target.id}/items`);
      expect(moved.items).toEqual(targetPage.items);
      expect(moved.items.map((i: { text: string; assignee: unknown }) => [i.text, i.assignee])).toEqual([
        ['call mum', null],
        ['buy milk', expect.objectContaining({ id: owner.id })],
      ]);
      expect(await texts(list.id)).toEqual(['water plants', 'buy bread', 'read a book']);
    });

    it('refuses as the route does, in its words, and moves nothing', async () => {
      const list = await filledList();
      const before = await data(owner, `/v1/lists/${list.id}/items`);
      const cases: Array<Record<string, unknown>> = [
        { list: list.id, items: ['buy milk'], before: 'call mum', after: 'call mum' },
        { list: list.id, items: ['buy milk'], to: 'top', after: 'call mum' },
        { list: list.id, items: ['buy milk'], before: 'nothing like it' },
        { list: list.id, items: ['buy milk'], after: 'buy milk' },
        { list: list.id, items: ['buy milk'], to_list: 'no such list' },
      ];
      for (const args of cases) {
        const route = await http(owner).post('/v1/actions/move', args);
        expect(route.status).toBeGreaterThanOrEqual(400);
        expect({ args, message: await fails('move_items', args) }).toEqual({ args, message: route.body.error });
      }
      const asViewer = await connect(viewer.key);
      const viewerArgs = { list: list.id, items: ['buy milk'], to: 'top' };
      const refused = await client(t.server, viewer.key).post('/v1/actions/move', viewerArgs).expect(403);
      expect(await fails('move_items', viewerArgs, asViewer)).toBe(refused.body.error);
      expect(await data(owner, `/v1/lists/${list.id}/items`)).toEqual(before);
    });
  });
});
