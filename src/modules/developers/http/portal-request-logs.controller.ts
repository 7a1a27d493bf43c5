import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { accountViewer } from '../../../common/auth/reach';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { Public } from '../../../common/http/decorators';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import type { Session } from '../../auth/domain/session';
import { RequestLogsService } from '../../request-logs/domain/request-logs.service';
import { RequestLogsQuery } from './dto/request-logs.query';
import { PortalMode } from './portal-mode';
import { presentRequestLogDetail, presentRequestLogLine } from './request-log.presenter';
import { ApiNoSessionResponse } from './responses/portal-errors';
import { RequestLogData, RequestLogPageData } from './responses/request-log.response';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';

/**
 * The request log of the signed-in account's keys, for the developer page's Logs: the last 24
 * hours of /v1/ and /mcp requests made with its keys of the mode `?mode=` names, read from the
 * database, so every instance's lines show once flushed (within about a second).
 */
@ApiTags('developer portal')
@ApiCookieAuth('sid')
@ApiNoSessionResponse()
@Controller('developers/api/request-logs')
@Public()
@UseGuards(SameOriginGuard, SessionGuard)
@PortalMode()
export class PortalRequestLogsController {
  constructor(private readonly logs: RequestLogsService) {}

  @Get()
  @ApiOperation({
    summary: 'The requests made with the account’s keys in the last 24 hours, newest first, without bodies',
    description: 'Filters combine: a key, a status class, a route pattern, a request id.',
  })
  @ApiDataResponse(RequestLogPageData)
  @ApiErrorResponses(400)
  async page(@CurrentSession() session: Session, @Query() query: RequestLogsQuery) {
    const page = await this.logs.page(
      accountViewer(session.userId),
      { keyId: query.key_id, statusClass: query.status_class, route: query.route, requestId: query.request_id },
      query.limit ?? PAGE_LIMIT.default,
      query.cursor,
    );
    return { request_logs: page.lines.map(presentRequestLogLine), next_cursor: page.nextCursor };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One request of the account’s keys, with its request and response bodies, secrets redacted' })
  @ApiDataResponse(RequestLogData)
  @ApiErrorResponses(400, 404)
  async show(@CurrentSession() session: Session, @Param('id') id: string) {
    return { request_log: presentRequestLogDetail(await this.logs.line(accountViewer(session.userId), id)) };
  }
}
