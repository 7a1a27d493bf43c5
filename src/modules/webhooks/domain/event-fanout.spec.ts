import { randomUUID } from 'node:crypto';
import { webhooksFixture } from '../testing/webhooks-fixture';

describe('EventFanOut.enqueueForEvent', () => {
  it('creates one delivery per matching active webhook of the audience, filtered by types and list, once per event', async () => {
    const f = webhooksFixture();
    const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()];
    const listId = randomUUID();
    const otherList = randomUUID();
    f.lists.visible.set(alice, new Set([listId, otherList]));
    const create = (userId: string, types: string[] | null, list: string | null) =>
      f.service.create(userId, { url: 'https://example.com/', types: types as never, listId: list });
    const all = (await create(alice, null, null)).webhook;
    const itemsOnly = (await create(alice, ['item.added'], null)).webhook;
    await create(alice, ['list.renamed'], null);
    const thisList = (await create(alice, null, listId)).webhook;
    await create(alice, null, otherList);
    const bobs = (await create(bob, ['item.added'], null)).webhook;
    await create(carol, null, null); // not in the audience
    const disabled = (await create(bob, null, null)).webhook;
    await f.webhooks.disable(disabled.id, 'test');

    const event = {
      id: 'evt_1',
      type: 'item.added',
      listId,
      payload: { id: 'evt_1', type: 'item.added', data: { item: { text: 'milk' } } },
    };
    const made = await f.fanOut.enqueueForEvent(event, [alice, bob, alice]);
    expect(made.map((d) => d.webhookId).sort()).toEqual([all.id, itemsOnly.id, thisList.id, bobs.id].sort());
    expect(made.every((d) => d.eventId === 'evt_1' && d.eventType === 'item.added' && d.payload === JSON.stringify(event.payload))).toBe(
      true,
    );
    expect(f.nudge.count).toBe(1);

    // Fanned out again (a relay that crashed before saving its position): no second delivery.
    await f.fanOut.enqueueForEvent(event, [alice, bob]);
    for (const webhook of [all, itemsOnly, thisList, bobs]) {
      expect(await f.deliveries.pageOfWebhook(webhook.id, 10, null)).toHaveLength(1);
    }
    expect(await f.fanOut.enqueueForEvent({ ...event, id: 'evt_2' }, [])).toEqual([]);
  });
});
