import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { MePresenter } from '../application/me.presenter';
import { MeResponse } from './responses/me.response';

@Controller('v1')
export class ProfileController {
  constructor(private readonly present: MePresenter) {}

  /** Confirms that a key works and reports its scopes and restrictions. */
  @Get('me')
  @RequireScope('profile:read')
  @ApiOperation({ summary: 'The account and the calling key: its mode, scopes, lists, expiry and addresses' })
  @ApiDataResponse(MeResponse)
  @ApiErrorResponses(404)
  me(@CurrentPrincipal() principal: Principal) {
    return this.present.me(principal);
  }
}
