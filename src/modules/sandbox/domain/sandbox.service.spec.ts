import { randomUUID } from 'node:crypto';
import { accountViewer } from '../../../common/auth/reach';
import { AmbientModeScope } from '../../../common/persistence/ambient-mode-scope';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { IdempotencyService } from '../../idempotency/domain/idempotency.service';
import { InMemoryIdempotencyRepository } from '../../idempotency/infrastructure/in-memory/in-memory-idempotency.repository';
import { batchesOfItems, DELETE_BATCH } from '../../lists/domain/lists.service';
import { List, VisibleList } from '../../lists/domain/list';
import { listsFixture } from '../../lists/testing/lists-fixture';
import { webhooksFixture } from '../../webhooks/testing/webhooks-fixture';
import { SandboxService } from './sandbox.service';

/** The reset over the lists, webhooks and idempotency services, each on its in-memory adapters. */
function sandboxFixture() {
  const lists = listsFixture();
  const hooks = webhooksFixture({ allowPrivate: true });
  const records = new InMemoryIdempotencyRepository();
  const uow = new InMemoryUnitOfWork();
  const idempotency = new IdempotencyService(records, uow, new FakeClock('2026-03-01T09:00:00.000Z'));
  const service = new SandboxService(lists.listsService, hooks.service, idempotency, uow, new AmbientModeScope());
  return { lists, hooks, records, idempotency, service };
}

describe('SandboxService', () => {
  it("deletes the account's lists and leaves the others', recording each as its route would, and deletes its webhooks and idempotency records", async () => {
    const f = sandboxFixture();
    const { listsService, sharesService } = f.lists;
    const [me, friend] = [await f.lists.addUser(), await f.lists.addUser()];
    const mine = await listsService.create(accountViewer(me), 'Mine');
    const alsoMine = await listsService.create(accountViewer(me), 'Also mine');
    const theirs = await listsService.create(accountViewer(friend), 'Theirs');
    const join = async (owner: string, list: VisibleList, who: string) => {
      const share = await sharesService.create(accountViewer(owner), list.list.id, { role: 'editor', expiresAt: null });
      await sharesService.join(accountViewer(who), share.issuedToken!);
    };
    await join(me, mine, friend);
    await join(friend, theirs, me);
    const webhook = async (userId: string) =>
      (await f.hooks.service.create(accountViewer(userId), { url: 'http://127.0.0.1/h', types: null, listId: null })).webhook;
    const [w1, , kept] = [await webhook(me), await webhook(me), await webhook(friend)];
    const delivery = await f.hooks.service.sendTest(accountViewer(me), w1.id);
    for (const key of ['old', 'resetting']) await f.idempotency.execute({ userId: me, key, fingerprint: key }, async () => ({}));
    await f.idempotency.execute({ userId: friend, key: 'old', fingerprint: 'old' }, async () => ({}));

    const deleted = await f.service.reset(accountViewer(me, 'test'), 'resetting');

    expect(deleted).toEqual({ lists: 2, memberships: 1, webhooks: 2 });
    expect((await listsService.page(accountViewer(me), 100)).lists).toEqual([]);
    expect((await listsService.page(accountViewer(friend), 100)).lists.map((v) => v.list.id)).toEqual([theirs.list.id]);
    expect((await listsService.members(accountViewer(friend), theirs.list.id)).map((m) => m.userId)).toEqual([friend]);
    // The friend hears both as they would have one by one: its member's list deleted, the member leaving.
    const heard = (await f.lists.eventLog.read({ viewer: accountViewer(friend), after: null, limit: 100 })).events.map((e) => e.event);
    const resetEvents = heard.slice(-2);
    expect(resetEvents.map((e) => [e.type, e.list.id, e.actor.id])).toEqual([
      ['list.deleted', mine.list.id, me],
      ['member.removed', theirs.list.id, me],
    ]);
    expect(resetEvents[1].data).toMatchObject({ member: { user: { id: me }, role: 'editor' } });
    expect(resetEvents.map((e) => e.livemode)).toEqual([false, false]);
    // The list nobody else saw reaches only its owner's feed.
    const mineHeard = (await f.lists.eventLog.read({ viewer: accountViewer(me), after: null, limit: 100 })).events.map((e) => e.event);
    expect(mineHeard.filter((e) => e.type === 'list.deleted').map((e) => e.list.id)).toEqual([mine.list.id, alsoMine.list.id]);

    expect((await f.hooks.service.list(accountViewer(me))).length).toBe(0);
    expect(await f.hooks.deliveries.findOfWebhook(w1.id, delivery.id)).toBeNull();
    expect((await f.hooks.service.list(accountViewer(friend))).map((w) => w.id)).toEqual([kept.id]);
    // Every record of the account is gone but the one of the resetting request; the friend's stay.
    const replayed = (key: string, userId = me) => f.idempotency.execute({ userId, key, fingerprint: key }, async () => ({ again: true }));
    expect(await replayed('old')).toEqual({ replayed: false, response: { again: true } });
    expect((await replayed('resetting')).replayed).toBe(true);
    expect((await replayed('old', friend)).replayed).toBe(true);
  });

  it('answers zeros on an empty sandbox', async () => {
    const f = sandboxFixture();
    const me = await f.lists.addUser();
    expect(await f.service.reset(accountViewer(me, 'test'))).toEqual({ lists: 0, memberships: 0, webhooks: 0 });
  });

  it('refuses to run outside test mode, before deleting anything', async () => {
    const f = sandboxFixture();
    const me = await f.lists.addUser();
    await f.lists.listsService.create(accountViewer(me), 'Live list');
    await expect(f.service.reset(accountViewer(me))).rejects.toThrow(/refused in live mode/);
    await expect(f.service.reset(accountViewer(me))).rejects.toThrow(/refused in live mode/);
    expect((await f.lists.listsService.page(accountViewer(me), 100)).lists).toHaveLength(1);
  });

  it('refuses a list-restricted key (403): the reset reaches every list of the account', async () => {
    const f = sandboxFixture();
    const me = await f.lists.addUser();
    const list = await f.lists.listsService.create(accountViewer(me), 'Kept');
    await expect(f.service.reset({ userId: me, listIds: [list.list.id], mode: 'test' })).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'KEY_LISTS_RESTRICTED',
    });
    expect((await f.lists.listsService.page(accountViewer(me), 100)).lists).toHaveLength(1);
  });
});

describe('batchesOfItems', () => {
  const listOf = (itemCount: number) => {
    const now = new Date('2026-03-01T09:00:00.000Z');
    const props = List.create({ id: randomUUID(), ownerId: 'u', name: 'n', now }).toProps();
    return new VisibleList(List.restore({ ...props, itemCount }), 'owner', 'u');
  };

  it('groups whole lists in order, at most DELETE_BATCH items or lists per group, a bigger list alone', () => {
    const sizes = (lists: VisibleList[][]) => lists.map((batch) => batch.map((v) => v.list.itemCount));
    const half = DELETE_BATCH.items / 2;
    expect(sizes(batchesOfItems([listOf(half), listOf(half), listOf(1), listOf(DELETE_BATCH.items + 1), listOf(0)]))).toEqual([
      [half, half],
      [1],
      [DELETE_BATCH.items + 1],
      [0],
    ]);
    const empties = batchesOfItems(Array.from({ length: DELETE_BATCH.lists + 1 }, () => listOf(0)));
    expect(empties.map((batch) => batch.length)).toEqual([DELETE_BATCH.lists, 1]);
    expect(batchesOfItems([])).toEqual([]);
  });
});
