import { Body, Controller, Headers } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { RequireMode, RequireScope } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { IdempotentPost } from '../../idempotency/idempotent-post';
import { readIdempotencyKey } from '../../idempotency/idempotent-request';
import { SandboxService } from '../domain/sandbox.service';
import { SandboxResetData } from './responses/sandbox-reset.response';

@ApiTags('sandbox')
@Controller('v1/sandbox')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  /**
   * Test keys only (@RequireMode: a live key is a 403 before its scope is looked at). The
   * KeyModeMiddleware runs a test key's request in test mode, so the service works on the sandbox.
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
  @ApiDataResponse(SandboxResetData)
  @ApiErrorResponses(400)
  async reset(
    @CurrentPrincipal() caller: Principal,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body(NoFieldsPipe) _body: unknown,
  ) {
    return { deleted: await this.sandbox.reset(caller, readIdempotencyKey(idempotencyKey) ?? null) };
  }
}
