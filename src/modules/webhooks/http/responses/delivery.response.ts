import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import type { DeliveryStatus } from '../../domain/delivery';

const DELIVERY_STATUSES: DeliveryStatus[] = ['pending', 'succeeded', 'failed'];

@ApiSchema({ name: 'Delivery' })
export class DeliveryResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty({ description: 'The `webhook-id` header of every attempt' })
  event_id!: string;

  @ApiProperty()
  event_type!: string;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  status!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  attempts!: number;

  @ApiProperty({ type: 'integer', nullable: true })
  last_status_code!: number | null;

  @ApiProperty({ type: String, nullable: true })
  last_error!: string | null;

  @ApiTimestampProperty({ nullable: true, description: 'When the next attempt is due; null once succeeded or failed' })
  next_attempt_at!: string | null;

  @ApiTimestampProperty()
  created_at!: string;
}

export class DeliveryData {
  @ApiProperty({ type: () => DeliveryResponse })
  delivery!: DeliveryResponse;
}

export class DeliveryPageData {
  @ApiProperty({ type: () => [DeliveryResponse] })
  deliveries!: DeliveryResponse[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  next_cursor!: string | null;
}
