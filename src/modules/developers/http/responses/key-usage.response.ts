import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { USAGE_RETENTION_DAYS } from '../../../usage/domain/key-usage';

/** Requests by the status class they were answered with. */
@ApiSchema({ name: 'KeyUsageCounts' })
export class KeyUsageCountsResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Answered 2xx' })
  '2xx'!: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Answered 4xx, except 429' })
  '4xx'!: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Refused by a rate limit' })
  '429'!: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Answered 5xx' })
  '5xx'!: number;
}

@ApiSchema({ name: 'KeyUsageDay' })
export class KeyUsageDayResponse extends KeyUsageCountsResponse {
  @ApiProperty({ format: 'date', example: '2026-11-26', description: 'A UTC date' })
  date!: string;
}

@ApiSchema({ name: 'KeyUsage', description: 'A key’s requests per UTC day over the last 30 days' })
export class KeyUsageResponse {
  @ApiIdProperty()
  key_id!: string;

  @ApiProperty({
    type: () => [KeyUsageDayResponse],
    minItems: USAGE_RETENTION_DAYS,
    maxItems: USAGE_RETENTION_DAYS,
    description: 'Every day, oldest first, today (UTC) last, days without requests included',
  })
  days!: KeyUsageDayResponse[];

  @ApiProperty({ type: () => KeyUsageCountsResponse, description: 'The sum of the days' })
  totals!: KeyUsageCountsResponse;

  @ApiTimestampProperty({
    description: 'When the counts were read: this instance’s are current, other instances’ up to a minute older',
  })
  updated_at!: string;
}

export class KeyUsageData {
  @ApiProperty({ type: () => KeyUsageResponse })
  usage!: KeyUsageResponse;
}
