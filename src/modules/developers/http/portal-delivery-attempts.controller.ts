import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { accountViewer } from '../../../common/auth/reach';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { Public } from '../../../common/http/decorators';
import type { Session } from '../../auth/domain/session';
import { WebhookDeliveriesService } from '../../webhooks/domain/webhook-deliveries.service';
import { presentDeliveryAttempt } from './delivery-attempt.presenter';
import { PortalMode } from './portal-mode';
import { DeliveryAttemptsData } from './responses/delivery-attempt.response';
import { ApiNoSessionResponse } from './responses/portal-errors';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';

/**
 * The delivery inspector of the developer page: what each attempt of one of the account's
 * webhook deliveries sent and got back, in the mode `?mode=` names. A route of the page alone
 * (not of /v1/): the webhooks' own routes are shared with the API, this one is not part of it.
 */
@ApiTags('developer portal')
@ApiCookieAuth('sid')
@ApiNoSessionResponse()
@Controller('developers/api/webhooks')
@Public()
@UseGuards(SameOriginGuard, SessionGuard)
@PortalMode()
export class PortalDeliveryAttemptsController {
  constructor(private readonly deliveries: WebhookDeliveriesService) {}

  @Get(':id/deliveries/:delivery_id/attempts')
  @ApiOperation({
    summary: 'Each attempt of a delivery, oldest first: the headers sent, the status, the answer’s headers and first 4 KiB, the timing',
  })
  @ApiDataResponse(DeliveryAttemptsData)
  @ApiErrorResponses(400, 404)
  async attempts(@CurrentSession() session: Session, @Param('id') id: string, @Param('delivery_id') deliveryId: string) {
    const { attempts } = await this.deliveries.attemptsOf(accountViewer(session.userId), id, deliveryId);
    return { attempts: attempts.map(presentDeliveryAttempt) };
  }
}
