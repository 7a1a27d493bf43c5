import { Controller, Get } from '@nestjs/common';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { NotFoundError } from '../../../common/errors/domain-error';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { UserDirectory } from '../../auth/domain/user-directory';
import { MeResponse } from './responses/me.response';

@Controller('v1')
export class ProfileController {
  constructor(private readonly users: UserDirectory) {}

  /** Confirms that a key works and reports its scopes. */
  @Get('me')
  @RequireScope('profile:read')
  @ApiDataResponse(MeResponse)
  @ApiErrorResponses(404)
  async me(@CurrentPrincipal() principal: Principal) {
    const user = await this.users.findById(principal.userId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Account not found');
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      username: user.username,
      email_verified: user.emailVerified,
      scopes: [...principal.scopes],
    };
  }
}
