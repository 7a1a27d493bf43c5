import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsRFC3339, ValidationOptions } from 'class-validator';
import type { MemberRole } from '../../domain/membership';
import { MemberRoleField } from '../../application/dto/member-role.dto';

const TIMESTAMP: ValidationOptions = { message: 'expires_at must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T23:59:59.000Z' };

/** Body of POST /v1/lists/:id/shares. */
export class CreateShareDto {
  @MemberRoleField()
  role!: MemberRole;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the link stops working; must be in the future. Omitted or null: until revoked',
    example: '2026-12-31T23:59:59.000Z',
  })
  @IsOptional()
  // An instant, as OpenAPI's `format: date-time` means it: RFC 3339's date-time (seconds and
  // an offset required) that is also a real day and time to a strict ISO 8601 reading (no
  // 30 February, no 24:00, a T between date and time).
  @IsISO8601({ strict: true, strictSeparator: true }, TIMESTAMP)
  @IsRFC3339(TIMESTAMP)
  expires_at?: string | null;
}
