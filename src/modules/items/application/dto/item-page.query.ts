import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageLimit } from '../../../../common/http/page-limit';
import { ITEM_STATUS_FILTERS, ItemStatusFilter } from '../../domain/item';

/** Query of GET /v1/lists/:id/items; unknown parameters are a 400 like unknown body fields. */
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
