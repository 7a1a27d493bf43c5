import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { NOT_SURE, PageLimit, quickPageLimit } from '../../../../common/http/page-limit';
import { AcceptsQuickly } from '../../../../common/http/validation';
import { ITEM_STATUS_FILTERS, ItemStatusFilter } from '../../domain/item';

const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/** Query of GET /v1/lists/:id/items; unknown parameters are a 400 like unknown body fields. */
@AcceptsQuickly(({ limit, cursor, status }) => {
  const quickLimit = quickPageLimit(limit);
  if (quickLimit === NOT_SURE || !optionalString(cursor)) return undefined;
  if (status !== undefined && !ITEM_STATUS_FILTERS.includes(status as ItemStatusFilter)) return undefined;
  return { limit: quickLimit, cursor, status };
})
export class ItemPageQuery {
  @PageLimit()
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque: the next_cursor of the previous page of this list, passed back unchanged' })
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({ enum: ITEM_STATUS_FILTERS, default: 'all', description: 'Which items: all, open or completed' })
  @IsOptional()
  @IsIn(ITEM_STATUS_FILTERS)
  status?: ItemStatusFilter;
}
