import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PageLimit } from './page-limit';

/** The query of a paged route: the project's page limit and an opaque cursor. Extend it to add filters. */
export class PageQuery {
  @PageLimit()
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque: the next_cursor of the previous page, passed back unchanged' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
