import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { type KeyMode, MODES } from '../auth/principal';

export const MODE_DESCRIPTION = 'The data the route works on: `live` (the default) or `test` (the sandbox, API.md section 10)';

/**
 * `?mode=` of the developer page's routes that work on one mode's data (webhooks, lists): the
 * session is the account's, whatever the mode, so the page names the mode per request.
 */
export class ModeQuery {
  @ApiPropertyOptional({ enum: MODES, default: 'live', description: MODE_DESCRIPTION })
  @IsOptional()
  @IsIn(MODES)
  mode?: KeyMode;
}
