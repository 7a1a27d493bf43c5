import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageLimit } from '../../../common/http/page-limit';
import { EVENT_TYPES, FEED_ORDERS, type FeedOrder } from '../domain/event';

/** Query of GET /v1/events. */
export class EventFeedQuery {
  @ApiPropertyOptional({
    enum: FEED_ORDERS,
    default: 'oldest',
    description:
      'oldest: oldest first, next_cursor leads to newer events (follow the feed with it). newest: newest first, next_cursor leads to older events, and an empty page means none are left. A cursor goes with the order that issued it',
  })
  @IsOptional()
  @IsIn(FEED_ORDERS, { message: `order must be one of: ${FEED_ORDERS.join(', ')}` })
  order?: FeedOrder;

  @ApiPropertyOptional({
    description:
      'Opaque: the next_cursor of the previous page (of the same order), passed back unchanged; or `now` (order=oldest only). Omitted: from the oldest retained event, or with order=newest from the newest event',
  })
  @IsOptional()
  @IsString()
  after?: string;

  @PageLimit()
  limit?: number;

  @ApiPropertyOptional({ description: 'Only the events of this list', format: 'uuid' })
  @IsOptional()
  @IsString()
  list_id?: string;

  @ApiPropertyOptional({ description: `Comma list of event types: ${EVENT_TYPES.join(', ')}` })
  @IsOptional()
  @IsString()
  types?: string;
}
