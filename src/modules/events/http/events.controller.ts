import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { EventsService } from '../domain/events.service';
import { EventFeedQuery } from './event-feed.query';

@ApiTags('events')
@Controller('v1/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'The change feed: events of the lists the caller could see, oldest first' })
  async feed(@CurrentPrincipal() caller: Principal, @Query() query: EventFeedQuery) {
    const page = await this.events.feed(caller.userId, {
      after: query.after,
      limit: query.limit,
      listId: query.list_id,
      types: query.types,
    });
    return { events: page.events, next_cursor: page.nextCursor };
  }
}
