import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { UserSummaryResponse } from '../../../lists/application/responses/list.response';

/**
 * The body POSTed to an endpoint by POST /v1/webhooks/{id}/test (the document's `webhooks`
 * section). Every other delivery is an Event (events/http/responses/event.response.ts).
 */
@ApiSchema({ name: 'WebhookTestEvent', description: 'The shape of every event, with no list: it is about the webhook itself' })
export class WebhookTestEventResponse {
  @ApiProperty({ pattern: '^evt_', description: 'Opaque; the webhook-id header' })
  id!: string;

  @ApiProperty({ const: 'webhook.test' } as never)
  type!: 'webhook.test';

  @ApiTimestampProperty()
  created_at!: string;

  @ApiProperty({ type: 'null' })
  list!: null;

  @ApiProperty({ type: () => UserSummaryResponse })
  actor!: UserSummaryResponse;

  @ApiProperty({
    type: 'object',
    selfRequired: true,
    required: ['webhook'],
    properties: {
      webhook: {
        type: 'object',
        required: ['id', 'url'],
        properties: { id: { type: 'string', description: 'Opaque identifier' }, url: { type: 'string' } },
      },
    },
  })
  data!: { webhook: { id: string; url: string } };

  @ApiProperty({ description: "false for an event of test mode (an sk_test_ key's sandbox), true for live data" })
  livemode!: boolean;
}
