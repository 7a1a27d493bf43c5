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
