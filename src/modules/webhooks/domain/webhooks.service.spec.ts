import { accountViewer } from '../../../common/auth/reach';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { webhooksFixture } from '../testing/webhooks-fixture';

const USER = '00000000-0000-4000-8000-0000000000aa';

describe('WebhooksService', () => {
  it('creates a webhook with a whsec_ secret it stores only sealed', async () => {
    const f = webhooksFixture();
    const { webhook, secret } = await f.service.create(accountViewer(USER), {
      url: 'https://example.com/h',
      types: ['item.added', 'item.added'],
      listId: null,
    });
    expect(secret).toMatch(/^whsec_/);
    expect(webhook.types).toEqual(['item.added']);
    const stored = (await f.webhooks.findOwned(accountViewer(USER), webhook.id))!;
    expect(stored.sealedSecret).not.toContain(secret!.slice(6));
    expect(f.cipher.open(stored.sealedSecret, webhook.id)).toBe(secret);
  });

  it('refuses a host that resolves to a private address unless allowed, and one that does not resolve', async () => {
    const f = webhooksFixture();
    f.resolver.answers.set('sneaky.example', ['93.184.215.14', '10.0.0.1']);
    await expect(f.service.create(accountViewer(USER), { url: 'https://sneaky.example/', types: null, listId: null })).rejects.toThrow(
      /private address/,
    );
    await expect(f.service.create(accountViewer(USER), { url: 'https://nowhere.example/', types: null, listId: null })).rejects.toThrow(
      /does not resolve/,
    );
    const open = webhooksFixture({ allowPrivate: true });
    await expect(open.service.create(accountViewer(USER), { url: 'http://10.0.0.1/', types: null, listId: null })).resolves.toBeDefined();
  });

  it('wants list_id to be a list the caller sees', async () => {
    const f = webhooksFixture();
    const listId = randomUUID();
    await expect(f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId })).rejects.toMatchObject({
      code: 'LIST_NOT_FOUND',
    });
    f.lists.visible.set(USER, new Set([listId]));
    await expect(f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId })).resolves.toBeDefined();
  });

  it('allows 10 webhooks per account', async () => {
    const f = webhooksFixture();
    for (let i = 0; i < 10; i++) await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    await expect(f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null })).rejects.toMatchObject({
      code: 'WEBHOOK_LIMIT',
    });
    await expect(
      f.service.create(accountViewer(randomUUID()), { url: 'https://example.com/', types: null, listId: null }),
    ).resolves.toBeDefined();
  });

  it('makes a list-restricted key name one of its lists, and shows it only the webhooks of its lists', async () => {
    const f = webhooksFixture();
    const [inside, outside] = [randomUUID(), randomUUID()];
    f.lists.visible.set(USER, new Set([inside, outside]));
    const key = { userId: USER, listIds: [inside], mode: 'live' as const };
    const create = (listId: string | null) => f.service.create(key, { url: 'https://example.com/', types: null, listId });
    await expect(create(null)).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'KEY_LISTS_RESTRICTED',
      message: expect.stringContaining("it would reach outside the key's lists"),
    });
    await expect(create(outside)).rejects.toMatchObject({ kind: 'not_found', code: 'LIST_NOT_FOUND' });
    // The URL is checked first (400), as for any key.
    await expect(f.service.create(key, { url: 'ftp://example.com/', types: null, listId: null })).rejects.toMatchObject({
      kind: 'invalid',
    });
    const { webhook } = await create(inside);
    expect(webhook.listId).toBe(inside);

    const full = accountViewer(USER);
    const { webhook: ofOutside } = await f.service.create(full, { url: 'https://example.com/', types: null, listId: outside });
    const { webhook: accountWide } = await f.service.create(full, { url: 'https://example.com/', types: null, listId: null });
    expect((await f.service.list(key)).map((w) => w.id)).toEqual([webhook.id]);
    expect((await f.service.list(full)).map((w) => w.id)).toEqual([webhook.id, ofOutside.id, accountWide.id]);
    for (const hidden of [ofOutside.id, accountWide.id]) {
      for (const attempt of [
        () => f.service.delete(key, hidden),
        () => f.service.rotateSecret(key, hidden),
        () => f.service.sendTest(key, hidden),
        () => f.service.deliveriesPage(key, hidden, 10, undefined),
        () => f.service.retry(key, hidden, randomUUID()),
      ]) {
        await expect(attempt()).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
      }
    }
    const delivery = await f.service.sendTest(key, webhook.id);
    expect((await f.service.deliveriesPage(key, webhook.id, 10, undefined)).deliveries.map((d) => d.id)).toEqual([delivery.id]);
    await f.service.delete(key, webhook.id);
    expect((await f.service.list(full)).map((w) => w.id)).toEqual([ofOutside.id, accountWide.id]);
  });

  it("answers another account's webhook, and a malformed id, as not found", async () => {
    const f = webhooksFixture();
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    const stranger = accountViewer(randomUUID());
    for (const attempt of [
      () => f.service.delete(stranger, webhook.id),
      () => f.service.rotateSecret(stranger, webhook.id),
      () => f.service.sendTest(stranger, webhook.id),
      () => f.service.deliveriesPage(stranger, webhook.id, 10, undefined),
      () => f.service.sendTest(accountViewer(USER), 'not-an-id'),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
    }
  });

  it("writes the test event as every event is written, in the caller's mode", async () => {
    const f = webhooksFixture();
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    const inTest = await f.deliveryService.sendTest({ ...accountViewer(USER), mode: 'test' }, webhook.id);
    const inLive = await f.deliveryService.sendTest({ ...accountViewer(USER), mode: 'live' }, webhook.id);
    const sent = JSON.parse(inTest.payload) as Record<string, unknown>;
    expect(Object.keys(sent)).toEqual(['id', 'type', 'created_at', 'list', 'actor', 'data', 'livemode']);
    expect(sent).toMatchObject({
      id: inTest.eventId,
      type: 'webhook.test',
      created_at: f.clock.now().toISOString(),
      list: null,
      actor: null, // no such account in the fixture's directory
      data: { webhook: { id: webhook.id, url: 'https://example.com/' } },
      livemode: false,
    });
    expect(inTest.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(JSON.parse(inLive.payload)).toMatchObject({ livemode: true });
  });

  it('signs a test delivery with both secrets for 24 h after a rotation, then with the new one only', async () => {
    const f = webhooksFixture();
    const { webhook, secret: old } = await f.service.create(accountViewer(USER), {
      url: 'https://example.com/',
      types: null,
      listId: null,
    });
    const { secret: fresh } = await f.service.rotateSecret(accountViewer(USER), webhook.id);
    const verify = (secret: string, i: number) => {
      const sent = f.sender.sent[i];
      const realNow = Date.now;
      Date.now = () => f.clock.now().getTime();
      try {
        return new Webhook(secret).verify(sent.body, sent.headers);
      } finally {
        Date.now = realNow;
      }
    };
    await f.service.sendTest(accountViewer(USER), webhook.id);
    expect(f.nudge.count).toBe(1);
    await f.runDue();
    expect(verify(old!, 0)).toMatchObject({ type: 'webhook.test' });
    expect(verify(fresh!, 0)).toMatchObject({ type: 'webhook.test' });
    f.clock.advance(24 * 3600_000);
    await f.service.sendTest(accountViewer(USER), webhook.id);
    await f.runDue();
    expect(() => verify(old!, 1)).toThrow();
    expect(verify(fresh!, 1)).toMatchObject({ type: 'webhook.test' });
  });
});
