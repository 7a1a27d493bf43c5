import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { SCOPES } from '../../../../common/auth/scopes';
import { KEY_MODES } from '../../../keys/domain/key-restrictions';

/** The calling key and its restrictions (API.md section 9). */
@ApiSchema({ name: 'MeKey' })
export class MeKeyResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  label!: string;

  @ApiProperty({ enum: KEY_MODES })
  mode!: string;

  @ApiProperty({ enum: SCOPES, isArray: true })
  scopes!: string[];

  @ApiProperty({ type: [String], nullable: true, description: 'The only lists the key reaches; null: every list the account can see' })
  list_ids!: string[] | null;

  @ApiTimestampProperty({ nullable: true, description: 'null: never' })
  expires_at!: string | null;

  @ApiProperty({ type: [String], nullable: true, description: 'Addresses and CIDR ranges the key may be used from; null: anywhere' })
  allowed_ips!: string[] | null;
}

@ApiSchema({ name: 'Me' })
export class MeResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  username!: string;

  @ApiProperty({ description: 'Whether the account proved its email (invitations to it stay hidden until it does)' })
  email_verified!: boolean;

  @ApiProperty({ enum: SCOPES, isArray: true, description: "The calling key's scopes" })
  scopes!: string[];

  @ApiProperty({ type: () => MeKeyResponse })
  key!: MeKeyResponse;
}
