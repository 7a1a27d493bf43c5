import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty } from '../../../../common/http/api-response.decorators';
import { SCOPES } from '../../../../common/auth/scopes';

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
}
