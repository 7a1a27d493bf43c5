import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ShownOnceInterceptor } from '../../../common/http/shown-once';
import { ItemsController } from '../../items/http/items.controller';
import { SharesController } from '../../lists/http/shares.controller';
import { WebhooksController } from '../../webhooks/http/webhooks.controller';
import { IdempotencyInterceptor } from './idempotency.interceptor';

const interceptorsOf = (controller: { prototype: object }, method: string): unknown[] =>
  Reflect.getMetadata(INTERCEPTORS_METADATA, Object.getOwnPropertyDescriptor(controller.prototype, method)!.value) ?? [];

describe('@IdempotentPost', () => {
  it('puts shown-once secrets back on the routes that show one (a share link, a webhook secret), outside the idempotency layer', () => {
    for (const [controller, method] of [
      [SharesController, 'create'],
      [WebhooksController, 'create'],
      [WebhooksController, 'rotate'],
    ] as const) {
      expect({ route: `${controller.name}.${method}`, interceptors: interceptorsOf(controller, method) }).toEqual({
        route: `${controller.name}.${method}`,
        interceptors: [ShownOnceInterceptor, IdempotencyInterceptor],
      });
    }
  });

  it('runs the idempotency layer alone elsewhere', () => {
    for (const method of ['add', 'complete', 'reopen', 'remove'])
      expect(interceptorsOf(ItemsController, method)).toEqual([IdempotencyInterceptor]);
    expect(interceptorsOf(WebhooksController, 'test')).toEqual([IdempotencyInterceptor]);
  });
});
