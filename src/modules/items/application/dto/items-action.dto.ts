import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { ENTRIES_MAX, ENTRIES_MIN, ITEM_TEXT_MAX } from '../../domain/item-text';

/**
 * Body of POST /v1/actions/add|complete|reopen|remove. Only the shape is checked here (a
 * string, and an array of 1-100 strings, with the domain's bounds); each entry's text rule
 * (trimmed length, NUL, unpaired surrogates) is the domain's (item-text.ts), which the
 * service applies before it looks the list up, so a bad text is still a 400 before a 404.
 */
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
