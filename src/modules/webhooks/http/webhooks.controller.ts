import { Body, Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse, EmptyResponse } from '../../../common/http/api-response.decorators';
import { DeliveryData, DeliveryPageData } from './responses/delivery.response';
import { NewWebhookData, WebhooksData } from './responses/webhook.response';
import { type Caller, CurrentCaller } from '../../../common/http/caller';
import { ApiSessionSummary, RequireScope, SessionOrKey } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { IdempotentPost } from '../../idempotency/idempotent-post';
import { WebhookDeliveriesService } from '../domain/webhook-deliveries.service';
import { WebhooksService } from '../domain/webhooks.service';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { DeliveriesPageQuery } from './dto/deliveries-page.query';
import { presentDelivery, presentView, presentWebhook } from './webhooks.presenter';

/**
 * Webhook endpoints of the caller's account (API.md section 8); all under lists:read, as the feed.
 * The developer page manages them through the same routes under /developers/api/webhooks, with
 * its session instead of a key, on the webhooks of the mode its `?mode=` names (@SessionOrKey);
 * there no Idempotency-Key is taken (@IdempotentPost needs a key), and a new secret is shown all the same.
 */
@ApiTags('webhooks')
@Controller(['v1/webhooks', 'developers/api/webhooks'])
@SessionOrKey()
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly outbound: WebhookDeliveriesService,
  ) {}

  @IdempotentPost(undefined, { showsSecretOnce: true })
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Registers a webhook endpoint; the response shows its signing secret, this once' })
  @ApiSessionSummary('Register a webhook endpoint: the only response that shows its signing secret')
  @ApiDataResponse(NewWebhookData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the account already has 10 webhooks')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateWebhookDto) {
    const view = await this.webhooks.create(caller, { url: body.url, types: body.types ?? null, listId: body.list_id ?? null });
    return { webhook: presentView(view) };
  }

  @Get()
  @RequireScope('lists:read')
  @ApiOperation({ summary: "The account's webhook endpoints, oldest first, without secrets" })
  @ApiSessionSummary('The account’s webhook endpoints, oldest first, without secrets')
  @ApiDataResponse(WebhooksData)
  async list(@CurrentCaller() caller: Caller) {
    return { webhooks: (await this.webhooks.list(caller)).map((webhook) => presentWebhook(webhook)) };
  }

  @Delete(':id')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Deletes a webhook endpoint and its deliveries' })
  @ApiSessionSummary('Delete a webhook endpoint and its deliveries')
  @ApiDataResponse(EmptyResponse)
  @ApiErrorResponses(404)
  async delete(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.webhooks.delete(caller, id);
    return {};
  }

  @IdempotentPost(':id/rotate-secret', { showsSecretOnce: true })
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'A new signing secret (shown this once); the old one keeps signing beside it for 24 h' })
  @ApiDataResponse(NewWebhookData)
  @ApiErrorResponses(404)
  async rotate(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body(NoFieldsPipe) _body: unknown) {
    return { webhook: presentView(await this.webhooks.rotateSecret(caller, id)) };
  }

  @IdempotentPost(':id/test')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Sends a webhook.test event to the endpoint now' })
  @ApiSessionSummary('Send a webhook.test event to the endpoint now')
  @ApiDataResponse(DeliveryData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the webhook is disabled')
  async test(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body(NoFieldsPipe) _body: unknown) {
    return { delivery: presentDelivery(await this.outbound.sendTest(caller, id)) };
  }

  @Get(':id/deliveries')
  @RequireScope('lists:read')
  @ApiOperation({ summary: "The endpoint's deliveries, newest first" })
  @ApiDataResponse(DeliveryPageData)
  @ApiErrorResponses(404)
  async deliveries(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() query: DeliveriesPageQuery) {
    const page = await this.outbound.deliveriesPage(caller, id, query.limit ?? PAGE_LIMIT.default, query.cursor);
    return { deliveries: page.deliveries.map(presentDelivery), next_cursor: page.nextCursor };
  }

  @IdempotentPost(':id/deliveries/:delivery_id/retry')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Schedules a delivery again, now' })
  @ApiSessionSummary('Schedule a delivery again, now')
  @ApiDataResponse(DeliveryData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the webhook is disabled')
  async retry(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Param('delivery_id') deliveryId: string,
    @Body(NoFieldsPipe) _body: unknown,
  ) {
    return { delivery: presentDelivery(await this.outbound.retry(caller, id, deliveryId)) };
  }
}
