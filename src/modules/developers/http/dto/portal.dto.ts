import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import type { KeyMode } from '../../../../common/auth/principal';
import { SCOPES } from '../../../../common/auth/scopes';
import { KEY_MODES, MAX_ALLOWED_IPS, MAX_KEY_LIFETIME_DAYS, MAX_KEY_LISTS } from '../../../keys/domain/key-restrictions';
import { MAX_ROLL_GRACE_HOURS } from '../../../keys/domain/keys.service';

// Types are checked here; bounds (which count code points, after trimming where the
// contract says so) are the domain's, so the portal and the operator CLI share them.

export class SignUpDto {
  @ApiProperty({ example: 'ada@example.com', maxLength: 254, description: 'Unique, matched case-insensitively' })
  @IsString()
  email!: string;

  @ApiProperty({ example: 'ada_l', pattern: '^[a-z0-9_]{3,32}$', minLength: 3, maxLength: 32 })
  @IsString()
  username!: string;

  @ApiProperty({ example: 'Ada Lovelace', minLength: 1, maxLength: 100 })
  @IsString()
  name!: string;

  @ApiProperty({ minLength: 10, maxLength: 1024, example: 'correct horse battery staple' })
  @IsString()
  password!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com', description: 'The email (any case) or the username' })
  @IsString()
  login!: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  password!: string;
}

// The restrictions of a new key (API.md section 9): types here, rules in the keys domain
// (key-restrictions.ts), which the operator command shares. Omitted or null: the default.
const RESTRICTIONS = 'Omitted or null: ';

/** Body of POST /developers/api/keys. */
export class CreateKeyDto {
  @ApiProperty({ example: 'CI pipeline', minLength: 1, maxLength: 100, description: 'Trimmed' })
  @IsString()
  label!: string;

  @ApiPropertyOptional({
    enum: KEY_MODES,
    default: 'live',
    description: 'The data the key works on: `live` (`sk_live_…`, live data) or `test` (`sk_test_…`, the sandbox: API.md "Test mode")',
  })
  @IsOptional()
  @IsString()
  mode?: string | null;

  @ApiPropertyOptional({
    enum: SCOPES,
    isArray: true,
    minItems: 1,
    uniqueItems: true,
    nullable: true,
    description: `${RESTRICTIONS}all five. A non-empty subset; an unknown or repeated scope is a 400`,
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  scopes?: string[] | null;

  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: MAX_KEY_LISTS,
    uniqueItems: true,
    nullable: true,
    description: `${RESTRICTIONS}every list the account can see, now and later. Ids of lists the account can see (else 404); the key reaches those lists only`,
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  list_ids?: string[] | null;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: `${RESTRICTIONS}never. An ISO 8601 time with an offset, in the future and at most ${MAX_KEY_LIFETIME_DAYS} days ahead; from then on the key is a 401`,
    example: '2026-12-31T23:59:59.000Z',
  })
  @IsOptional()
  @IsString()
  expires_at?: string | null;

  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: MAX_ALLOWED_IPS,
    nullable: true,
    description: `${RESTRICTIONS}anywhere. IPv4/IPv6 addresses or CIDR ranges (stored canonical); a request from elsewhere is a 403`,
    example: ['203.0.113.7', '2001:db8::/32'],
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  allowed_ips?: string[] | null;
}

/** Query of GET /developers/api/keys. */
export class KeysQuery {
  @ApiPropertyOptional({ enum: KEY_MODES, description: 'Only the keys of this mode; omitted: both' })
  @IsOptional()
  @IsIn(KEY_MODES)
  mode?: KeyMode;
}

/** Body of POST /developers/api/keys/:id/roll. */
export class RollKeyDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_ROLL_GRACE_HOURS,
    description: 'Hours the old key keeps working (its grace period); 0: it expires at once',
    example: 24,
  })
  @IsInt({ message: `expires_in_hours must be an integer from 0 to ${MAX_ROLL_GRACE_HOURS}` })
  expires_in_hours!: number;
}
