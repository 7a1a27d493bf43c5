import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PageLimit } from '../../../common/http/page-limit';
import { EVENT_TYPES } from '../domain/event';

/** Query of GET /v1/events. */
export class EventFeedQuery {
  @ApiPropertyOptional({
    description: 'Opaque: the next_cursor of the previous page, passed back unchanged; or `now`. Omitted: from the oldest retained event',
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
