import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { UserSummaryResponse } from './list.response';

@ApiSchema({ name: 'Member' })
export class MemberResponse {
  @ApiProperty({ type: () => UserSummaryResponse })
  user!: UserSummaryResponse;

  @ApiProperty({ enum: ['owner', 'editor', 'viewer'] })
  role!: string;

  @ApiTimestampProperty()
  joined_at!: string;
}

export class MemberData {
  @ApiProperty({ type: () => MemberResponse })
  member!: MemberResponse;
}

export class MembersData {
  @ApiProperty({ type: () => [MemberResponse] })
  members!: MemberResponse[];
}
