import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, TransformFnParams } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { PAGE_LIMIT } from '../../../../common/paging/cursor';
import { ITEM_STATUS_FILTERS, ItemStatusFilter } from '../../domain/item';

/** Query values are text: only plain digits become a number, so "1e2", "5.0" and "" stay text and fail (400). */
const digitsToNumber = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

/** Query of GET /v1/lists/:id/items; unknown parameters are a 400 like unknown body fields. */
export class ItemPageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: PAGE_LIMIT.min, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default })
  @IsOptional()
  @Transform(digitsToNumber)
  @IsInt()
  @Min(PAGE_LIMIT.min)
  @Max(PAGE_LIMIT.max)
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
