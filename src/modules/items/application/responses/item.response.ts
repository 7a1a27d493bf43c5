import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { ListRefResponse } from '../../../lists/application/responses/list.response';
import { ITEM_PRIORITIES, type ItemPriority } from '../../domain/item';

@ApiSchema({ name: 'ItemDue', description: 'When an item is due' })
export class ItemDueResponse {
  @ApiProperty({ format: 'date', example: '2026-12-01', description: 'A calendar date, YYYY-MM-DD' })
  date!: string;

  @ApiProperty({ type: String, nullable: true, example: '09:00', description: 'HH:MM (24 h); null for a due all day' })
  time!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Europe/Berlin',
    description: 'The IANA time zone of `time`; given with `time`, null without it',
  })
  time_zone!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 200,
    example: 'FREQ=WEEKLY;BYDAY=MO',
    description: 'An RFC 5545 RRULE value (no `RRULE:` prefix): FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT or UNTIL',
  })
  recurrence!: string | null;

  @ApiTimestampProperty({
    nullable: true,
    description: 'Output only: the instant of `date` and `time` in `time_zone`; null for a due all day',
  })
  at!: string | null;
}

@ApiSchema({ name: 'ItemAssignee', description: 'The user an item is assigned to: the owner or a member of its list' })
export class ItemAssigneeResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  username!: string;

  @ApiProperty()
  name!: string;
}

@ApiSchema({ name: 'Item', description: 'An item of a list' })
export class ItemResponse {
  @ApiIdProperty()
  id!: string;

  @ApiIdProperty()
  list_id!: string;

  @ApiProperty({ minLength: 1, maxLength: 500 })
  text!: string;

  @ApiProperty({ maxLength: 10_000, description: 'Free text, trimmed; empty when none' })
  notes!: string;

  @ApiProperty()
  completed!: boolean;

  @ApiTimestampProperty()
  created_at!: string;

  @ApiIdProperty({ description: 'User id' })
  created_by!: string;

  @ApiTimestampProperty({ nullable: true })
  completed_at!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'User id' })
  completed_by!: string | null;

  @ApiProperty({ type: () => ItemDueResponse, nullable: true })
  due!: ItemDueResponse | null;

  @ApiProperty({ enum: ITEM_PRIORITIES, enumName: 'ItemPriority' })
  priority!: ItemPriority;

  @ApiProperty({ type: [String], maxItems: 10, description: 'Each 1-40 characters, unique case-insensitively, in the order given' })
  labels!: string[];

  @ApiProperty({ type: () => ItemAssigneeResponse, nullable: true })
  assignee!: ItemAssigneeResponse | null;

  @ApiProperty({ description: 'Opaque; the items of a list sort by it, ascending, bytewise' })
  position!: string;

  @ApiTimestampProperty({ description: 'The last change of any kind' })
  updated_at!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'One more with every change to the item; the ETag of the item is this number, quoted',
  })
  version!: number;
}

/** The answer of the item actions: the list acted on and the items, in request order. */
export class ItemsData {
  @ApiProperty({ type: () => ListRefResponse })
  list!: ListRefResponse;

  @ApiProperty({ type: () => [ItemResponse] })
  items!: ItemResponse[];
}

export class ItemPageData extends ItemsData {
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  next_cursor!: string | null;
}

/** The answer about one item (GET and PATCH of /v1/lists/:id/items/:item_id). */
export class ItemData {
  @ApiProperty({ type: () => ItemResponse })
  item!: ItemResponse;
}
