import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { MEMBER_ROLES } from '../../domain/membership';

@ApiSchema({ name: 'Share' })
export class ShareResponse {
  @ApiIdProperty()
  id!: string;

  @ApiIdProperty()
  list_id!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    minLength: 22,
    description:
      'Unguessable; joins with POST /v1/shares/{token}/join. Shown once: only in the response that creates the link ' +
      '(not in its Idempotency-Key replay); null everywhere else, as only its hash is stored',
  })
  token!: string | null;

  @ApiProperty({ enum: MEMBER_ROLES })
  role!: string;

  @ApiTimestampProperty()
  created_at!: string;

  @ApiTimestampProperty({ nullable: true })
  expires_at!: string | null;

  @ApiProperty()
  revoked!: boolean;
}

export class ShareData {
  @ApiProperty({ type: () => ShareResponse })
  share!: ShareResponse;
}

export class SharesData {
  @ApiProperty({ type: () => [ShareResponse] })
  shares!: ShareResponse[];
}
