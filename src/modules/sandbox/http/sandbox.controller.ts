import { Body, Controller, Headers } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { type Caller, CurrentCaller } from '../../../common/http/caller';
import { ApiSessionSummary, RequireMode, RequireScope, SessionOrKey } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { IdempotentPost } from '../../idempotency/idempotent-post';
import { readIdempotencyKey } from '../../idempotency/idempotent-request';
import { SandboxService } from '../domain/sandbox.service';
import { SandboxResetData } from './responses/sandbox-reset.response';

/**
 * The sandbox's reset, for test keys and for the developer page's "Reset test data" (its
 * session, under /developers/api/sandbox: @SessionOrKey), which works on the sandbox because the
 * route is of test mode (@RequireMode), whatever mode the page shows.
 */
@ApiTags('sandbox')
@Controller(['v1/sandbox', 'developers/api/sandbox'])
@SessionOrKey()
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  /**
   * Test keys only (@RequireMode: a live key is a 403 before its scope is looked at). The request
   * runs in test mode (enterRequestMode: a test key's, and always on the page's path), so the
   * service works on the sandbox. A key's Idempotency-Key record survives the reset it answers;
   * the page sends none.
   */
  @IdempotentPost('reset')
  @RequireMode('test')
  @RequireScope('lists:write')
  @ApiOperation({
    summary:
      "Resets the caller's sandbox (test keys only; a live key is a 403 before the scope check): deletes the sandbox lists it owns, " +
      'each recorded as list.deleted, leaves the sandbox lists of others (member.removed), and deletes its sandbox webhooks with ' +
      'their deliveries and its sandbox idempotency records. A key restricted to lists (list_ids) cannot reset (403). No body.',
  })
  @ApiSessionSummary(
    "Reset the account's test data (as POST /v1/sandbox/reset does for a test key): its sandbox lists deleted, its memberships " +
      'in others’ sandbox lists left, its sandbox webhooks (with their deliveries) and idempotency records deleted. Body: {}',
  )
  @ApiDataResponse(SandboxResetData)
  @ApiErrorResponses(400)
  async reset(
    @CurrentCaller() caller: Caller,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body(NoFieldsPipe) _body: unknown,
  ) {
    const kept = caller.keyId === undefined ? null : (readIdempotencyKey(idempotencyKey) ?? null);
    return { deleted: await this.sandbox.reset(caller, kept) };
  }
}
