import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, registerDecorator } from 'class-validator';
import type { MemberRole } from '../../domain/membership';
import { MemberRoleField } from './member-role.dto';

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

/** An RFC 3339 date-time with its offset that names a real instant (no 30 February, no 25:00). */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const offsetOk = m[8] === 'Z' || (Number(m[9]) < 24 && Number(m[10]) < 60);
  return realDay && hour < 24 && minute < 60 && second < 60 && offsetOk && !Number.isNaN(Date.parse(value));
}

function IsTimestamp(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isTimestamp',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: isTimestamp,
        defaultMessage: () => `${String(propertyKey)} must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T23:59:59.000Z`,
      },
    });
}

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
  @IsTimestamp()
  expires_at?: string | null;
}
