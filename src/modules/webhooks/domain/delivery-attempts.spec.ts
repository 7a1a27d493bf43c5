import { accountViewer } from '../../../common/auth/reach';
import { outcomeOf } from './delivery-attempts';
import { redactedSignature } from './delivery-attempt-log';
import { webhooksFixture } from '../testing/webhooks-fixture';

const USER = '00000000-0000-4000-8000-0000000000aa';
const now = new Date('2026-11-24T10:00:00.000Z');
const answered = (statusCode: number, retryAfter: string | null = null) => ({ kind: 'answered' as const, statusCode, retryAfter });

describe('outcomeOf', () => {
  it('succeeds on any 2xx', () => {
    expect(outcomeOf(answered(204), 1, null, now, 0)).toEqual({ kind: 'succeeded', statusCode: 204 });
  });

  it('retries other answers and network failures on the schedule, then fails', () => {
    expect(outcomeOf(answered(500), 1, now, now, 0)).toMatchObject({ kind: 'retry', nextAttemptAt: new Date(now.getTime() + 5_000) });
    expect(outcomeOf(answered(301), 2, now, now, 0)).toMatchObject({ kind: 'retry', error: 'HTTP 301: redirects are not followed' });
    expect(outcomeOf({ kind: 'failed', error: 'ECONNREFUSED' }, 3, now, now, 0)).toMatchObject({ kind: 'retry', statusCode: null });
    expect(outcomeOf(answered(500), 8, now, now, 0)).toEqual({ kind: 'failed', statusCode: 500, error: 'HTTP 500', disableWebhook: null });
  });

  it('honours Retry-After on 429 and 503 only', () => {
    expect(outcomeOf(answered(503, '600'), 1, now, now, 0)).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 600_000) });
    expect(outcomeOf(answered(500, '600'), 1, now, now, 0)).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 5_000) });
  });

  it('disables on 410, and after five days of failures without a success', () => {
    expect(outcomeOf(answered(410), 1, now, now, 0)).toMatchObject({ kind: 'failed', disableWebhook: 'the endpoint answered 410 Gone' });
    const fiveDaysAgo = new Date(now.getTime() - 5 * 24 * 3600_000);
    expect(outcomeOf(answered(500), 3, fiveDaysAgo, now, 0)).toMatchObject({
      kind: 'failed',
      disableWebhook: expect.stringMatching(/five days/),
    });
    expect(outcomeOf(answered(500), 3, new Date(fiveDaysAgo.getTime() + 1), now, 0)).toMatchObject({ kind: 'retry' });
  });
});

