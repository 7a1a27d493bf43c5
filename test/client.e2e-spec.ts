import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  type ClientOptions,
  type Event,
  type FetchLike,
  FeedExpiredError,
  OPERATIONS,
  type OperationId,
  TodoClient,
  verifyWebhook,
  WebhookVerificationError,
} from '../clients/typescript/src/index.ts';
import { EventsJanitor } from '../src/modules/events/infrastructure/events-janitor';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { driveClock, frozenNow } from './support/driven-clock';
import { signUpWithKey } from './support/fault-client';
import { makeCaller } from './support/lists-client';
import { ownDatabase, type OwnDatabase } from './support/own-database';
import { recordSecret } from './support/secret-ledger';
import { type ServiceProcess, spawnReady, spawnService, stopInstances, waitForReady } from './support/service-process';
import { proxiedUrl, TcpProxy } from './support/tcp-proxy';
import { startTestApp, type TestApp, useTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { WebhookReceiver } from './support/webhook-receiver';

const unique = () => randomBytes(4).toString('hex');

/** Starts listening on a free loopback port, for a client that speaks HTTP to it; answers its base URL. */
async function listen(t: Pick<TestApp, 'server'>): Promise<string> {
  await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
}

/** The operation a request is, by its method and path (OPERATIONS' templates), or undefined. */
function operationOf(method: string, url: string): OperationId | undefined {
  const path = new URL(url).pathname;
  return (Object.keys(OPERATIONS) as OperationId[]).find((op) => {
    const route = OPERATIONS[op];
    const pattern = new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    return route.method === method && pattern.test(path);
  });
}

/** The platform's fetch, recording which operation each request was. */
function recordingFetch(called: Set<OperationId>): FetchLike {
  return async (url, init) => {
    const op = operationOf(init.method, url);
    if (op) called.add(op);
    return fetch(url, init);
  };
}

describe('the TypeScript client against the running service', () => {
  const t = useTestApp(
    {
      RATE_LIMIT_MAX: '100000',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_POLL_INTERVAL_MS: '20',
    },
    {},
    // Its own database: the app's delivery worker must be the one that sends this spec's webhooks.
    { ownDatabase: 'client' },
  );
  const called = new Set<OperationId>();
  let baseUrl: string;
  let receiver: WebhookReceiver;
  const clientOf = (apiKey: string, options: Partial<ClientOptions> = {}) =>
    new TodoClient({ apiKey, baseUrl, fetch: recordingFetch(called), ...options });

  beforeAll(async () => {
    baseUrl = await listen(t);
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await receiver?.stop();
    jest.restoreAllMocks();
  });

  it('me: the account and the calling key', async () => {
    const caller = await makeCaller(t.app);
    const me = await clientOf(caller.key).me.get();
    expect(me).toMatchObject({ id: caller.id, username: caller.username, email_verified: true });
    expect(me.scopes).toContain('items:write');
  });

  it('lists: create, get, page, iterate across pages, rename, delete', async () => {
    const owner = await makeCaller(t.app);
    const todo = clientOf(owner.key);
    const names = ['A', 'B', 'C'].map((name) => `${name} ${unique()}`);
    const created = [];
    for (const name of names) created.push((await todo.lists.create({ name })).list);
    expect((await todo.lists.get(created[0].id)).list).toMatchObject({ id: created[0].id, name: names[0], role: 'owner' });

    const first = await todo.lists.page({ limit: 2 });
    expect(first.lists).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const iterated = [];
    for await (const list of todo.lists.iterate({ limit: 1 })) iterated.push(list.name);
    expect(iterated).toEqual(names);

    expect((await todo.lists.rename(created[1].id, { name: `Renamed ${unique()}` })).list.id).toBe(created[1].id);
    await expect(todo.lists.delete(created[2].id)).resolves.toEqual({});
    const gone = await todo.lists.get(created[2].id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ApiError);
    expect(gone).toMatchObject({ status: 404, requestId: expect.any(String) });
  });

  it('actions and items: add, complete, reopen, remove; items iterated across pages by status', async () => {
    const owner = await makeCaller(t.app);
    const todo = clientOf(owner.key);
    const { list } = await todo.lists.create({ name: `Groceries ${unique()}` });
    const added = await todo.actions.add({ list: list.name, items: ['milk', 'eggs', 'bread', 'tea', 'jam'] });
    expect(added.items.map((item) => item.text)).toEqual(['milk', 'eggs', 'bread', 'tea', 'jam']);
    expect((await todo.actions.complete({ list: list.id, items: ['milk', 'eggs'] })).items.every((item) => item.completed)).toBe(true);
    expect((await todo.actions.reopen({ list: list.id, items: ['eggs'] })).items[0].completed).toBe(false);
    expect((await todo.actions.remove({ list: list.id, items: ['jam'] })).items[0].text).toBe('jam');

    const open = [];
    for await (const item of todo.items.iterate(list.id, { status: 'open', limit: 2 })) open.push(item.text);
    expect(open).toEqual(['eggs', 'bread', 'tea']);
    const page = await todo.items.page(list.id, { status: 'completed' });
    expect(page.items.map((item) => item.text)).toEqual(['milk']);
    expect(page.next_cursor).toBeNull();
  });

  it('edits and moves: one item with If-Match (a stale version is a 412), update, move', async () => {
    const owner = await makeCaller(t.app);
    const todo = clientOf(owner.key);
    const { list } = await todo.lists.create({ name: `Edits ${unique()}` });
    const [milk, bread] = (await todo.actions.add({ list: list.id, items: ['milk', 'bread'] })).items;
    const { item } = await todo.items.edit(list.id, milk.id, { text: 'oat milk', assignee: 'me' }, { ifMatch: milk.version });
    expect(item).toMatchObject({ text: 'oat milk', assignee: { id: owner.id }, version: milk.version + 1 });
    const stale = await todo.items.edit(list.id, milk.id, { text: 'x' }, { ifMatch: milk.version }).catch((error: unknown) => error);
    expect(stale).toMatchObject({ status: 412 });
    const updated = await todo.actions.update({ list: list.id, items: [bread.id], set: { priority: 'high', add_labels: ['shop'] } });
    expect(updated.items[0]).toMatchObject({ priority: 'high', labels: ['shop'] });
    const moved = await todo.actions.move({ list: list.id, items: [bread.id], to: 'top' });
    expect(moved.items.map((i) => i.id)).toEqual([bread.id]);
    expect((await todo.items.get(list.id, bread.id)).item).toMatchObject({
      id: bread.id,
      priority: 'high',
      version: moved.items[0].version,
    });
    const found = await todo.items.find({ list_id: list.id, label: 'shop', sort: 'priority' });
    expect(found.items.map((i) => i.id)).toEqual([bread.id]);
    expect(found.lists).toEqual([{ id: list.id, name: list.name }]);
  });

  it('shares and members: a link, a join, a role change, a removal, a revocation', async () => {
    const [owner, guest] = await Promise.all([makeCaller(t.app), makeCaller(t.app)]);
    const todo = clientOf(owner.key);
    const { list } = await todo.lists.create({ name: `Shared ${unique()}` });
    const { share } = await todo.shares.create(list.id, { role: 'viewer' });
    expect((await clientOf(guest.key).shares.join(share.token!)).list.id).toBe(list.id);
    expect((await todo.shares.list(list.id)).shares.map((s) => s.id)).toEqual([share.id]);

    const { members } = await todo.members.list(list.id);
    expect(members.map((m) => [m.user.id, m.role])).toEqual([
      [owner.id, 'owner'],
      [guest.id, 'viewer'],
    ]);
    expect((await todo.members.changeRole(list.id, guest.id, { role: 'editor' })).member.role).toBe('editor');
    await expect(todo.members.remove(list.id, guest.id)).resolves.toEqual({});
    expect((await todo.shares.revoke(list.id, share.id)).share.revoked).toBe(true);
  });

  it('invitations: invite, list, see mine, accept, decline, revoke', async () => {
    const [owner, ada, bo, cy] = await Promise.all([0, 1, 2, 3].map(() => makeCaller(t.app)));
    const todo = clientOf(owner.key);
    const { list } = await todo.lists.create({ name: `Invites ${unique()}` });
    const toAda = (await todo.invitations.create(list.id, { email: ada.email, role: 'editor' })).invitation;
    const toBo = (await todo.invitations.create(list.id, { email: bo.email, role: 'viewer' })).invitation;
    const toCy = (await todo.invitations.create(list.id, { email: cy.email, role: 'viewer' })).invitation;
    expect((await todo.invitations.listForList(list.id)).invitations.map((i) => i.id).sort()).toEqual([toAda.id, toBo.id, toCy.id].sort());

    expect((await clientOf(ada.key).invitations.mine()).invitations.map((i) => i.id)).toEqual([toAda.id]);
    expect((await clientOf(ada.key).invitations.accept(toAda.id)).list.id).toBe(list.id);
    expect((await clientOf(bo.key).invitations.decline(toBo.id)).invitation.status).toBe('declined');
    expect((await todo.invitations.revoke(list.id, toCy.id)).invitation.status).toBe('revoked');
  });

  it('an add retried after its answer was lost (a 503 instead) adds once: the retry repeats the Idempotency-Key and is replayed', async () => {
    const owner = await makeCaller(t.app);
    const { list } = await clientOf(owner.key).lists.create({ name: `Once ${unique()}` });
    const answers: Array<{ status: number; replayed: string | null; key: string | undefined }> = [];
    const waits: number[] = [];
    let lost = false;
    const todo = clientOf(owner.key, {
      // The first add reaches the service and commits; its answer is lost on the way back, and
      // the client sees a 503 in its place, as from a proxy whose upstream connection broke.
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        answers.push({ status: answer.status, replayed: answer.headers.get('idempotent-replayed'), key: init.headers['idempotency-key'] });
        if (init.method === 'POST' && !lost) {
          lost = true;
          return new Response(JSON.stringify({ data: null, error: 'Service temporarily unavailable: upstream lost' }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '1' },
          });
        }
        return answer;
      },
      sleep: async (ms) => void waits.push(ms),
    });
    const added = await todo.actions.add({ list: list.id, items: ['milk', 'eggs'] });

    expect(answers.map(({ status, replayed }) => [status, replayed])).toEqual([
      [200, null],
      [200, 'true'],
    ]);
    expect(answers[0].key).toEqual(expect.any(String));
    expect(answers[1].key).toBe(answers[0].key);
    expect(waits).toEqual([1000]);
    expect(added.items.map((item) => item.text)).toEqual(['milk', 'eggs']);
    const items = [];
    for await (const item of clientOf(owner.key).items.iterate(list.id)) items.push(item.text);
    expect(items).toEqual(['milk', 'eggs']);
  });

  it('a restricted key: the 403 names the scope it lacks (requiredScope) and the request id', async () => {
    const owner = await makeCaller(t.app);
    const { key } = await makeRestrictedKey(t.app, owner.id, { scopes: ['lists:read', 'lists:write'] });
    const todo = clientOf(key);
    const { list } = await todo.lists.create({ name: `Read only items ${unique()}` });
    const refused = await todo.actions.add({ list: list.id, items: ['milk'] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 403,
      requiredScope: 'items:write',
      message: 'This API key lacks the items:write scope',
      requestId: expect.stringMatching(/^[A-Za-z0-9._-]{1,128}$/),
      retryAfter: null,
    });
  });

  it('sandbox: a test key resets its sandbox; a live key is refused', async () => {
    const owner = await makeCaller(t.app);
    const { key } = await makeRestrictedKey(t.app, owner.id, { mode: 'test' });
    const sandbox = clientOf(key);
    await sandbox.lists.create({ name: `Sandbox ${unique()}` });
    expect((await sandbox.sandbox.reset()).deleted).toEqual({ lists: 1, memberships: 0, webhooks: 0 });
    await expect(clientOf(owner.key).sandbox.reset()).rejects.toMatchObject({ status: 403, requiredScope: null });
  });

  it('events: a page from now, the events that follow, and a forged cursor refused', async () => {
    const owner = await makeCaller(t.app);
    const todo = clientOf(owner.key);
    const mark = (await todo.events.page({ after: 'now' })).next_cursor;
    const { list } = await todo.lists.create({ name: `Feed ${unique()}` });
    await todo.actions.add({ list: list.id, items: ['one', 'two'] });

    const controller = new AbortController();
    const seen: Event[] = [];
    for await (const event of todo.events.follow({ after: mark, listId: list.id, intervalMs: 20, signal: controller.signal })) {
      seen.push(event);
      if (seen.length === 3) controller.abort();
    }
    expect(seen.map((e) => e.type)).toEqual(['list.created', 'item.added', 'item.added']);
    await expect(todo.events.page({ after: 'forged' })).rejects.toMatchObject({ status: 400 });
  });

  it('webhooks: create, a real delivery verified (also across a rotation), deliveries iterated, retried, deleted', async () => {
    const owner = await makeCaller(t.app);
    const todo = clientOf(owner.key);
    const path = `/hooks/${unique()}`;
    const { webhook } = await todo.webhooks.create({ url: receiver.url(path) });
    const secret = webhook.secret!;
    recordSecret('webhook secret', secret);
    expect((await todo.webhooks.list()).webhooks.map((w) => w.id)).toEqual([webhook.id]);

    const { list } = await todo.lists.create({ name: `Hooked ${unique()}` });
    const first = await waitFor(() => receiver.at(path)[0], { what: 'the list.created delivery', timeoutMs: 15_000 });
    const event = await verifyWebhook(secret, first.headers, first.body);
    expect(event).toMatchObject({ id: first.headers['webhook-id'], type: 'list.created', list: { id: list.id } });
    await expect(verifyWebhook(secret, first.headers, first.body.replace(list.id, 'x'))).rejects.toThrow(WebhookVerificationError);

    const rotated = (await todo.webhooks.rotateSecret(webhook.id)).webhook.secret!;
    recordSecret('webhook secret', rotated);
    const { delivery } = await todo.webhooks.test(webhook.id);
    const test = await waitFor(() => receiver.at(path).find((r) => r.headers['webhook-id'] === delivery.event_id), {
      what: 'the webhook.test delivery',
      timeoutMs: 15_000,
    });
    expect(test.headers['webhook-signature'].split(' ')).toHaveLength(2);
    await expect(verifyWebhook(rotated, test.headers, test.body)).resolves.toMatchObject({ type: 'webhook.test' });
    await expect(verifyWebhook(secret, test.headers, test.body)).resolves.toMatchObject({ type: 'webhook.test' });
    await expect(verifyWebhook([rotated, secret], test.headers, new TextEncoder().encode(test.body))).resolves.toMatchObject({
      type: 'webhook.test',
    });

    const ids: string[] = [];
    for await (const d of todo.webhooks.iterateDeliveries(webhook.id, { limit: 1 })) ids.push(d.id);
    expect(ids).toHaveLength(2);
    expect((await todo.webhooks.deliveries(webhook.id, { limit: 1 })).deliveries[0].id).toBe(ids[0]);
    expect((await todo.webhooks.retryDelivery(webhook.id, ids[1])).delivery.id).toBe(ids[1]);
    await expect(todo.webhooks.delete(webhook.id)).resolves.toEqual({});
  });

  // Last in this app: it moves the app's clock a month on, and the janitor deletes older events.
  it('events: a cursor older than the kept events is a FeedExpiredError: read the lists again, then follow from now', async () => {
    const clock = driveClock(t.app, frozenNow());
    const owner = await makeCaller(t.app);
    const todo = clientOf(owner.key);
    const { list } = await todo.lists.create({ name: `Old news ${unique()}` });
    await todo.actions.add({ list: list.id, items: ['old'] });
    const old = (await todo.events.page({ limit: 1 })).next_cursor;
    clock.advance(31 * 24 * 60 * 60 * 1000);
    await todo.actions.add({ list: list.id, items: ['new'] });
    expect(await t.app.get(EventsJanitor).sweep()).toBeGreaterThanOrEqual(2);

    const expired = await (async () => {
      for await (const event of todo.events.follow({ after: old })) return event;
    })().catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(FeedExpiredError);
    expect(expired).toBeInstanceOf(ApiError);
    expect(expired).toMatchObject({ status: 410, message: 'cursor expired: read the lists again, then follow the feed from now' });
    // What the error says to do works: from now on, the feed goes on.
    const mark = (await todo.events.page({ after: 'now' })).next_cursor;
    await todo.actions.add({ list: list.id, items: ['newer'] });
    const controller = new AbortController();
    for await (const event of todo.events.follow({ after: mark, intervalMs: 20, signal: controller.signal })) {
      expect(event).toMatchObject({ type: 'item.added', data: { item: { text: 'newer' } } });
      controller.abort();
    }
  });

  it('has called every operation of /v1/ through the client’s methods', () => {
    const missing = (Object.keys(OPERATIONS) as OperationId[]).filter((op) => !called.has(op));
    expect(missing).toEqual([]);
  });
});

