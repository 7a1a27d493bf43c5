import { randomUUID } from 'node:crypto';
import { GUARDS_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { revealShownOnce, ShownOnceInterceptor } from '../../../common/http/shown-once';
import type { Session } from '../../auth/domain/session';
import { webhooksFixture } from '../../webhooks/testing/webhooks-fixture';
import { PortalWebhooksController } from './portal-webhooks.controller';
import { SameOriginGuard } from './same-origin.guard';
import { SessionGuard } from './session.guard';

const sessionOf = (userId: string) => ({ userId }) as Session;

describe('PortalWebhooksController', () => {
  it('sits behind the same guards as the portal keys: same origin on mutations, then a live session', () => {
    expect(Reflect.getMetadata(GUARDS_METADATA, PortalWebhooksController)).toEqual([SameOriginGuard, SessionGuard]);
  });

  it('acts for the signed-in account only, showing a secret in the answer that made it alone', async () => {
    const f = webhooksFixture();
    const controller = new PortalWebhooksController(f.service);
    const owner = sessionOf(randomUUID());
    const stranger = sessionOf(randomUUID());

    const created = revealShownOnce(await controller.create(owner, { url: 'https://example.com/h', types: ['item.added'] })) as {
      webhook: { id: string; secret: string; list_id: string | null };
    };
    expect(created.webhook).toMatchObject({ secret: expect.stringMatching(/^whsec_/), list_id: null });
    const { webhook } = created;

    expect((await controller.list(owner)).webhooks).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
    expect((await controller.list(stranger)).webhooks).toEqual([]);
    for (const attempt of [
      () => controller.test(stranger, 'live', webhook.id, {}),
      () => controller.rotate(stranger, webhook.id, {}),
      () => controller.deliveries(stranger, webhook.id, {}),
      () => controller.delete(stranger, webhook.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
    }

    const { delivery } = await controller.test(owner, 'live', webhook.id, {});
    expect((await controller.deliveries(owner, webhook.id, {})).deliveries.map((d) => d.id)).toEqual([delivery.id]);
    expect((await controller.retry(owner, webhook.id, delivery.id, {})).delivery).toMatchObject({ id: delivery.id, status: 'pending' });
    await controller.delete(owner, webhook.id);
    expect((await controller.list(owner)).webhooks).toEqual([]);
  });

  it('puts the secret back into the create and rotate answers only (ShownOnceInterceptor)', () => {
    const shown = (name: 'create' | 'rotate' | 'test'): unknown[] =>
      Reflect.getMetadata(INTERCEPTORS_METADATA, Object.getOwnPropertyDescriptor(PortalWebhooksController.prototype, name)!.value) ?? [];
    expect(shown('create')).toEqual([ShownOnceInterceptor]);
    expect(shown('rotate')).toEqual([ShownOnceInterceptor]);
    expect(shown('test')).toEqual([]);
  });
});