describe('DeliveryAttempts', () => {
  it('records each attempt, keeps the event id, and disables the webhook (failing its other pending deliveries) on 410', async () => {
    const f = webhooksFixture();
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    const first = await f.service.sendTest(accountViewer(USER), webhook.id);
    f.sender.script.push(answered(500));
    await f.runDue();
    expect(await f.deliveries.findOfWebhook(webhook.id, first.id)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect((await f.webhooks.findOwned(accountViewer(USER), webhook.id))?.firstFailureAt).toEqual(f.clock.now());

    f.clock.advance(5_000);
    const second = await f.service.sendTest(accountViewer(USER), webhook.id);
    f.sender.script.push(answered(410), answered(410));
    await f.runDue();
    expect((await f.webhooks.findOwned(accountViewer(USER), webhook.id))?.status).toBe('disabled');
    for (const id of [first.id, second.id]) expect((await f.deliveries.findOfWebhook(webhook.id, id))?.status).toBe('failed');
    expect(new Set(f.sender.sent.slice(0, 2).map((r) => r.headers['webhook-id']))).toEqual(new Set([first.eventId]));
  });

  it('disables a webhook whose deliveries failed for five days without a success', async () => {
    const f = webhooksFixture();
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    const delivery = await f.service.sendTest(accountViewer(USER), webhook.id);
    f.sender.script.push(...Array.from({ length: 8 }, () => answered(500)));
    for (let i = 0; i < 8; i++) {
      await f.runDue();
      const stored = (await f.deliveries.findOfWebhook(webhook.id, delivery.id))!;
      if (stored.status !== 'pending') break;
      f.clock.set(stored.nextAttemptAt!);
    }
    // 5 s + 5 min + 30 min + 2 h + 5 h + 10 h + 10 h is under two days: the schedule ends first.
    expect(await f.deliveries.findOfWebhook(webhook.id, delivery.id)).toMatchObject({ status: 'failed', attempts: 8 });
    expect((await f.webhooks.findOwned(accountViewer(USER), webhook.id))?.status).toBe('active');
    f.clock.advance(5 * 24 * 3600_000);
    await f.service.sendTest(accountViewer(USER), webhook.id);
    f.sender.script.push(answered(500));
    await f.runDue();
    expect(await f.webhooks.findOwned(accountViewer(USER), webhook.id)).toMatchObject({
      status: 'disabled',
      disabledReason: expect.stringMatching(/five days/),
    });
  });

  it('keeps each attempt for the inspector: the headers sent (signature cut to its prefix), the answer, and the timing on the clock', async () => {
    const f = webhooksFixture();
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    const delivery = await f.service.sendTest(accountViewer(USER), webhook.id);
    const startedAt = f.clock.now();
    const send = f.sender.send.bind(f.sender);
    jest.spyOn(f.sender, 'send').mockImplementation(async (request) => {
      f.clock.advance(84);
      return send(request);
    });
    f.sender.script.push({
      kind: 'answered',
      statusCode: 500,
      retryAfter: null,
      response: { headers: { 'content-type': 'text/plain' }, body: 'down for maintenance', bodyTruncated: false },
    });
    await f.runDue();
    f.clock.advance(5_000);
    f.sender.script.push({ kind: 'failed', error: 'ECONNREFUSED: connect ECONNREFUSED' });
    await f.runDue();

    const [first, second] = await f.attemptLog.ofDelivery(delivery.id);
    const signature = f.sender.sent[0].headers['webhook-signature'];
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/=]{40,}$/);
    expect(first).toEqual({
      deliveryId: delivery.id,
      attempt: 1,
      startedAt,
      durationMs: 84,
      requestHeaders: {
        'content-type': 'application/json',
        'webhook-id': delivery.eventId,
        'webhook-timestamp': f.sender.sent[0].headers['webhook-timestamp'],
        'webhook-signature': `${signature.slice(0, 7)}…`,
      },
      statusCode: 500,
      response: { headers: { 'content-type': 'text/plain' }, body: 'down for maintenance', bodyTruncated: false },
      error: 'HTTP 500',
    });
    expect(second).toMatchObject({ attempt: 2, statusCode: null, response: null, error: 'ECONNREFUSED: connect ECONNREFUSED' });
  });

  it('records a secret it cannot open as a failed attempt, without sending', async () => {
    const f = webhooksFixture();
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    await f.webhooks.saveSecrets({ ...(await f.webhooks.findOwned(accountViewer(USER), webhook.id))!, sealedSecret: 'v1.x.y.z.w' });
    const delivery = await f.service.sendTest(accountViewer(USER), webhook.id);
    await f.runDue();
    expect(f.sender.sent).toEqual([]);
    expect((await f.deliveries.findOfWebhook(webhook.id, delivery.id))?.lastError).toMatch(/cannot be decrypted/);
    expect(await f.attemptLog.ofDelivery(delivery.id)).toMatchObject([
      { attempt: 1, requestHeaders: null, statusCode: null, response: null, error: expect.stringMatching(/cannot be decrypted/) },
    ]);
  });
});

describe('redactedSignature', () => {
  it('cuts each signature to its version and first four characters', () => {
    expect(redactedSignature('v1,3f2aK9sdfLKJ/+= v1,ZZZZabc')).toBe('v1,3f2a… v1,ZZZZ…');
    expect(redactedSignature('garbage')).toBe('…');
  });
});
