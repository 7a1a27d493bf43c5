import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { AcceptsQuickly } from '../../../../common/http/validation';
import { ENTRIES_MAX, ENTRIES_MIN, ITEM_TEXT_MAX } from '../../domain/item-text';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length >= ENTRIES_MIN && value.length <= ENTRIES_MAX && value.every((entry) => typeof entry === 'string');

/**
 * Body of POST /v1/actions/add|complete|reopen|remove. The shape is checked here; each
 * entry's text rule (trimmed length, NUL, unpaired surrogates) is the domain's
 * (item-text.ts), applied before the list is looked up, so it is still a 400 first.
 */
@AcceptsQuickly(({ list, items }) => (typeof list === 'string' && isStringList(items) ? { list, items } : undefined))
export class ItemsActionDto {
  @ApiProperty({
    description:
      'An accessible list: its id, or else its name (matched after trimming, NFC and Unicode full case folding, ' +
      'first among your own lists, then among lists shared with you)',
    minLength: 1,
    example: 'Groceries',
  })
  @IsString()
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
