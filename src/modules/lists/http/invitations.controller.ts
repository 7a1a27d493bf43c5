import { Body, Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse } from '../../../common/http/api-response.decorators';
import { ListData } from '../application/responses/list.response';
import { InvitationData, InvitationsData } from '../application/responses/invitation.response';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { InvitationsService } from '../domain/invitations.service';
import { InviteDto } from '../application/dto/invite.dto';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { ListsPresenter } from '../application/lists.presenter';
import { IdempotentPost } from '../../idempotency/idempotent-post';

@ApiTags('invitations')
@Controller('v1')
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly present: ListsPresenter,
  ) {}

  @IdempotentPost('lists/:id/invitations')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Invites an email address to the list with a role (owner)' })
  @ApiDataResponse(InvitationData)
  @ApiErrorResponses(404)
  @ApiRuleResponse(
    "the email is the owner's or a member's, has a pending invitation, 50 invitations are pending, or the list has 50 members",
  )
  async invite(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Body() body: InviteDto) {
    return { invitation: await this.present.invitation(await this.invitations.invite(caller, id, body)) };
  }

  @Get('lists/:id/invitations')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Every invitation of the list, whatever its status (owner)' })
  @ApiDataResponse(InvitationsData)
  @ApiErrorResponses(404)
  async ofList(@CurrentPrincipal() caller: Principal, @Param('id') id: string) {
    return { invitations: await this.present.invitations(await this.invitations.listForList(caller, id)) };
  }

  @Delete('lists/:id/invitations/:inv_id')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Revokes a pending invitation (owner)' })
  @ApiDataResponse(InvitationData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the invitation is no longer pending')
  async revoke(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Param('inv_id') invitationId: string) {
    return { invitation: await this.present.invitation(await this.invitations.revoke(caller, id, invitationId)) };
  }

  @Get('invitations')
  @RequireScope('lists:read')
  @ApiOperation({ summary: "Pending invitations addressed to the caller's email" })
  @ApiDataResponse(InvitationsData)
  async mine(@CurrentPrincipal() caller: Principal) {
    return { invitations: await this.present.invitations(await this.invitations.listMine(caller)) };
  }

  @IdempotentPost('invitations/:inv_id/accept')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Accepts an invitation: the caller joins the list with the invited role' })
  @ApiDataResponse(ListData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the invitation is no longer pending, or the list has 50 members')
  async accept(@CurrentPrincipal() caller: Principal, @Param('inv_id') invitationId: string, @Body(NoFieldsPipe) _body: unknown) {
    return { list: await this.present.list(await this.invitations.accept(caller, invitationId)) };
  }

  @IdempotentPost('invitations/:inv_id/decline')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Declines an invitation' })
  @ApiDataResponse(InvitationData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the invitation is no longer pending')
  async decline(@CurrentPrincipal() caller: Principal, @Param('inv_id') invitationId: string, @Body(NoFieldsPipe) _body: unknown) {
    return { invitation: await this.present.invitation(await this.invitations.decline(caller, invitationId)) };
  }
}
