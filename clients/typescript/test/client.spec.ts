import { ApiError, ConnectionError, FeedExpiredError, OPERATIONS, TodoClient, type ClientOptions } from '../src/index.ts';
import { failure, fakeFetch, ok, recordingSleep, type Reply } from './fake-fetch.ts';

const KEY = `sk_test_${'a'.repeat(64)}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(replies: Reply[] | ((sent: { method: string; url: string }) => Reply), options: Partial<ClientOptions> = {}) {
  const fetch = fakeFetch(replies);
  const sleep = recordingSleep();
  const client = new TodoClient({ apiKey: KEY, baseUrl: 'http://todo.test/', fetch, sleep, random: () => 1, ...options });
  return { client, fetch, sleep };
}

const LIST = { id: 'l1', name: 'Groceries' };

describe('TodoClient: requests and the envelope', () => {
  it('sends the key, answers data unwrapped, and sends a JSON body only when there is one', async () => {
    const { client, fetch } = setup([ok({ list: LIST }), ok({ lists: [], next_cursor: null })]);
    await expect(client.lists.create({ name: 'Groceries' })).resolves.toEqual({ list: LIST });
    await client.lists.page({ limit: 5 });
    expect(fetch.sent[0]).toMatchObject({ method: 'POST', url: 'http://todo.test/v1/lists', body: '{"name":"Groceries"}' });
    expect(fetch.sent[0].headers).toMatchObject({ 'x-api-key': KEY, 'content-type': 'application/json' });
    expect(fetch.sent[1]).toMatchObject({ method: 'GET', url: 'http://todo.test/v1/lists?limit=5', body: undefined });
    expect(fetch.sent[1].headers['content-type']).toBeUndefined();
    expect(fetch.sent[1].headers['idempotency-key']).toBeUndefined();
  });

  it('percent-encodes path parameters and joins list query values with commas', async () => {
    const { client, fetch } = setup([ok({ events: [], next_cursor: 'c' })]);
    await expect(client.lists.get('')).rejects.toThrow('the path parameter id is missing');
    await client.events.page({ after: 'a/b', listId: 'x y', types: ['item.added', 'item.removed'] });
    await client.members.remove('l/1', 'u?2').catch(() => undefined);
    expect(fetch.sent[0].url).toBe('http://todo.test/v1/events?after=a%2Fb&list_id=x%20y&types=item.added%2Citem.removed');
    expect(fetch.sent[1].url).toBe('http://todo.test/v1/lists/l%2F1/members/u%3F2');
  });

  it('throws an ApiError with the status, message, request id, required scope and Retry-After', async () => {
    const { client } = setup([failure(403, 'This API key lacks the items:write scope', { 'x-required-scope': 'items:write' })]);
    const error = await client.actions.add({ list: 'Groceries', items: ['milk'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message: 'This API key lacks the items:write scope',
      requestId: 'req-1',
      requiredScope: 'items:write',
      retryAfter: null,
      request: 'POST /v1/actions/add',
    });
  });

  it('turns an answer outside the envelope into an ApiError that quotes it', async () => {
    const { client } = setup([{ status: 502, body: 'Bad Gateway', headers: { 'content-type': 'text/plain' } }]);
    await expect(client.me.get()).rejects.toMatchObject({ status: 502, message: 'HTTP 502: "Bad Gateway"' });
  });
});

describe('TodoClient: retries', () => {
  it('waits exactly what Retry-After asks on a 429, then succeeds', async () => {
    const { client, fetch, sleep } = setup([
      failure(429, 'Rate limit exceeded: retry in 7 seconds', { 'retry-after': '7' }),
      ok({ id: 'u1' }),
    ]);
    await expect(client.me.get()).resolves.toEqual({ id: 'u1' });
    expect(sleep.waits).toEqual([7000]);
    expect(fetch.sent).toHaveLength(2);
  });

  it('reads an HTTP-date Retry-After against the injected clock', async () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    const { client, sleep } = setup([failure(503, 'busy', { 'retry-after': 'Sat, 28 Nov 2026 10:00:12 GMT' }), ok({})], { now: () => now });
    await client.me.get();
    expect(sleep.waits).toEqual([12_000]);
  });

  it('backs off exponentially, with jitter, when no Retry-After is given, up to maxRetries', async () => {
    const { client, fetch, sleep } = setup(['connection-refused'], { maxRetries: 4, random: () => 0 });
    const error = await client.me.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toContain('GET /v1/me: no answer');
    expect(fetch.sent).toHaveLength(5);
    expect(sleep.waits).toEqual([250, 500, 1000, 2000]);
  });

  it('caps the backoff at maxDelayMs', async () => {
    const { client, sleep } = setup([failure(503, 'down')], { maxRetries: 6, initialDelayMs: 1000, maxDelayMs: 5000 });
    await expect(client.me.get()).rejects.toMatchObject({ status: 503 });
    expect(sleep.waits).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterSeconds: it throws at once with retryAfter', async () => {
    const { client, fetch, sleep } = setup([failure(429, 'Rate limit exceeded: retry in 90 seconds', { 'retry-after': '90' })]);
    await expect(client.me.get()).rejects.toMatchObject({ status: 429, retryAfter: 90 });
    expect(fetch.sent).toHaveLength(1);
    expect(sleep.waits).toEqual([]);
  });

  it('retries nothing with maxRetries 0, and a call may set its own count', async () => {
    const { client, fetch } = setup([failure(503, 'down')], { maxRetries: 0 });
    await expect(client.me.get()).rejects.toMatchObject({ status: 503 });
    await expect(client.me.get({ maxRetries: 2 })).rejects.toMatchObject({ status: 503 });
    expect(fetch.sent).toHaveLength(4);
  });

  it('never retries other failures (400, 404, 422, 500)', async () => {
    for (const status of [400, 404, 422, 500]) {
      const { client, fetch } = setup([failure(status, 'no'), ok({})]);
      await expect(client.lists.get('l1')).rejects.toMatchObject({ status });
      expect(fetch.sent).toHaveLength(1);
    }
  });

  it('gives every POST an Idempotency-Key and repeats it on each retry, across a 503 and a lost connection', async () => {
    const { client, fetch } = setup([failure(503, 'busy', { 'retry-after': '1' }), 'connection-refused', ok({ list: LIST, items: [] })]);
    await client.actions.add({ list: 'Groceries', items: ['milk'] });
    const keys = fetch.sent.map((sent) => sent.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(fetch.sent.map((sent) => sent.body)).size).toBe(1);
  });

  it('treats a connection lost in the middle of the body as no answer: retried, with the same key', async () => {
    const { client, fetch } = setup(['body-lost', ok({ list: LIST, items: [] })]);
    await expect(client.actions.add({ list: 'l1', items: ['milk'] })).resolves.toEqual({ list: LIST, items: [] });
    expect(fetch.sent).toHaveLength(2);
    expect(fetch.sent[1].headers['idempotency-key']).toBe(fetch.sent[0].headers['idempotency-key']);
    const once = setup(['body-lost'], { maxRetries: 0 });
    await expect(once.client.me.get()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('uses the caller’s Idempotency-Key when given (option or header), and a new one for each call otherwise', async () => {
    const { client, fetch } = setup([ok({})]);
    await client.sandbox.reset({ idempotencyKey: 'my-key', headers: { 'Idempotency-Key': 'ignored' } });
    await client.sandbox.reset({ headers: { 'Idempotency-Key': 'header-key', 'X-Request-Id': 'mine' } });
    expect(fetch.sent.splice(0, 2).map((sent) => [sent.headers['idempotency-key'], sent.headers['x-request-id']])).toEqual([
      ['my-key', undefined],
      ['header-key', 'mine'],
    ]);
    await client.sandbox.reset();
    await client.sandbox.reset();
    const [first, second] = fetch.sent.map((sent) => sent.headers['idempotency-key']);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it('retries a PATCH after a 503 or a lost connection only when it carries If-Match', async () => {
    const plain = setup([failure(503, 'down'), ok({})]);
    await expect(plain.client.lists.rename('l1', { name: 'B' })).rejects.toMatchObject({ status: 503 });
    expect(plain.fetch.sent).toHaveLength(1);

    const lost = setup(['connection-refused', ok({})]);
    await expect(lost.client.members.changeRole('l1', 'u1', { role: 'viewer' })).rejects.toBeInstanceOf(ConnectionError);
    expect(lost.fetch.sent).toHaveLength(1);

    const conditional = setup([failure(503, 'down'), ok({ list: LIST })]);
    await expect(conditional.client.lists.rename('l1', { name: 'B' }, { headers: { 'If-Match': '"v3"' } })).resolves.toEqual({
      list: LIST,
    });
    expect(conditional.fetch.sent).toHaveLength(2);
    expect(conditional.fetch.sent[1].headers['if-match']).toBe('"v3"');
  });

  it('retries a PATCH or DELETE refused by the rate limit (a 429 ran nothing), but a DELETE after a 503 not', async () => {
    const refused = setup([failure(429, 'slow down', { 'retry-after': '2' }), ok({ list: LIST })]);
    await expect(refused.client.lists.rename('l1', { name: 'B' })).resolves.toEqual({ list: LIST });
    expect(refused.sleep.waits).toEqual([2000]);

    const down = setup([failure(503, 'down'), ok({})]);
    await expect(down.client.webhooks.delete('w1')).rejects.toMatchObject({ status: 503 });
    expect(down.fetch.sent).toHaveLength(1);
  });

  it('stops waiting, and retrying, when the signal aborts', async () => {
    const controller = new AbortController();
    const fetch = fakeFetch([failure(503, 'down')]);
    const client = new TodoClient({
      apiKey: KEY,
      fetch,
      sleep: async () => {
        controller.abort(new Error('caller gave up'));
        controller.signal.throwIfAborted();
      },
    });
    await expect(client.me.get({ signal: controller.signal })).rejects.toThrow('caller gave up');
    expect(fetch.sent).toHaveLength(1);
  });

  it('tells onRetry what failed and how long it waits', async () => {
    const notices: unknown[] = [];
    const { client } = setup([failure(429, 'slow', { 'retry-after': '3' }), ok({})], { onRetry: (notice) => notices.push(notice) });
    await client.me.get();
    expect(notices).toEqual([{ request: 'GET /v1/me', retry: 1, status: 429, delayMs: 3000 }]);
  });
});

describe('TodoClient: paging', () => {
  it('iterates over every page, passing each next_cursor back, and reads a page only when needed', async () => {
    const pages: Record<string, unknown> = {
      '': { list: LIST, items: [{ id: 'i1' }, { id: 'i2' }], next_cursor: 'c2' },
      c2: { list: LIST, items: [{ id: 'i3' }], next_cursor: 'c3' },
      c3: { list: LIST, items: [], next_cursor: null },
    };
    const { client, fetch } = setup((sent) => ok(pages[new URL(sent.url).searchParams.get('cursor') ?? '']));
    const ids: string[] = [];
    for await (const item of client.items.iterate('l1', { status: 'open', limit: 2 })) {
      ids.push(item.id);
      if (ids.length === 1) expect(fetch.sent).toHaveLength(1);
    }
    expect(ids).toEqual(['i1', 'i2', 'i3']);
    expect(fetch.sent.map((sent) => sent.url)).toEqual([
      'http://todo.test/v1/lists/l1/items?status=open&limit=2',
      'http://todo.test/v1/lists/l1/items?status=open&limit=2&cursor=c2',
      'http://todo.test/v1/lists/l1/items?status=open&limit=2&cursor=c3',
    ]);
  });

  it('iterates over lists and deliveries the same way', async () => {
    const { client } = setup((sent) =>
      sent.url.includes('deliveries')
        ? ok({ deliveries: [{ id: 'd1' }], next_cursor: sent.url.includes('cursor') ? null : 'n' })
        : ok({ lists: [{ id: 'l1' }], next_cursor: null }),
    );
    const lists = [];
    for await (const list of client.lists.iterate()) lists.push(list.id);
    const deliveries = [];
    for await (const delivery of client.webhooks.iterateDeliveries('w1')) deliveries.push(delivery.id);
    expect(lists).toEqual(['l1']);
    expect(deliveries).toEqual(['d1', 'd1']);
  });
});

describe('TodoClient: the change feed', () => {
  const event = (id: string) => ({ id, type: 'item.added' });

  it('follows the feed: yields events, pauses intervalMs on an empty page, keeps the newest cursor, ends on abort', async () => {
    const controller = new AbortController();
    const script: Reply[] = [
      ok({ events: [event('e1'), event('e2')], next_cursor: 'c1' }),
      ok({ events: [], next_cursor: 'c1' }),
      ok({ events: [event('e3')], next_cursor: 'c2' }),
      ok({ events: [], next_cursor: 'c3' }),
    ];
    const { client, fetch, sleep } = setup(script);
    const follower = client.events.follow({ after: 'now', intervalMs: 250, signal: controller.signal, listId: 'l1' });
    const seen: string[] = [];
    for await (const e of follower) {
      seen.push(e.id);
      if (e.id === 'e3') expect(follower.cursor).toBe('c1');
      if (seen.length === 3) controller.abort();
    }
    expect(seen).toEqual(['e1', 'e2', 'e3']);
    expect(sleep.waits).toEqual([250]);
    expect(fetch.sent.map((sent) => new URL(sent.url).searchParams.get('after'))).toEqual(['now', 'c1', 'c1']);
    expect(fetch.sent[0].url).toContain('list_id=l1');
  });

  it('rides out the service’s absence (no answer, a 503) with the same cursor, and goes on', async () => {
    const controller = new AbortController();
    const { client, fetch } = setup(
      [
        ok({ events: [event('e1')], next_cursor: 'c1' }),
        'connection-refused',
        failure(503, 'Service temporarily unavailable: the database cannot be reached; retry shortly', { 'retry-after': '5' }),
        ok({ events: [event('e2')], next_cursor: 'c2' }),
      ],
      { maxRetries: 0 },
    );
    const seen: string[] = [];
    for await (const e of client.events.follow({ signal: controller.signal })) {
      seen.push(e.id);
      if (seen.length === 2) controller.abort();
    }
    expect(seen).toEqual(['e1', 'e2']);
    expect(fetch.sent.map((sent) => new URL(sent.url).searchParams.get('after'))).toEqual([null, 'c1', 'c1', 'c1']);
  });

  it('reports a 410 as a FeedExpiredError, and any other refusal as it is', async () => {
    const expired = setup([failure(410, 'cursor expired: read the lists again, then follow the feed from now')]);
    const error = await (async () => {
      for await (const _ of expired.client.events.follow({ after: 'old' })) return undefined;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedExpiredError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 410, message: 'cursor expired: read the lists again, then follow the feed from now' });

    const refused = setup([failure(401, 'Invalid API key')]);
    await expect(refused.client.events.follow()[Symbol.asyncIterator]().next()).rejects.toMatchObject({ status: 401 });
  });

  it('reads a page newest first with order, and back from its cursor', async () => {
    const { client, fetch } = setup([ok({ events: [event('e2')], next_cursor: 'n1' }), ok({ events: [event('e1')], next_cursor: 'n2' })]);
    const newest = await client.events.page({ order: 'newest', limit: 1 });
    await client.events.page({ order: 'newest', limit: 1, after: newest.next_cursor });
    expect(fetch.sent.map((sent) => sent.url)).toEqual([
      'http://todo.test/v1/events?limit=1&order=newest',
      'http://todo.test/v1/events?after=n1&limit=1&order=newest',
    ]);
  });

  it('catches up to the present and ends, answering the cursor to follow from', async () => {
    const { client } = setup([ok({ events: [event('e1')], next_cursor: 'c1' }), ok({ events: [], next_cursor: 'c2' })]);
    const iterator = client.events.catchUp({ after: 'c0' });
    const seen = [];
    let step = await iterator.next();
    while (!step.done) {
      seen.push(step.value.id);
      step = await iterator.next();
    }
    expect(seen).toEqual(['e1']);
    expect(step.value).toBe('c2');
  });
});

describe('OPERATIONS', () => {
  it('names every method and path once', () => {
    const routes = Object.values(OPERATIONS).map((route) => `${route.method} ${route.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
