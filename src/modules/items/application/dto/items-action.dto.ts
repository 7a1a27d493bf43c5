import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, registerDecorator } from 'class-validator';
import { RECURRENCE_MAX_LENGTH } from '../../domain/due';
import { ITEM_PRIORITIES, type ItemPriority } from '../../domain/item';
import { LABEL_MAX, LABELS_MAX, NOTES_MAX, type AddEntry } from '../../domain/item-fields';
import { ENTRIES_MAX, ENTRIES_MIN, ITEM_TEXT_MAX } from '../../domain/item-text';

/**
 * The `list` of every action's body (ItemsActionDto, AddItemsDto), declared here once. A
 * decorator rather than a shared base class: class-validator names a class's own properties'
 * problems before inherited ones, and a 400 names `list`'s first.
 */
const ActionList = (): PropertyDecorator =>
  applyDecorators(
    ApiProperty({
      description:
        'An accessible list: its id, or else its name (matched after trimming, NFC and Unicode full case folding, ' +
        'first among your own lists, then among lists shared with you)',
      minLength: 1,
      example: 'Groceries',
    }),
    IsString(),
  );

/**
 * Body of POST /v1/actions/add|complete|reopen|remove. Only the shape is checked here (a
 * string, and an array of 1-100 strings, with the domain's bounds); each entry's text rule
 * (trimmed length, NUL, unpaired surrogates) is the domain's (item-text.ts), which the
 * service applies before it looks the list up, so a bad text is still a 400 before a 404.
 */
export class ItemsActionDto {
  @ActionList()
  list!: string;

  @ApiProperty({
    description:
      `add: the texts to add (each 1-${ITEM_TEXT_MAX} characters after trimming, no NUL). complete, reopen, remove: ` +
      'item ids of the list, or texts matched after trimming, NFC and Unicode full case folding (complete: the oldest open item ' +
      'with that text; reopen: the oldest completed one; remove: the oldest of any state); one item is never ' +
      'matched twice. Any entry matching nothing is a 404 and nothing changes.',
    type: [String],
    minItems: ENTRIES_MIN,
    maxItems: ENTRIES_MAX,
    example: ['milk', 'bread'],
  })
  @IsArray()
  @ArrayMinSize(ENTRIES_MIN)
  @ArrayMaxSize(ENTRIES_MAX)
  @IsString({ each: true })
  items!: string[];
}

/** Each entry of an add: a string or an object (its members are the domain's to read, item-fields.ts). */
function IsAddEntry(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isAddEntry',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.every((entry) => typeof entry === 'string' || (entry !== null && typeof entry === 'object' && !Array.isArray(entry))),
        defaultMessage: () => 'each entry of items must be a text or an object {text, notes?, due?, priority?, labels?, assignee?}',
      },
    });
}

/** When an item is due, as a request gives it (API.md section 13). */
@ApiSchema({ name: 'ItemDueInput', description: 'When an item is due; `at` is computed, and ignored when sent' })
export class ItemDueInput {
  @ApiProperty({ format: 'date', example: '2026-12-01', description: 'A real calendar date, YYYY-MM-DD' })
  date!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '09:00', description: 'HH:MM (24 h); omitted or null: all day' })
  time?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Europe/Berlin',
    description: 'An IANA time zone name: required with `time`, null without it',
  })
  time_zone?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: RECURRENCE_MAX_LENGTH,
    example: 'FREQ=WEEKLY;BYDAY=MO',
    description:
      'An RFC 5545 RRULE value without the `RRULE:` prefix: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY; required), INTERVAL (1-366), ' +
      'BYDAY, BYMONTHDAY (1-31 or -1), BYMONTH (1-12), COUNT (1-1000) or UNTIL (YYYYMMDD)',
  })
  recurrence?: string | null;
}

/** An item of an add given with its fields (API.md section 13, "Adding with fields"). */
@ApiSchema({ name: 'AddItemEntry', description: 'An item to add, with the fields to set; every other field takes its default' })
export class AddItemEntry {
  @ApiProperty({ minLength: 1, maxLength: ITEM_TEXT_MAX, example: 'Call the plumber' })
  text!: string;

  @ApiPropertyOptional({ maxLength: NOTES_MAX, description: `0-${NOTES_MAX} characters after trimming; default ""` })
  notes?: string;

  @ApiPropertyOptional({ type: () => ItemDueInput, nullable: true, description: 'Default null' })
  due?: ItemDueInput | null;

  @ApiPropertyOptional({ enum: ITEM_PRIORITIES, enumName: 'ItemPriority', description: 'Default "none"' })
  priority?: ItemPriority;

  @ApiPropertyOptional({
    type: [String],
    maxItems: LABELS_MAX,
    description: `0-${LABELS_MAX} labels of 1-${LABEL_MAX} characters (trimmed), unique case-insensitively, kept in this order; default []`,
  })
  labels?: string[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'me',
    description: 'The user id of the list\'s owner or of a member, or "me"; default null (422 for anyone else)',
  })
  assignee?: string | null;
}

/**
 * Body of POST /v1/actions/add: each entry a text or an AddItemEntry, mixed as the client
 * likes. The DTO checks the shape (an array of 1-100 strings or objects); every rule of an
 * entry is the domain's (item-fields.ts), applied before the list is looked up.
 */
@ApiExtraModels(AddItemEntry)
export class AddItemsDto {
  @ActionList()
  list!: string;

  @ApiProperty({
    description:
      `The items to add, in this order: each a text (1-${ITEM_TEXT_MAX} characters after trimming, no NUL) or an object ` +
      'with the text and the fields to set. One invalid entry is a 400 naming it, and nothing is added.',
    type: 'array',
    items: { oneOf: [{ type: 'string', minLength: 1, maxLength: ITEM_TEXT_MAX }, { $ref: getSchemaPath(AddItemEntry) }] },
    minItems: ENTRIES_MIN,
    maxItems: ENTRIES_MAX,
    example: ['milk', { text: 'Call the plumber', due: { date: '2026-12-01', time: '09:00', time_zone: 'Europe/Berlin' }, assignee: 'me' }],
  })
  @IsArray()
  @ArrayMinSize(ENTRIES_MIN)
  @ArrayMaxSize(ENTRIES_MAX)
  @IsAddEntry()
  items!: AddEntry[];
}
