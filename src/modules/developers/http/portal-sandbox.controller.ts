import { Body, Controller, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { accountViewer } from '../../../common/auth/reach';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { PostOk, Public } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import type { Session } from '../../auth/domain/session';
import { SandboxService } from '../../sandbox/domain/sandbox.service';
import { SandboxResetData } from '../../sandbox/http/responses/sandbox-reset.response';
import { ApiCrossSiteResponse, ApiNoSessionResponse } from './responses/portal-errors';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';

/**
 * The developer page's "Reset test data": POST /v1/sandbox/reset with a session instead of a
 * test key, calling the same service with the same answer. Portal routes run live unless they
 * enter a mode, so this one resets in test mode by name: the session's account is reset in
 * the sandbox, never in live. No Idempotency-Key here, as for the portal's other routes.
 */
@ApiTags('developer portal')
@ApiCookieAuth('sid')
@ApiNoSessionResponse()
@Controller('developers/api/sandbox')
@Public()
@UseGuards(SameOriginGuard, SessionGuard)
export class PortalSandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @PostOk('reset')
  @ApiOperation({
    summary:
      "Reset the account's test data (as POST /v1/sandbox/reset does for a test key): its sandbox lists deleted, its memberships " +
      'in others’ sandbox lists left, its sandbox webhooks (with their deliveries) and idempotency records deleted. Body: {}',
  })
  @ApiDataResponse(SandboxResetData)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(400)
  async reset(@CurrentSession() session: Session, @Body(NoFieldsPipe) _body: unknown) {
    return { deleted: await this.sandbox.reset(accountViewer(session.userId, 'test')) };
  }
}
