import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PageLimit } from '../../../../common/http/page-limit';

/** Query of GET /v1/webhooks/:id/deliveries: the project's page limit and opaque cursor. */
export class DeliveriesPageQuery {
  @PageLimit()
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque: the next_cursor of the previous page, passed back unchanged' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
