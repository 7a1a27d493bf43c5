import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../common/http/page.query';
import { STATUS_CLASSES, type StatusClass } from '../../../request-logs/domain/request-log';
import { WithMode } from '../portal-mode';

/** Query of GET /developers/api/request-logs: a page of the mode's lines, narrowed by any of the filters. */
export class RequestLogsQuery extends WithMode(PageQuery) {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the requests made with this key' })
  @IsOptional()
  @IsUUID()
  key_id?: string;

  @ApiPropertyOptional({ enum: STATUS_CLASSES, description: 'Only the requests answered with a status of this class' })
  @IsOptional()
  @IsIn(STATUS_CLASSES)
  status_class?: StatusClass;

  @ApiPropertyOptional({ maxLength: 200, example: '/v1/lists/:id/items', description: 'Only the requests of this route pattern, exactly' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  route?: string;

  @ApiPropertyOptional({
    pattern: '^[A-Za-z0-9._-]{1,128}$',
    description: 'Only the request answered with this X-Request-Id',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{1,128}$/, { message: 'request_id must be 1-128 of A-Z a-z 0-9 . _ -' })
  request_id?: string;
}