describe('the TypeScript client and the rate limit', () => {
  const t = useTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_S: '10' });
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listen(t);
  });
  afterAll(() => jest.restoreAllMocks());

  it('waits exactly the Retry-After of a 429, then succeeds; without retries the 429 says how long', async () => {
    const clock = driveClock(t.app, frozenNow());
    const caller = await makeCaller(t.app);
    const waits: number[] = [];
    // The client's sleep moves the service's clock instead of waiting: time passes exactly as asked.
    const todo = new TodoClient({ apiKey: caller.key, baseUrl, sleep: async (ms) => (waits.push(ms), clock.advance(ms)) });
    await todo.me.get();
    await todo.me.get();
    const impatient = new TodoClient({ apiKey: caller.key, baseUrl, maxRetries: 0 });
    await expect(impatient.me.get()).rejects.toMatchObject({
      status: 429,
      retryAfter: 10,
      message: 'Rate limit exceeded: retry in 10 seconds',
    });

    await expect(todo.me.get()).resolves.toMatchObject({ id: caller.id });
    expect(waits).toEqual([10_000]);
  });
});

describe('the TypeScript client and the database going away', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let baseUrl: string;

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    t = await startTestApp({ DATABASE_URL: proxiedUrl(process.env.DATABASE_URL!, await proxy.start()), RATE_LIMIT_MAX: '100000' });
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
  });

  it('retries an add through the 503s of an unreachable database, honouring Retry-After, and it adds once', async () => {
    const owner = await makeCaller(t.app);
    const waits: Array<{ ms: number }> = [];
    const statuses: number[] = [];
    const retryAfters: Array<string | null> = [];
    const keys = new Set<string | undefined>();
    const todo = new TodoClient({
      apiKey: owner.key,
      baseUrl,
      fetch: async (url, init) => {
        if (init.method === 'POST') keys.add(init.headers['idempotency-key']);
        const answer = await fetch(url, init);
        statuses.push(answer.status);
        retryAfters.push(answer.headers.get('retry-after'));
        return answer;
      },
      // While the client waits, the database comes back.
      sleep: async (ms) => {
        waits.push({ ms });
        await proxy.restore();
      },
    });
    const { list } = await todo.lists.create({ name: `Outage ${unique()}` });
    statuses.length = 0;
    retryAfters.length = 0;
    keys.clear();
    await proxy.cut();

    const added = await todo.actions.add({ list: list.id, items: ['milk'] });
    expect(added.items.map((item) => item.text)).toEqual(['milk']);
    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(200);
    // Each wait is the Retry-After of the 503 before it, to the second.
    expect(waits.map(({ ms }) => ms)).toEqual(retryAfters.slice(0, -1).map((seconds) => Number(seconds) * 1000));
    expect(waits[0].ms).toBeGreaterThanOrEqual(1000);
    expect(keys.size).toBe(1);
    expect((await todo.items.page(list.id)).items.map((item) => item.text)).toEqual(['milk']);
  });
});

