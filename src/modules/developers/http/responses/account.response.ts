import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty } from '../../../../common/http/api-response.decorators';

/** The signed-in account, as the developer page shows it. */
@ApiSchema({ name: 'Account' })
export class AccountResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  username!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'Whether the owner proved the email is theirs (a mailed link, or a password reset)' })
  email_verified!: boolean;
}

export class AccountData {
  @ApiProperty({ type: () => AccountResponse })
  user!: AccountResponse;
}

/** Signed out is an answer here, not an error: `user` is null. */
export class SessionData {
  @ApiProperty({ type: () => AccountResponse, nullable: true })
  user!: AccountResponse | null;
}
