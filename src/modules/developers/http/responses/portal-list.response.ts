import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty } from '../../../../common/http/api-response.decorators';

/** A list as the key form's list picker shows it. */
@ApiSchema({ name: 'PortalList' })
export class PortalListResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: ['owner', 'editor', 'viewer'], description: "The account's role on the list" })
  role!: string;
}

export class PortalListPageData {
  @ApiProperty({ type: () => [PortalListResponse] })
  lists!: PortalListResponse[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  next_cursor!: string | null;
}
