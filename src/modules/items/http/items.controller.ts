import { Body, Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ifNoneMatchHas, NotModified } from '../../../common/http/not-modified';
import { ApiDataResponse, ApiErrorResponses, ApiRuleResponse } from '../../../common/http/api-response.decorators';
import { ItemData, ItemPageData, ItemsData } from '../application/responses/item.response';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { ItemPages } from '../application/item-pages';
import { ItemsService } from '../domain/items.service';
import { ItemPageQuery } from '../application/dto/item-page.query';
import { AddItemsDto, ItemsActionDto } from '../application/dto/items-action.dto';
import { presentItem, presentItems, presentPage } from '../application/item.presenter';
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

  @Get('lists/:id/items/:item_id')
  @RequireScope('items:read')
  @ApiOperation({
    summary: 'One item of a list, with its version as ETag; If-None-Match with the current ETag is answered 304 without a body',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an earlier answer ("<version>"): 304 while the item is unchanged' })
  @ApiDataResponse(ItemData, {
    headers: { ETag: { description: 'The item\'s version, quoted: "<version>"', schema: { type: 'string', example: '"3"' } } },
  })
  @ApiResponse({
    status: 304,
    description: 'Not modified: If-None-Match names the current ETag; no body',
    headers: { ETag: { schema: { type: 'string', example: '"3"' } } },
  })
  @ApiErrorResponses(404)
  async item(
    @CurrentPrincipal() caller: Principal,
    @Param('id') listId: string,
    @Param('item_id') itemId: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const item = await this.pages.item(caller, listId, itemId);
    const etag = `"${item.version}"`;
    if (ifNoneMatchHas(ifNoneMatch, etag)) return new NotModified(etag);
    response.setHeader('ETag', etag);
    return { item: presentItem(item) };
  }

  @IdempotentPost('actions/add')
  @RequireScope('items:write')
  @ApiOperation({
    summary: 'Adds items to a list, in request order (not idempotent unless an Idempotency-Key is sent)',
  })
  @ApiDataResponse(ItemsData)
  @ApiErrorResponses(404)
  @ApiRuleResponse('the list name is ambiguous, the list would exceed 10,000 items, or an assignee is neither the owner nor a member')
  async add(@CurrentPrincipal() caller: Principal, @Body() body: AddItemsDto) {
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
