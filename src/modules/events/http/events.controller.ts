import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponse } from '../../../common/http/api-response.decorators';
import { EventPageData } from './responses/event.response';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { EventsService } from '../domain/events.service';
import { EventFeedQuery } from '../application/event-feed.query';

@ApiTags('events')
@Controller('v1/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'The change feed: events of the lists the caller could see, oldest first' })
  @ApiDataResponse(EventPageData)
  @ApiErrorResponse(
    410,
    'The cursor is older than the retained events: "cursor expired: read the lists again, then follow the feed from now"',
  )
  async feed(@CurrentPrincipal() caller: Principal, @Query() query: EventFeedQuery) {
    const page = await this.events.feed(caller, {
      after: query.after,
      limit: query.limit,
      listId: query.list_id,
      types: query.types,
    });
    return { events: page.events, next_cursor: page.nextCursor };
  }
}
