import { Body, Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse, EmptyResponse } from '../../../common/http/api-response.decorators';
import { DeliveryData, DeliveryPageData } from './responses/delivery.response';
import { NewWebhookData, WebhooksData } from './responses/webhook.response';
import { RequireScope } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { IdempotentPost } from '../../idempotency/idempotent-post';
import { WebhooksService } from '../domain/webhooks.service';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { DeliveriesPageQuery } from './dto/deliveries-page.query';
import { presentDelivery, presentView, presentWebhook } from './webhooks.presenter';

/** Webhook endpoints of the caller's account (API.md section 8); all under lists:read, as the feed. */
@ApiTags('webhooks')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @IdempotentPost(undefined, { showsSecretOnce: true })
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Registers a webhook endpoint; the response shows its signing secret, this once' })
  @ApiDataResponse(NewWebhookData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the account already has 10 webhooks')
  async create(@CurrentPrincipal() caller: Principal, @Body() body: CreateWebhookDto) {
    const view = await this.webhooks.create(caller, { url: body.url, types: body.types ?? null, listId: body.list_id ?? null });
    return { webhook: presentView(view) };
  }

  @Get()
  @RequireScope('lists:read')
  @ApiOperation({ summary: "The account's webhook endpoints, oldest first, without secrets" })
  @ApiDataResponse(WebhooksData)
  async list(@CurrentPrincipal() caller: Principal) {
    return { webhooks: (await this.webhooks.list(caller)).map((webhook) => presentWebhook(webhook)) };
  }

  @Delete(':id')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Deletes a webhook endpoint and its deliveries' })
  @ApiDataResponse(EmptyResponse)
  @ApiErrorResponses(404)
  async delete(@CurrentPrincipal() caller: Principal, @Param('id') id: string) {
    await this.webhooks.delete(caller, id);
    return {};
  }

  @IdempotentPost(':id/rotate-secret', { showsSecretOnce: true })
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'A new signing secret (shown this once); the old one keeps signing beside it for 24 h' })
  @ApiDataResponse(NewWebhookData)
  @ApiErrorResponses(404)
  async rotate(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Body(NoFieldsPipe) _body: unknown) {
    return { webhook: presentView(await this.webhooks.rotateSecret(caller, id)) };
  }

  @IdempotentPost(':id/test')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Sends a webhook.test event to the endpoint now' })
  @ApiDataResponse(DeliveryData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the webhook is disabled')
  async test(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Body(NoFieldsPipe) _body: unknown) {
    return { delivery: presentDelivery(await this.webhooks.sendTest(caller, id)) };
  }

  @Get(':id/deliveries')
  @RequireScope('lists:read')
  @ApiOperation({ summary: "The endpoint's deliveries, newest first" })
  @ApiDataResponse(DeliveryPageData)
  @ApiErrorResponses(404)
  async deliveries(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Query() query: DeliveriesPageQuery) {
    const page = await this.webhooks.deliveriesPage(caller, id, query.limit ?? PAGE_LIMIT.default, query.cursor);
    return { deliveries: page.deliveries.map(presentDelivery), next_cursor: page.nextCursor };
  }

  @IdempotentPost(':id/deliveries/:delivery_id/retry')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Schedules a delivery again, now' })
  @ApiDataResponse(DeliveryData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the webhook is disabled')
  async retry(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Param('delivery_id') deliveryId: string,
    @Body(NoFieldsPipe) _body: unknown,
  ) {
    return { delivery: presentDelivery(await this.webhooks.retry(caller, id, deliveryId)) };
  }
}
