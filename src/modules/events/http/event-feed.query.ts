import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { EVENT_TYPES } from '../domain/event';

/** Query of GET /v1/events. */
export class EventFeedQuery {
  @ApiPropertyOptional({
    description: 'Opaque: the next_cursor of the previous page, passed back unchanged; or `now`. Omitted: from the oldest retained event',
  })
  @IsOptional()
  @IsString()
  after?: string;

  @ApiPropertyOptional({ minimum: PAGE_LIMIT.min, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default, type: 'integer' })
  @IsOptional()
  // Only plain digits become a number; "1e2", "5.0" or "" stay strings and fail IsInt (400).
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(PAGE_LIMIT.min)
  @Max(PAGE_LIMIT.max)
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
