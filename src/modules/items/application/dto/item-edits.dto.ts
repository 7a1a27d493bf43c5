import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, IsString, ValidateIf, ValidateNested } from 'class-validator';
import { ENTRIES_MAX, ENTRIES_MIN } from '../../domain/item-text';
import { LABELS_MAX } from '../../domain/item-fields';

export const PRIORITIES = ['none', 'low', 'medium', 'high'] as const;

/** Sent (present in the body): `null` is a value here, which only `due` and `assignee` accept. */
const sent = (field: string) => ValidateIf((body: Record<string, unknown>) => body[field] !== undefined);
/** Sent and not null. */
const given = (field: string) => ValidateIf((body: Record<string, unknown>) => body[field] !== undefined && body[field] !== null);

const DUE_DESCRIPTION =
  '`{date, time?, time_zone?, recurrence?}`, or null to clear: date `YYYY-MM-DD`; time `HH:MM` (24 h) with time_zone (an IANA name), ' +
  'or neither (all day); recurrence an RFC 5545 RRULE value without the `RRULE:` prefix. `at` is ignored.';

/**
 * The fields of an item an edit may send, shared by PATCH's body and the update's `set`. The
 * shape is checked here (types, the priority's values); each value's own rules (the text rules,
 * bounds, the due's calendar, labels' uniqueness, the assignee) are the domain's, applied when
 * the body is read (item-changes.ts), so every rule is written once and answers a 400 naming
 * its field.
 */
export class ItemFieldsDto {
  @ApiPropertyOptional({ description: 'The new text: 1-500 characters after trimming' })
  @sent('text')
  @IsString()
  text?: string;

  @ApiPropertyOptional({ description: 'The new notes: 0-10,000 characters after trimming' })
  @sent('notes')
  @IsString()
  notes?: string;

  @ApiPropertyOptional({ description: DUE_DESCRIPTION, type: 'object', nullable: true, additionalProperties: true })
  @given('due')
  @IsObject()
  due?: Record<string, unknown> | null;

  @ApiPropertyOptional({ enum: PRIORITIES })
  @sent('priority')
  @IsIn(PRIORITIES)
  priority?: (typeof PRIORITIES)[number];

  @ApiPropertyOptional({
    description: `Replaces the labels: 0-${LABELS_MAX} of 1-40 characters (trimmed), unique case-insensitively, kept in this order`,
    type: [String],
    maxItems: LABELS_MAX,
  })
  @sent('labels')
  @IsArray()
  @IsString({ each: true })
  labels?: string[];

  @ApiPropertyOptional({
    description: 'A user id of the list\'s owner or one of its members, or "me"; null clears it',
    type: String,
    nullable: true,
    example: 'me',
  })
  @given('assignee')
  @IsString()
  assignee?: string | null;
}

/** Body of PATCH /v1/lists/:id/items/:item_id: only the members sent change. */
export class EditItemDto extends ItemFieldsDto {}

/** The update's `set`: the item fields, and labels edited rather than replaced. */
export class UpdateSetDto extends ItemFieldsDto {
  @ApiPropertyOptional({
    description: 'Labels to append where an item lacks them (one it has stays where it is); not with labels',
    type: [String],
  })
  @sent('add_labels')
  @IsArray()
  @IsString({ each: true })
  add_labels?: string[];

  @ApiPropertyOptional({
    description: 'Labels to remove where an item has them (others are ignored; removals come first); not with labels',
    type: [String],
  })
  @sent('remove_labels')
  @IsArray()
  @IsString({ each: true })
  remove_labels?: string[];
}

const LIST_DESCRIPTION =
  'An accessible list: its id, or else its name (matched after trimming, NFC and Unicode full case folding, ' +
  'first among your own lists, then among lists shared with you)';
const ENTRIES_DESCRIPTION =
  'Item ids of the list, or texts matched after trimming, NFC and Unicode full case folding (the oldest item of any state with ' +
  'that text); one item is never matched twice. Any entry matching nothing is a 404 and nothing changes.';

/** Body of POST /v1/actions/update. */
export class UpdateItemsDto {
  @ApiProperty({ description: LIST_DESCRIPTION, example: 'Groceries' })
  @IsString()
  list!: string;

  @ApiProperty({ description: ENTRIES_DESCRIPTION, type: [String], minItems: ENTRIES_MIN, maxItems: ENTRIES_MAX, example: ['milk'] })
  @IsArray()
  @ArrayMinSize(ENTRIES_MIN)
  @ArrayMaxSize(ENTRIES_MAX)
  @IsString({ each: true })
  items!: string[];

  @ApiProperty({
    description: 'What to set on every matched item (at least one member; text only when one item is matched)',
    type: UpdateSetDto,
  })
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateSetDto)
  set!: UpdateSetDto;
}

/** Body of POST /v1/actions/move. */
export class MoveItemsDto {
  @ApiProperty({ description: LIST_DESCRIPTION, example: 'Groceries' })
  @IsString()
  list!: string;

  @ApiProperty({
    description: `${ENTRIES_DESCRIPTION} Moved as one block, in this order.`,
    type: [String],
    minItems: ENTRIES_MIN,
    maxItems: ENTRIES_MAX,
    example: ['milk'],
  })
  @IsArray()
  @ArrayMinSize(ENTRIES_MIN)
  @ArrayMaxSize(ENTRIES_MAX)
  @IsString({ each: true })
  items!: string[];

  @ApiPropertyOptional({
    description: 'Another list you can write to (its id or name, resolved as list): the items keep their ids, fields and history',
  })
  @sent('to_list')
  @IsString()
  to_list?: string;

  @ApiPropertyOptional({ description: 'An item of the target list (id or text): the block goes just before it. Not with after or to' })
  @sent('before')
  @IsString()
  before?: string;

  @ApiPropertyOptional({ description: 'An item of the target list (id or text): the block goes just after it. Not with before or to' })
  @sent('after')
  @IsString()
  after?: string;

  @ApiPropertyOptional({ enum: ['top', 'bottom'], description: 'The top or the bottom (the default) of the target list' })
  @sent('to')
  @IsIn(['top', 'bottom'])
  to?: 'top' | 'bottom';
}
