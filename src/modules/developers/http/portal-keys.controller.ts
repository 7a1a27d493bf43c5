import { Body, Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse } from '../../../common/http/api-response.decorators';
import { ApiKeyInfoResponse, ApiKeysData, CreatedApiKeyResponse } from './responses/api-key.response';
import { ApiCrossSiteResponse, ApiNoSessionResponse } from './responses/portal-errors';
import { PostOk, Public } from '../../../common/http/decorators';
import type { Session } from '../../auth/domain/session';
import type { ApiKey } from '../../keys/domain/api-key';
import { KeysService } from '../../keys/domain/keys.service';
import { CreateKeyDto, KeysQuery, RollKeyDto } from './dto/portal.dto';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { presentCreatedKey, presentKey } from './portal.presenter';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';

/** The signed-in account's API keys. */
@ApiTags('developer portal')
@ApiCookieAuth('sid')
@ApiErrorResponses(400)
@ApiNoSessionResponse()
@Controller('developers/api/keys')
@Public()
@UseGuards(SameOriginGuard, SessionGuard)
export class PortalKeysController {
  constructor(private readonly keys: KeysService) {}

  private present(key: ApiKey) {
    return presentKey(key, this.keys.statusOf(key));
  }

  @Get()
  @ApiOperation({ summary: 'List the account’s keys of both modes (or of one: ?mode=), oldest first (never the secrets)' })
  @ApiDataResponse(ApiKeysData)
  async list(@CurrentSession() session: Session, @Query() query: KeysQuery) {
    return { keys: (await this.keys.list(session.userId, query.mode)).map((key) => this.present(key)) };
  }

  @PostOk()
  @ApiOperation({
    summary: 'Create a key, restricted or not: the only response that contains the full key',
    description: 'Each restriction omitted (or null) is the default: every scope, every list, no expiry, anywhere, live.',
  })
  @ApiDataResponse(CreatedApiKeyResponse)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  @ApiRuleResponse('the account already has 20 active keys')
  async create(@CurrentSession() session: Session, @Body() body: CreateKeyDto) {
    const { key, secret } = await this.keys.create(session.userId, body.label, {
      mode: body.mode,
      scopes: body.scopes,
      listIds: body.list_ids,
      expiresAt: body.expires_at,
      allowedIps: body.allowed_ips,
    });
    return presentCreatedKey(key, secret);
  }

  @PostOk(':id/revoke')
  @ApiOperation({ summary: 'Revoke a key: refused everywhere within a second' })
  @ApiDataResponse(ApiKeyInfoResponse)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  async revoke(@CurrentSession() session: Session, @Param('id') id: string, @Body(NoFieldsPipe) _body: unknown) {
    return this.present(await this.keys.revoke(session.userId, id));
  }

  @PostOk(':id/roll')
  @ApiOperation({
    summary: 'Roll a key: a replacement with the same label and restrictions, shown once; the old key expires after the grace period',
    description:
      'The old key expires `expires_in_hours` from now (0: at once; an earlier expiry stands), on every instance within a second. ' +
      'The old key does not count against the 20-key limit, so a rotation works at the limit; a key still in its grace period ' +
      'counts until it expires.',
  })
  @ApiDataResponse(CreatedApiKeyResponse)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  @ApiRuleResponse('the key is revoked or expired (create a new one), or the account has 20 active keys besides it')
  async roll(@CurrentSession() session: Session, @Param('id') id: string, @Body() body: RollKeyDto) {
    const { key, secret } = await this.keys.roll(session.userId, id, body.expires_in_hours);
    return presentCreatedKey(key, secret);
  }
}
