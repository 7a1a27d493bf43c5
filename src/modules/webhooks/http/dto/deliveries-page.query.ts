import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { PAGE_LIMIT } from '../../../../common/paging/cursor';

/** Query of GET /v1/webhooks/:id/deliveries: the project's page limit and opaque cursor. */
export class DeliveriesPageQuery {
  @ApiPropertyOptional({ minimum: PAGE_LIMIT.min, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default, type: 'integer' })
  @IsOptional()
  // Only plain digits become a number; "1e2", "5.0" or "" stay strings and fail IsInt (400).
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(PAGE_LIMIT.min)
  @Max(PAGE_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque: the next_cursor of the previous page, passed back unchanged' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
