import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { EVENT_TYPES } from '../../../events/domain/event';
import type { WebhookStatus } from '../../domain/webhook';

const WEBHOOK_STATUSES: WebhookStatus[] = ['active', 'disabled'];

@ApiSchema({ name: 'Webhook' })
export class WebhookResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty({ maxLength: 2048 })
  url!: string;

  @ApiProperty({ enum: EVENT_TYPES, isArray: true, nullable: true, description: 'Event types delivered; null: every type' })
  types!: string[] | null;

  @ApiProperty({ type: String, nullable: true, description: 'Only events of this list; null: every list the account can see' })
  list_id!: string | null;

  @ApiProperty({ enum: WEBHOOK_STATUSES })
  status!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Why the service disabled it (a 410 answer, five days of failures)' })
  disabled_reason!: string | null;

  @ApiTimestampProperty()
  created_at!: string;
}

/** A webhook as the answers that make its signing secret show it. */
@ApiSchema({ name: 'NewWebhook' })
export class NewWebhookResponse extends WebhookResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
    description: 'The signing secret, shown only in this response (null in its Idempotency-Key replay); verify deliveries with it',
  })
  secret!: string | null;
}

export class NewWebhookData {
  @ApiProperty({ type: () => NewWebhookResponse })
  webhook!: NewWebhookResponse;
}

export class WebhooksData {
  @ApiProperty({ type: () => [WebhookResponse] })
  webhooks!: WebhookResponse[];
}
