import { accountViewer } from '../../../common/auth/reach';
import { webhooksFixture } from '../testing/webhooks-fixture';

const USER = '00000000-0000-4000-8000-0000000000aa';
const STRANGER = '00000000-0000-4000-8000-0000000000bb';

describe('DeliveryInspector', () => {
  it("answers a delivery of the viewer's webhook with its attempts, and the same 404 for anything else", async () => {
    const f = webhooksFixture();
    const { webhook } = await f.service.create(accountViewer(USER), { url: 'https://example.com/', types: null, listId: null });
    const delivery = await f.service.sendTest(accountViewer(USER), webhook.id);
    expect(await f.inspector.attemptsOf(accountViewer(USER), webhook.id, delivery.id)).toEqual({ delivery, attempts: [] });
    await f.runDue();
    const { attempts } = await f.inspector.attemptsOf(accountViewer(USER), webhook.id, delivery.id.toUpperCase());
    expect(attempts).toMatchObject([{ attempt: 1, statusCode: 200, error: null }]);

    await expect(f.inspector.attemptsOf(accountViewer(STRANGER), webhook.id, delivery.id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(f.inspector.attemptsOf(accountViewer(USER), webhook.id, 'nope')).rejects.toMatchObject({ code: 'DELIVERY_NOT_FOUND' });
    const other = await f.service.create(accountViewer(USER), { url: 'https://example.com/other', types: null, listId: null });
    await expect(f.inspector.attemptsOf(accountViewer(USER), other.webhook.id, delivery.id)).rejects.toMatchObject({
      code: 'DELIVERY_NOT_FOUND',
    });
  });
});
