import type { Type } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { ItemResponse } from '../../../items/application/responses/item.response';
import { InvitationResponse } from '../../../lists/application/responses/invitation.response';
import { ListRefResponse, ListResponse, UserSummaryResponse } from '../../../lists/application/responses/list.response';
import { MemberResponse } from '../../../lists/application/responses/member.response';
import { EVENT_TYPES } from '../../domain/event';

const holding = (key: string, model: Type<unknown>) => ({
  type: 'object' as const,
  required: [key],
  properties: { [key]: { $ref: getSchemaPath(model) } },
});

/** One change, as the feed answers it and a webhook receives it. */
@ApiSchema({ name: 'Event', description: 'A change to a list, its items or its members' })
@ApiExtraModels(ListResponse, ItemResponse, MemberResponse, InvitationResponse)
export class EventResponse {
  @ApiProperty({ pattern: '^evt_', description: 'Opaque; the same in webhook deliveries (webhook-id)' })
  id!: string;

  @ApiProperty({ enum: EVENT_TYPES })
  type!: string;

  @ApiTimestampProperty()
  created_at!: string;

  @ApiProperty({ type: () => ListRefResponse })
  list!: ListRefResponse;

  @ApiProperty({ type: () => UserSummaryResponse })
  actor!: UserSummaryResponse;

  @ApiProperty({
    description:
      'list.*: {list}; item.*: {item}; member.*: {member}; invitation.*: {invitation}, as the other routes show them at the time of the event',
    oneOf: [
      holding('list', ListResponse),
      holding('item', ItemResponse),
      holding('member', MemberResponse),
      holding('invitation', InvitationResponse),
    ],
  })
  data!: object;

  @ApiProperty({ description: "false for an event of test mode (an sk_test_ key's sandbox), true for live data" })
  livemode!: boolean;
}

export class EventPageData {
  @ApiProperty({ type: () => [EventResponse] })
  events!: EventResponse[];

  @ApiProperty({
    description:
      'Never null: pass it as `after`, with the same order, for what follows: newer events (order=oldest) or older ones (order=newest; an empty page: none left)',
  })
  next_cursor!: string;
}
