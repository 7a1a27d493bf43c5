import { Body, Controller, Headers, Param, Patch, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiDataResponse, ApiErrorResponse, ApiErrorResponses, ApiRuleResponse } from '../../../common/http/api-response.decorators';
import { RequireScope } from '../../../common/http/decorators';
import { CurrentPrincipal, Principal } from '../../../common/http/principal';
import { IdempotentPost } from '../../idempotency/idempotent-post';
import { EditItemDto, MoveItemsDto, UpdateItemsDto } from '../application/dto/item-edits.dto';
import { readItemChanges, readUpdateSet } from '../application/item-changes';
import { presentItems } from '../application/item.presenter';
import { presentItem } from '../application/item-resource';
import { ItemData, ItemsData } from '../application/responses/item.response';
import { readIfMatch } from '../domain/item-edits';
import { ItemEditsService } from '../domain/item-edits.service';

/** Editing and moving items (API.md section 13, "Editing"). */
@ApiTags('items')
@Controller('v1')
export class ItemEditsController {
  constructor(private readonly edits: ItemEditsService) {}

  @Patch('lists/:id/items/:item_id')
  @RequireScope('items:write')
  @ApiOperation({
    summary: 'Edits one item: only the members sent change (null clears due and assignee); If-Match makes it conditional',
  })
  @ApiHeader({
    name: 'If-Match',
    required: false,
    description: 'The ETag read ("<version>"), or *: the change is made only if the item is still at that version, else 412',
  })
  @ApiDataResponse(ItemData, {
    headers: { ETag: { description: 'The item\'s new version, "<version>"', schema: { type: 'string', example: '"4"' } } },
  })
  @ApiErrorResponses(400, 404)
  @ApiErrorResponse(403, 'Your role on the list is viewer')
  @ApiErrorResponse(412, 'If-Match: the item changed since you read it; nothing was changed')
  @ApiRuleResponse('the assignee is neither the owner nor a member of the list')
  async patch(
    @CurrentPrincipal() caller: Principal,
    @Param('id') listId: string,
    @Param('item_id') itemId: string,
    @Body() body: EditItemDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const item = await this.edits.patch(caller, listId, itemId, readItemChanges(body, caller.userId, ''), readIfMatch(ifMatch));
    response.setHeader('ETag', `"${item.version}"`);
    return { item: presentItem(item) };
  }

  @IdempotentPost('actions/update')
  @RequireScope('items:write')
  @ApiOperation({ summary: 'Sets fields on items given by id or text; all or nothing' })
  @ApiDataResponse(ItemsData)
  @ApiErrorResponses(400, 404)
  @ApiErrorResponse(403, 'Your role on the list is viewer')
  @ApiRuleResponse('the list name is ambiguous; a text change for more than one item; an assignee who is neither the owner nor a member')
  async update(@CurrentPrincipal() caller: Principal, @Body() body: UpdateItemsDto) {
    return presentItems(await this.edits.update(caller, body.list, body.items, readUpdateSet(body.set, caller.userId)));
  }

  @IdempotentPost('actions/move')
  @RequireScope('items:write')
  @ApiOperation({
    summary: 'Moves items, as a block in request order, before or after an item, to the top or the bottom, within a list or to another',
  })
  @ApiDataResponse(ItemsData)
  @ApiErrorResponses(400, 404)
  @ApiErrorResponse(403, 'Your role on the list or on the target list is viewer')
  @ApiRuleResponse('the list name is ambiguous; an item placed relative to itself; the target list would exceed 10,000 items')
  async move(@CurrentPrincipal() caller: Principal, @Body() body: MoveItemsDto) {
    return presentItems(
      await this.edits.move(caller, body.list, body.items, { toList: body.to_list, before: body.before, after: body.after, to: body.to }),
    );
  }
}