describe('the TypeScript client following the feed across a restart of the service', () => {
  // Every process started (a start that lost its port included), stopped after the spec.
  const started: ServiceProcess[] = [];
  // A database of its own: the service process runs every worker (webhook deliveries, janitors),
  // which must not meet other specs' rows.
  let own: OwnDatabase | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    own = await ownDatabase('client_feed');
    env = { DATABASE_URL: own.url, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn', DB_CONNECT_TIMEOUT_S: '10' };
  });
  afterAll(async () => {
    await stopInstances(started);
    await own?.drop();
  });

  it('yields every event, before and after a kill -9 and a restart, once and in order', async () => {
    let service = await spawnReady(env, { track: (s) => started.push(s) });
    const port = service.port;
    const baseUrl = `http://127.0.0.1:${port}`;
    const key = await signUpWithKey(baseUrl);
    recordSecret('api key', key);
    const writer = new TodoClient({ apiKey: key, baseUrl });
    let unanswered = 0;
    const reader = new TodoClient({
      apiKey: key,
      baseUrl,
      initialDelayMs: 20,
      fetch: async (url, init) => {
        try {
          return await fetch(url, init);
        } catch (error) {
          unanswered++;
          throw error;
        }
      },
    });

    const mark = (await writer.events.page({ after: 'now' })).next_cursor;
    const controller = new AbortController();
    const seen: Event[] = [];
    const follower = reader.events.follow({ after: mark, intervalMs: 50, signal: controller.signal });
    const following = (async () => {
      for await (const event of follower) seen.push(event);
    })();

    const { list } = await writer.lists.create({ name: `Restart ${unique()}` });
    await writer.actions.add({ list: list.id, items: ['before'] });
    await waitFor(() => seen.length >= 2, { what: 'the events before the kill', timeoutMs: 15_000 });

    service.child.kill('SIGKILL');
    await service.exited;
    await waitFor(() => unanswered > 0, { what: 'the follower to find the service gone', timeoutMs: 15_000 });
    // The same port: the follower goes on at the base URL it was given.
    service = spawnService(env, port);
    started.push(service);
    await waitForReady(port, service);

    await writer.actions.add({ list: list.id, items: ['after'] });
    await waitFor(() => seen.length >= 3, { what: 'the event after the restart', timeoutMs: 30_000 });
    controller.abort();
    await following;

    expect(seen.map((e) => [e.type, 'item' in e.data ? e.data.item.text : null])).toEqual([
      ['list.created', null],
      ['item.added', 'before'],
      ['item.added', 'after'],
    ]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(3);
    expect(follower.cursor).toEqual(expect.any(String));
  }, 120_000);
});
