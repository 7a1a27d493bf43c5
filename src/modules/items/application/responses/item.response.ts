import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { ListRefResponse } from '../../../lists/application/responses/list.response';

@ApiSchema({ name: 'Item', description: 'An item of a list' })
export class ItemResponse {
  @ApiIdProperty()
  id!: string;

  @ApiIdProperty()
  list_id!: string;

  @ApiProperty({ minLength: 1, maxLength: 500 })
  text!: string;

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
