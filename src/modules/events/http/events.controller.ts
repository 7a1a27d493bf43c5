import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponse } from '../../../common/http/api-response.decorators';
import { EventPageData } from './responses/event.response';
import { type Caller, CurrentCaller } from '../../../common/http/caller';
import { ApiSessionSummary, RequireScope, SessionOrKey } from '../../../common/http/decorators';
import { EventsService } from '../domain/events.service';
import { EventFeedQuery } from '../application/event-feed.query';

/**
 * The change feed (API.md section 8). The developer page's event browser reads the same feed
 * under /developers/api/events, with its session instead of a key, in the mode its `?mode=`
 * names (@SessionOrKey): the account's events, of every list it sees, newest first.
 */
@ApiTags('events')
@Controller(['v1/events', 'developers/api/events'])
@SessionOrKey()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @RequireScope('lists:read')
  @ApiOperation({
    summary: 'The change feed: events of the lists the caller could see, oldest first (or newest first with order=newest)',
  })
  @ApiSessionSummary('The account’s feed events with their JSON, oldest first or newest first (order), for the event browser')
  @ApiDataResponse(EventPageData)
  @ApiErrorResponse(
    410,
    'The cursor is older than the retained events: "cursor expired: read the lists again, then follow the feed from now"',
  )
  async feed(@CurrentCaller() caller: Caller, @Query() query: EventFeedQuery) {
    const page = await this.events.feed(caller, {
      order: query.order,
      after: query.after,
      limit: query.limit,
      listId: query.list_id,
      types: query.types,
    });
    return { events: page.events, next_cursor: page.nextCursor };
  }
}
