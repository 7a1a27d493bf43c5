import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, Matches } from 'class-validator';
import { PageLimit } from '../../../../common/http/page-limit';
import { ITEM_PRIORITIES, ITEM_STATUS_FILTERS, ItemStatusFilter } from '../../domain/item';
import { ITEM_SORTS, type ItemSort } from '../../domain/item-view';
import { LABEL_MAX } from '../../domain/item-fields';

/** At most this many characters in `q` and this many words in it (docs/API.md, "Views"). */
export const Q_MAX_LENGTH = 200;
export const Q_MAX_WORDS = 10;
/** At most this many ids in `list_id` (API.md section 13). */
export const LIST_IDS_MAX = 100;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PRIORITY_LIST = new RegExp(`^(${ITEM_PRIORITIES.join('|')})(,(${ITEM_PRIORITIES.join('|')}))*$`);

/**
 * The filters and order of a view of items (API.md section 13, "Views"), as query text. The
 * shape is checked here (each value's form, 400 naming the parameter); item-view-query.ts
 * reads them into an ItemView and checks what depends on several (due_from after due_to).
 */
export class ItemViewQuery {
  @PageLimit()
  limit?: number;

  @ApiPropertyOptional({
    description:
      'Opaque: the next_cursor of the previous page, passed back unchanged. It carries the filters and order it was issued for: send the same ones or none',
  })
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({ enum: ITEM_STATUS_FILTERS, default: 'all', description: 'Which items: all, open or completed' })
  @IsOptional()
  @IsIn(ITEM_STATUS_FILTERS, { message: `status must be one of: ${ITEM_STATUS_FILTERS.join(', ')}` })
  status?: ItemStatusFilter;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-12-01',
    description: 'Only items due on or after this date (due.date); excludes items without a due',
  })
  @IsOptional()
  @Matches(DATE, { message: 'due_from must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'due_from must be a real calendar date as YYYY-MM-DD' })
  due_from?: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-12-07',
    description: 'Only items due on or before this date (due.date); excludes items without a due',
  })
  @IsOptional()
  @Matches(DATE, { message: 'due_to must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'due_to must be a real calendar date as YYYY-MM-DD' })
  due_to?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only items with (true) or without (false) a due' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'has_due must be true or false' })
  has_due?: 'true' | 'false';

  @ApiPropertyOptional({
    description: 'Only items assigned to this user (an id), to the caller (`me`), or to nobody (`none`)',
    example: 'me',
  })
  @IsOptional()
  @Matches(/^(me|none|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/, {
    message: 'assignee must be a user id, me or none',
  })
  assignee?: string;

  @ApiPropertyOptional({ description: 'Only items carrying this label, compared case-insensitively', maxLength: LABEL_MAX })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'label must not be empty' })
  label?: string;

  @ApiPropertyOptional({ description: `Comma list of priorities: ${ITEM_PRIORITIES.join(', ')}`, example: 'high,medium' })
  @IsOptional()
  @Matches(PRIORITY_LIST, { message: `priority must be a comma list of: ${ITEM_PRIORITIES.join(', ')}` })
  priority?: string;

  @ApiPropertyOptional({
    description: `Words, separated by spaces: an item matches when each occurs, case-insensitively, in its text or notes (at most ${Q_MAX_WORDS} words, ${Q_MAX_LENGTH} characters)`,
    maxLength: Q_MAX_LENGTH,
  })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'q must hold at least one word' })
  q?: string;
}

/** Query of GET /v1/lists/:id/items; unknown parameters are a 400 like unknown body fields. */
export class ItemPageQuery extends ItemViewQuery {
  @ApiPropertyOptional({ enum: ITEM_SORTS, default: 'position', description: 'The order of the items' })
  @IsOptional()
  @IsIn(ITEM_SORTS, { message: `sort must be one of: ${ITEM_SORTS.join(', ')}` })
  sort?: ItemSort;
}

/** The orders of GET /v1/items: every one but `position`, which orders one list only. */
export const FIND_SORTS = ITEM_SORTS.filter((sort) => sort !== 'position');

/** Query of GET /v1/items. */
export class ItemFindQuery extends ItemViewQuery {
  @ApiPropertyOptional({
    enum: FIND_SORTS,
    default: 'due',
    description: 'The order of the items (position orders one list only: not accepted here)',
  })
  @IsOptional()
  @IsIn(FIND_SORTS, { message: `sort must be one of: ${FIND_SORTS.join(', ')}` })
  sort?: Exclude<ItemSort, 'position'>;

  @ApiPropertyOptional({
    description: `Comma list of up to ${LIST_IDS_MAX} list ids: only the items of these lists (an id the caller cannot see: 404)`,
  })
  @IsOptional()
  @IsString()
  @Matches(/^[^,]+(,[^,]+)*$/, { message: 'list_id must be a comma list of list ids' })
  list_id?: string;
}
