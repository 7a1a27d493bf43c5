import { ApiProperty } from '@nestjs/swagger';
import { ListRefResponse } from '../../../lists/application/responses/list.response';
import { ItemResponse } from './item.response';

/** The `data` of GET /v1/items: a page of items across lists, with the lists they are on. */
export class FoundItemsData {
  @ApiProperty({ type: () => [ItemResponse] })
  items!: ItemResponse[];

  @ApiProperty({
    type: () => [ListRefResponse],
    description: 'Each list that an item of the page is on (id and name), in the order they first appear',
  })
  lists!: ListRefResponse[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  next_cursor!: string | null;
}
