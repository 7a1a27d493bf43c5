import { Body, Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse } from '../../../common/http/api-response.decorators';
import { ListData } from '../application/responses/list.response';
import { ShareData, SharesData } from './responses/share.response';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { SharesService } from '../domain/shares.service';
import { CreateShareDto } from './dto/create-share.dto';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { ListsPresenter } from '../application/lists.presenter';
import { IdempotentPost } from '../../idempotency/idempotent-post';

@ApiTags('shares')
@Controller('v1')
export class SharesController {
  constructor(
    private readonly shares: SharesService,
    private readonly present: ListsPresenter,
  ) {}

  @IdempotentPost('lists/:id/shares', { showsSecretOnce: true })
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Creates a share link with a role and an optional expiry (owner)' })
  @ApiDataResponse(ShareData)
  @ApiErrorResponses(404)
  async create(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Body() body: CreateShareDto) {
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    return { share: this.present.share(await this.shares.create(caller, id, { role: body.role, expiresAt })) };
  }

  @Get('lists/:id/shares')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Share links of the list, revoked ones included (owner)' })
  @ApiDataResponse(SharesData)
  @ApiErrorResponses(404)
  async list(@CurrentPrincipal() caller: Principal, @Param('id') id: string) {
    return { shares: (await this.shares.list(caller, id)).map((share) => this.present.share(share)) };
  }

  @Delete('lists/:id/shares/:share_id')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Revokes a share link: no new joins; members who joined stay (owner)' })
  @ApiDataResponse(ShareData)
  @ApiErrorResponses(404)
  async revoke(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Param('share_id') shareId: string) {
    return { share: this.present.share(await this.shares.revoke(caller, id, shareId)) };
  }

  @IdempotentPost('shares/:token/join')
  @RequireScope('lists:write')
  @ApiOperation({ summary: "Joins the share link's list with its role" })
  @ApiDataResponse(ListData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the caller is already the owner or a member, or the list has 50 members')
  async join(@CurrentPrincipal() caller: Principal, @Param('token') token: string, @Body(NoFieldsPipe) _body: unknown) {
    return { list: await this.present.list(await this.shares.join(caller, token)) };
  }
}
