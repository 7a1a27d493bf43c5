import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { MEMBER_ROLES } from '../../domain/membership';
import { ListRefResponse, UserSummaryResponse } from './list.response';

@ApiSchema({ name: 'Invitation' })
export class InvitationResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty({ type: () => ListRefResponse })
  list!: ListRefResponse;

  @ApiProperty({ type: 'object', selfRequired: true, required: ['email'], properties: { email: { type: 'string' } } })
  invitee!: { email: string };

  @ApiProperty({ type: () => UserSummaryResponse })
  inviter!: UserSummaryResponse;

  @ApiProperty({ enum: MEMBER_ROLES })
  role!: string;

  @ApiProperty({ enum: ['pending', 'accepted', 'declined', 'revoked', 'expired'] })
  status!: string;

  @ApiTimestampProperty()
  created_at!: string;

  @ApiTimestampProperty()
  expires_at!: string;

  @ApiTimestampProperty({ nullable: true })
  responded_at!: string | null;
}

export class InvitationData {
  @ApiProperty({ type: () => InvitationResponse })
  invitation!: InvitationResponse;
}

export class InvitationsData {
  @ApiProperty({ type: () => [InvitationResponse] })
  invitations!: InvitationResponse[];
}
