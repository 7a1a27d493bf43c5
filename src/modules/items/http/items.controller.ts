import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse } from '../../../common/http/api-response.decorators';
import { ItemPageData, ItemsData } from '../application/responses/item.response';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { ItemPages } from '../application/item-pages';
import { ItemsService } from '../domain/items.service';
import { ItemPageQuery } from '../application/dto/item-page.query';
import { ItemsActionDto } from '../application/dto/items-action.dto';
import { presentItems, presentPage } from '../application/item.presenter';
import { IdempotentPost } from '../../idempotency/idempotent-post';

@ApiTags('items')
@Controller('v1')
export class ItemsController {
  constructor(
    private readonly items: ItemsService,
    private readonly pages: ItemPages,
  ) {}

  @Get('lists/:id/items')
  @RequireScope('items:read')
  @ApiOperation({ summary: 'A page of the items of a list, oldest first (keyset pagination)' })
  @ApiDataResponse(ItemPageData)
  @ApiErrorResponses(404)
  async page(@CurrentPrincipal() caller: Principal, @Param('id') listId: string, @Query() query: ItemPageQuery) {
    return presentPage(await this.pages.page(caller, listId, query));
  }

  @IdempotentPost('actions/add')
  @RequireScope('items:write')
  @ApiOperation({
    summary: 'Adds items to a list, in request order (not idempotent unless an Idempotency-Key is sent)',
  })
  @ApiDataResponse(ItemsData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the list name is ambiguous, or the list would exceed 10,000 items')
  async add(@CurrentPrincipal() caller: Principal, @Body() body: ItemsActionDto) {
    return presentItems(await this.items.add(caller, body.list, body.items));
  }

  @IdempotentPost('actions/complete')
  @RequireScope('items:write')
  @ApiOperation({ summary: 'Completes items, given by id or text; all or nothing' })
  @ApiDataResponse(ItemsData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the list name is ambiguous')
  async complete(@CurrentPrincipal() caller: Principal, @Body() body: ItemsActionDto) {
    return presentItems(await this.items.complete(caller, body.list, body.items));
  }

  @IdempotentPost('actions/reopen')
  @RequireScope('items:write')
  @ApiOperation({ summary: 'Reopens completed items, given by id or text; all or nothing' })
  @ApiDataResponse(ItemsData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the list name is ambiguous')
  async reopen(@CurrentPrincipal() caller: Principal, @Body() body: ItemsActionDto) {
    return presentItems(await this.items.reopen(caller, body.list, body.items));
  }

  @IdempotentPost('actions/remove')
  @RequireScope('items:write')
  @ApiOperation({ summary: 'Removes items for good, given by id or text; answers them as they were; all or nothing' })
  @ApiDataResponse(ItemsData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the list name is ambiguous')
  async remove(@CurrentPrincipal() caller: Principal, @Body() body: ItemsActionDto) {
    return presentItems(await this.items.remove(caller, body.list, body.items));
  }
}
