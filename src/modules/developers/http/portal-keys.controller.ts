import { Body, Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse } from '../../../common/http/api-response.decorators';
import { ApiKeyInfoResponse, ApiKeysData, CreatedApiKeyResponse } from './responses/api-key.response';
import { ApiCrossSiteResponse, ApiNoSessionResponse } from './responses/portal-errors';
import { PostOk, Public } from '../../../common/http/decorators';
import type { Session } from '../../auth/domain/session';
import { KeysService } from '../../keys/domain/keys.service';
import { CreateKeyDto } from './dto/portal.dto';
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

  @Get()
  @ApiOperation({ summary: 'List the account’s keys, oldest first (never the secrets)' })
  @ApiDataResponse(ApiKeysData)
  async list(@CurrentSession() session: Session) {
    return { keys: (await this.keys.list(session.userId)).map(presentKey) };
  }

  @PostOk()
  @ApiOperation({ summary: 'Create a key: the only response that contains the full key' })
  @ApiDataResponse(CreatedApiKeyResponse)
  @ApiCrossSiteResponse()
  @ApiRuleResponse('the account already has 20 active keys')
  async create(@CurrentSession() session: Session, @Body() body: CreateKeyDto) {
    const { key, secret } = await this.keys.create(session.userId, body.label);
    return presentCreatedKey(key, secret);
  }

  @PostOk(':id/revoke')
  @ApiOperation({ summary: 'Revoke a key: refused everywhere within a second' })
  @ApiDataResponse(ApiKeyInfoResponse)
  @ApiCrossSiteResponse()
  @ApiErrorResponses(404)
  async revoke(@CurrentSession() session: Session, @Param('id') id: string, @Body(NoFieldsPipe) _body: unknown) {
    return presentKey(await this.keys.revoke(session.userId, id));
  }
}
