import { Body, Controller, Delete, Get, Param, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse, EmptyResponse } from '../../../common/http/api-response.decorators';
import { DeliveryData, DeliveryPageData } from '../../webhooks/http/responses/delivery.response';
import { NewWebhookData, WebhooksData } from '../../webhooks/http/responses/webhook.response';
import { ApiCrossSiteResponse, ApiNoSessionResponse } from './responses/portal-errors';
import { PostOk, Public } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { ShownOnceInterceptor } from '../../../common/http/shown-once';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import type { KeyMode } from '../../../common/auth/principal';
import { accountViewer } from '../../../common/auth/reach';
import { CurrentMode } from '../../../common/http/request-mode';
import type { Session } from '../../auth/domain/session';
import { WebhooksService } from '../../webhooks/domain/webhooks.service';
import { CreateWebhookDto } from '../../webhooks/http/dto/create-webhook.dto';
import { DeliveriesPageQuery } from '../../webhooks/http/dto/deliveries-page.query';
import { presentDelivery, presentView, presentWebhook } from '../../webhooks/http/webhooks.presenter';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';
import { PortalMode, WithMode } from './portal-mode';

/** Query of GET /developers/api/webhooks/:id/deliveries: a page, of one mode's webhook. */
class PortalDeliveriesQuery extends WithMode(DeliveriesPageQuery) {}

/**
 * The signed-in account's webhooks, for the developer page: the routes of /v1/webhooks with a
 * session instead of an API key, calling the same service with the same DTOs and presenter,
 * so validation, errors and shapes are those of the API. No Idempotency-Key here (as for the
 * portal's keys); ShownOnceInterceptor still puts the secret into the one response that shows it.
 * Each route works on the webhooks of the mode its `?mode=` names (live by default), as a key of
 * that mode would.
 */
@ApiTags('developer portal')
@ApiCookieAuth('sid')
@ApiErrorResponses(400)
@ApiNoSessionResponse()
@Controller('developers/api/webhooks')
@Public()
@UseGuards(SameOriginGuard, SessionGuard)
@PortalMode()
export class PortalWebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @PostOk()
  @UseInterceptors(ShownOnceInterceptor)
  @ApiOperation({ summary: 'Register a webhook endpoint: the only response that shows its signing secret' })
  @ApiDataResponse(NewWebhookData)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  @ApiRuleResponse('the account already has 10 webhooks')
  async create(@CurrentSession() session: Session, @Body() body: CreateWebhookDto) {
    const view = await this.webhooks.create(accountViewer(session.userId), {
      url: body.url,
      types: body.types ?? null,
      listId: body.list_id ?? null,
    });
    return { webhook: presentView(view) };
  }

  @Get()
  @ApiOperation({ summary: 'The account’s webhook endpoints, oldest first, without secrets' })
  @ApiDataResponse(WebhooksData)
  async list(@CurrentSession() session: Session) {
    return { webhooks: (await this.webhooks.list(accountViewer(session.userId))).map((webhook) => presentWebhook(webhook)) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook endpoint and its deliveries' })
  @ApiDataResponse(EmptyResponse)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  async delete(@CurrentSession() session: Session, @Param('id') id: string) {
    await this.webhooks.delete(accountViewer(session.userId), id);
    return {};
  }

  @PostOk(':id/rotate-secret')
  @UseInterceptors(ShownOnceInterceptor)
  @ApiOperation({ summary: 'A new signing secret (shown this once); the old one keeps signing beside it for 24 h' })
  @ApiDataResponse(NewWebhookData)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  async rotate(@CurrentSession() session: Session, @Param('id') id: string, @Body(NoFieldsPipe) _body: unknown) {
    return { webhook: presentView(await this.webhooks.rotateSecret(accountViewer(session.userId), id)) };
  }

  @PostOk(':id/test')
  @ApiOperation({ summary: 'Send a webhook.test event to the endpoint now' })
  @ApiDataResponse(DeliveryData)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  @ApiRuleResponse('the webhook is disabled')
  async test(
    @CurrentSession() session: Session,
    @CurrentMode() mode: KeyMode,
    @Param('id') id: string,
    @Body(NoFieldsPipe) _body: unknown,
  ) {
    return { delivery: presentDelivery(await this.webhooks.sendTest(accountViewer(session.userId, mode), id)) };
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: "The endpoint's deliveries, newest first" })
  @ApiDataResponse(DeliveryPageData)
  @ApiErrorResponses(404)
  async deliveries(@CurrentSession() session: Session, @Param('id') id: string, @Query() query: PortalDeliveriesQuery) {
    const page = await this.webhooks.deliveriesPage(accountViewer(session.userId), id, query.limit ?? PAGE_LIMIT.default, query.cursor);
    return { deliveries: page.deliveries.map(presentDelivery), next_cursor: page.nextCursor };
  }

  @PostOk(':id/deliveries/:delivery_id/retry')
  @ApiOperation({ summary: 'Schedule a delivery again, now' })
  @ApiDataResponse(DeliveryData)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  @ApiRuleResponse('the webhook is disabled')
  async retry(
    @CurrentSession() session: Session,
    @Param('id') id: string,
    @Param('delivery_id') deliveryId: string,
    @Body(NoFieldsPipe) _body: unknown,
  ) {
    return { delivery: presentDelivery(await this.webhooks.retry(accountViewer(session.userId), id, deliveryId)) };
  }
}
