import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { Public } from '../../../common/http/decorators';
import type { Session } from '../../auth/domain/session';
import { KeyUsageService } from '../../usage/domain/key-usage.service';
import { presentKeyUsage } from './key-usage.presenter';
import { KeyUsageData } from './responses/key-usage.response';
import { ApiNoSessionResponse } from './responses/portal-errors';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';

/** How much the signed-in account's keys are used, for the chart on the developer page. */
@ApiTags('developer portal')
@ApiCookieAuth('sid')
@ApiNoSessionResponse()
@Controller('developers/api/keys')
@Public()
@UseGuards(SameOriginGuard, SessionGuard)
export class PortalKeyUsageController {
  constructor(private readonly usage: KeyUsageService) {}

  @Get(':id/usage')
  @ApiOperation({
    summary: 'A key’s requests per UTC day over the last 30 days, by status class',
    description:
      'Counts every request made with the key, refusals included. This instance’s requests show at once; ' +
      'those answered by other instances may be up to a minute late.',
  })
  @ApiDataResponse(KeyUsageData)
  @ApiErrorResponses(404)
  async show(@CurrentSession() session: Session, @Param('id') id: string) {
    return { usage: presentKeyUsage(await this.usage.usageOf(session.userId, id)) };
  }
}
