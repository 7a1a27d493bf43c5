import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';

/** A person as lists, members, invitations and events show them. */
@ApiSchema({ name: 'UserSummary' })
export class UserSummaryResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  username!: string;

  @ApiProperty()
  name!: string;
}

/** A list named where the list itself is not the answer (items, invitations, events). */
@ApiSchema({ name: 'ListRef' })
export class ListRefResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  name!: string;
}

@ApiSchema({ name: 'List', description: 'A to-do list' })
export class ListResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty({ minLength: 1, maxLength: 100 })
  name!: string;

  @ApiProperty({ type: () => UserSummaryResponse })
  owner!: UserSummaryResponse;

  @ApiProperty({ enum: ['owner', 'editor', 'viewer'], description: "The caller's role on the list" })
  role!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  item_count!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  open_item_count!: number;

  @ApiTimestampProperty()
  created_at!: string;

  @ApiTimestampProperty()
  updated_at!: string;
}

/** `{list}`: one list, after reading, creating, renaming or joining it. */
export class ListData {
  @ApiProperty({ type: () => ListResponse })
  list!: ListResponse;
}

export class ListPageData {
  @ApiProperty({ type: () => [ListResponse] })
  lists!: ListResponse[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  next_cursor!: string | null;
}
