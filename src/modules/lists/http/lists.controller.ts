import { Body, Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse, EmptyResponse } from '../../../common/http/api-response.decorators';
import { ListData, ListPageData } from '../application/responses/list.response';
import { MemberData, MembersData } from '../application/responses/member.response';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { ListsService } from '../domain/lists.service';
import { ListNameDto } from '../application/dto/list-name.dto';
import { ListPageQuery } from '../application/dto/list-page.query';
import { MemberRoleDto } from '../application/dto/member-role.dto';
import { ListsPresenter } from '../application/lists.presenter';
import { IdempotentPost } from '../../idempotency/idempotent-post';

@ApiTags('lists')
@Controller('v1/lists')
export class ListsController {
  constructor(
    private readonly lists: ListsService,
    private readonly present: ListsPresenter,
  ) {}

  @Get()
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Lists the caller owns or is a member of, oldest first' })
  @ApiDataResponse(ListPageData)
  async page(@CurrentPrincipal() caller: Principal, @Query() query: ListPageQuery) {
    const page = await this.lists.page(caller, query.limit ?? PAGE_LIMIT.default, query.cursor);
    return { lists: await this.present.lists(page.lists), next_cursor: page.nextCursor };
  }

  @IdempotentPost()
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Creates a list owned by the caller' })
  @ApiDataResponse(ListData)
  @ApiRuleResponse('a list of that name already exists for the owner, or 500 lists are owned')
  async create(@CurrentPrincipal() caller: Principal, @Body() body: ListNameDto) {
    return { list: await this.present.list(await this.lists.create(caller, body.name)) };
  }

  @Get(':id')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'One list' })
  @ApiDataResponse(ListData)
  @ApiErrorResponses(404)
  async get(@CurrentPrincipal() caller: Principal, @Param('id') id: string) {
    return { list: await this.present.list(await this.lists.get(caller, id)) };
  }

  @Patch(':id')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Renames a list (owner)' })
  @ApiDataResponse(ListData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the owner already has a list of that name')
  async rename(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Body() body: ListNameDto) {
    return { list: await this.present.list(await this.lists.rename(caller, id, body.name)) };
  }

  @Delete(':id')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Deletes a list with its items, members, invitations and share links (owner)' })
  @ApiDataResponse(EmptyResponse)
  @ApiErrorResponses(404)
  async delete(@CurrentPrincipal() caller: Principal, @Param('id') id: string) {
    await this.lists.delete(caller, id);
    return {};
  }

  @Get(':id/members')
  @RequireScope('lists:read')
  @ApiOperation({ summary: 'Members of a list, owner first' })
  @ApiDataResponse(MembersData)
  @ApiErrorResponses(404)
  async members(@CurrentPrincipal() caller: Principal, @Param('id') id: string) {
    return { members: await this.present.members(await this.lists.members(caller, id)) };
  }

  @Patch(':id/members/:user_id')
  @RequireScope('lists:write')
  @ApiOperation({ summary: "Changes a member's role to editor or viewer (owner)" })
  @ApiDataResponse(MemberData)
  @ApiErrorResponses(404)
  @ApiRuleResponse("the owner's role cannot be changed")
  async changeRole(
    @CurrentPrincipal() caller: Principal,
    @Param('id') id: string,
    @Param('user_id') userId: string,
    @Body() body: MemberRoleDto,
  ) {
    const [member] = await this.present.members([await this.lists.changeRole(caller, id, userId, body.role)]);
    return { member };
  }

  @Delete(':id/members/:user_id')
  @RequireScope('lists:write')
  @ApiOperation({ summary: 'Removes a member (owner), or leaves the list (the member themself)' })
  @ApiDataResponse(EmptyResponse)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the owner cannot leave (delete the list instead)')
  async removeMember(@CurrentPrincipal() caller: Principal, @Param('id') id: string, @Param('user_id') userId: string) {
    await this.lists.removeMember(caller, id, userId);
    return {};
  }
}
