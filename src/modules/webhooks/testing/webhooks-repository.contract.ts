import { randomUUID } from 'node:crypto';
import { accountViewer } from '../../../common/auth/reach';
import { aDelivery, aWebhook, nextInstant, WebhooksStorage } from './webhooks-storage';

/** What the webhook and delivery repositories must do; run in memory (unit) and on PostgreSQL (e2e). */
export function describeWebhooksRepositoryContract(adapter: string, make: () => Promise<WebhooksStorage>): void {
  describe(`WebhookRepository and DeliveryRepository contract (${adapter})`, () => {
    let s: WebhooksStorage;
    let user: string;

    beforeEach(async () => {
      s = await make();
      user = await s.newUser();
    });

    it('stores webhooks per account, oldest first, and finds one only for its owner', async () => {
      const other = await s.newUser();
      const first = aWebhook(user, { types: ['item.added', 'list.created'], listId: randomUUID() });
      const second = aWebhook(user);
      await s.webhooks.insert(first);
      await s.webhooks.insert(second);
      await s.webhooks.insert(aWebhook(other));
      expect(await s.webhooks.findOwned(accountViewer(user), first.id)).toEqual(first);
      expect(await s.webhooks.findOwned(accountViewer(other), first.id)).toBeNull();
      expect((await s.webhooks.listByUser(accountViewer(user))).map((w) => w.id)).toEqual([first.id, second.id]);
      expect(await s.webhooks.countByUser(user)).toBe(2);
      expect(await s.webhooks.deleteOwned(accountViewer(other), first.id)).toBe(false);
      expect(await s.webhooks.deleteOwned(accountViewer(user), first.id)).toBe(true);
      expect(await s.webhooks.countByUser(user)).toBe(1);
    });

    it("shows a list-restricted key only the account's webhooks of its lists, while the limit counts them all", async () => {
      const [inside, outside] = [randomUUID(), randomUUID()];
      const ofInside = aWebhook(user, { listId: inside });
      const ofOutside = aWebhook(user, { listId: outside });
      const accountWide = aWebhook(user);
      for (const webhook of [ofInside, ofOutside, accountWide]) await s.webhooks.insert(webhook);
      const key = { userId: user, listIds: [inside] };
      expect((await s.webhooks.listByUser(key)).map((w) => w.id)).toEqual([ofInside.id]);
      expect(await s.webhooks.findOwned(key, ofInside.id)).toEqual(ofInside);
      expect(await s.webhooks.findOwned(key, ofOutside.id)).toBeNull();
      expect(await s.webhooks.findOwned(key, accountWide.id)).toBeNull();
      expect(await s.webhooks.deleteOwned(key, accountWide.id)).toBe(false);
      expect(await s.webhooks.deleteOwned({ userId: await s.newUser(), listIds: [inside] }, ofInside.id)).toBe(false);
      expect(await s.webhooks.countByUser(user)).toBe(3);
      expect(await s.webhooks.deleteOwned(key, ofInside.id)).toBe(true);
      expect((await s.webhooks.listByUser(accountViewer(user))).map((w) => w.id)).toEqual([ofOutside.id, accountWide.id]);
    });

    it('keeps the failure streak, the secrets after a rotation, and the disabled state', async () => {
      const webhook = aWebhook(user);
      await s.webhooks.insert(webhook);
      const [t1, t2] = [nextInstant(), nextInstant()];
      await s.webhooks.recordFailure(webhook.id, t1);
      await s.webhooks.recordFailure(webhook.id, t2);
      expect((await s.webhooks.findOwned(accountViewer(user), webhook.id))?.firstFailureAt).toEqual(t1);
      await s.webhooks.recordSuccess(webhook.id);
      expect((await s.webhooks.findOwned(accountViewer(user), webhook.id))?.firstFailureAt).toBeNull();
      const expires = nextInstant();
      await s.webhooks.saveSecrets({
        ...webhook,
        sealedSecret: 'new',
        sealedPreviousSecret: webhook.sealedSecret,
        previousSecretExpiresAt: expires,
      });
      expect(await s.webhooks.findOwned(accountViewer(user), webhook.id)).toMatchObject({
        sealedSecret: 'new',
        sealedPreviousSecret: webhook.sealedSecret,
        previousSecretExpiresAt: expires,
      });
      await s.webhooks.disable(webhook.id, 'gone');
      expect(await s.webhooks.findOwned(accountViewer(user), webhook.id)).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    });

    it('pages deliveries newest first, and skips a second delivery of one event to one webhook', async () => {
      const webhook = aWebhook(user);
      await s.webhooks.insert(webhook);
      const [a, b, c] = [aDelivery(webhook.id), aDelivery(webhook.id), aDelivery(webhook.id)];
      expect(await s.deliveries.insertMany([a, b, c])).toBe(3);
      expect(await s.deliveries.insertMany([{ ...aDelivery(webhook.id), eventId: a.eventId }])).toBe(0);
      const first = await s.deliveries.pageOfWebhook(webhook.id, 2, null);
      expect(first.map((d) => d.id)).toEqual([c.id, b.id]);
      expect((await s.deliveries.pageOfWebhook(webhook.id, 2, { createdAt: b.createdAt, id: b.id })).map((d) => d.id)).toEqual([a.id]);
      expect(await s.deliveries.findOfWebhook(webhook.id, a.id)).toEqual(a);
      expect(await s.deliveries.findOfWebhook(randomUUID(), a.id)).toBeNull();
    });

    it('leases due deliveries of active webhooks once until the lease expires, and writes a result only under the lease', async () => {
      const active = aWebhook(user, { sealedPreviousSecret: 'old', previousSecretExpiresAt: new Date('2100-01-01T00:00:00Z') });
      const disabled = aWebhook(user, { status: 'disabled' });
      await s.webhooks.insert(active);
      await s.webhooks.insert(disabled);
      const due = aDelivery(active.id);
      const later = aDelivery(active.id, { nextAttemptAt: new Date(Date.parse('2100-01-01T00:00:00Z')) });
      await s.deliveries.insertMany([due, later, aDelivery(disabled.id)]);
      const now = nextInstant();
      const lease = new Date(now.getTime() + 30_000);
      const claimed = (await s.deliveries.claimDue(now, lease, 10)).filter(
        (c) => c.webhook.id === active.id || c.webhook.id === disabled.id,
      );
      expect(claimed.map((c) => c.delivery.id)).toEqual([due.id]);
      expect(claimed[0].webhook).toEqual({
        id: active.id,
        url: active.url,
        sealedSecrets: [active.sealedSecret, 'old'],
        firstFailureAt: null,
      });
      // Leased: not claimed again before the lease runs out, claimed again after.
      expect((await s.deliveries.claimDue(now, lease, 10)).some((c) => c.delivery.id === due.id)).toBe(false);
      const after = new Date(lease.getTime() + 1);
      const reclaimed = (await s.deliveries.claimDue(after, new Date(after.getTime() + 30_000), 10)).find((c) => c.delivery.id === due.id);
      expect(reclaimed).toBeDefined();
      // The first lease is lost: its result is not written; the second one's is.
      const result = { status: 'succeeded' as const, lastStatusCode: 200, lastError: null, nextAttemptAt: null, now: after };
      expect(await s.deliveries.finishAttempt(due.id, lease, result)).toBe(false);
      expect(await s.deliveries.finishAttempt(due.id, reclaimed!.lockedUntil, result)).toBe(true);
      expect(await s.deliveries.findOfWebhook(active.id, due.id)).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 200,
        nextAttemptAt: null,
      });

      const again = await s.deliveries.rescheduleNow(due.id, after);
      expect(again).toMatchObject({ status: 'pending', nextAttemptAt: after, attempts: 1 });
      expect(await s.deliveries.failPendingOfWebhook(active.id, 'webhook disabled', after)).toBe(2);
      expect(await s.deliveries.findOfWebhook(active.id, later.id)).toMatchObject({
        status: 'failed',
        lastError: 'webhook disabled',
        nextAttemptAt: null,
      });
    });

    it('purges finished deliveries older than the cutoff, never pending ones', async () => {
      const webhook = aWebhook(user);
      await s.webhooks.insert(webhook);
      const old = nextInstant();
      const finished = aDelivery(webhook.id, { status: 'succeeded', nextAttemptAt: null, updatedAt: old });
      const failed = aDelivery(webhook.id, { status: 'failed', nextAttemptAt: null, updatedAt: old });
      const pending = aDelivery(webhook.id, { updatedAt: old });
      const cutoff = nextInstant();
      const recent = aDelivery(webhook.id, { status: 'succeeded', nextAttemptAt: null, updatedAt: nextInstant() });
      await s.deliveries.insertMany([finished, failed, pending, recent]);
      expect(await s.deliveries.purgeFinishedBefore(cutoff, 1)).toBe(1);
      expect(await s.deliveries.purgeFinishedBefore(cutoff, 100)).toBe(1);
      expect((await s.deliveries.pageOfWebhook(webhook.id, 10, null)).map((d) => d.id).sort()).toEqual([pending.id, recent.id].sort());
    });

    it('deletes the deliveries with their webhook', async () => {
      const webhook = aWebhook(user);
      await s.webhooks.insert(webhook);
      const delivery = aDelivery(webhook.id);
      await s.deliveries.insertMany([delivery]);
      await s.webhooks.deleteOwned(accountViewer(user), webhook.id);
      expect(await s.deliveries.findOfWebhook(webhook.id, delivery.id)).toBeNull();
    });

    it("deletes all of an account's webhooks with their deliveries, and no other account's", async () => {
      const other = await s.newUser();
      const [a, b, theirs] = [aWebhook(user, { listId: randomUUID() }), aWebhook(user), aWebhook(other)];
      for (const webhook of [a, b, theirs]) await s.webhooks.insert(webhook);
      const [ofA, ofTheirs] = [aDelivery(a.id), aDelivery(theirs.id)];
      await s.deliveries.insertMany([ofA, ofTheirs]);
      expect(await s.webhooks.deleteAllOf(user)).toBe(2);
      expect(await s.webhooks.countByUser(user)).toBe(0);
      expect(await s.deliveries.findOfWebhook(a.id, ofA.id)).toBeNull();
      expect(await s.deliveries.findOfWebhook(theirs.id, ofTheirs.id)).not.toBeNull();
      expect(await s.webhooks.deleteAllOf(user)).toBe(0);
    });
  });
}
