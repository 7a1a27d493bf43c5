import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { accountViewer } from '../../../common/auth/reach';
import { ApiDataResponse, ApiErrorResponses } from '../../../common/http/api-response.decorators';
import { Public } from '../../../common/http/decorators';
import { PageQuery } from '../../../common/http/page.query';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import type { Session } from '../../auth/domain/session';
import { ListsService } from '../../lists/domain/lists.service';
import { PortalListPageData } from './responses/portal-list.response';
import { ApiNoSessionResponse } from './responses/portal-errors';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';
import { PortalMode, WithMode } from './portal-mode';

/** Query of GET /developers/api/lists: a page, of one mode's lists. */
class PortalListsQuery extends WithMode(PageQuery) {}

/**
 * The lists the signed-in account can see, by name, for the key form's list picker: what a key
 * restricted to lists may name. The same pages and cursors as GET /v1/lists, with only what
 * the picker shows; the lists of the mode `?mode=` names, those a key of that mode may name.
 */
@ApiTags('developer portal')
@ApiCookieAuth('sid')
@ApiNoSessionResponse()
@Controller('developers/api/lists')
@Public()
@UseGuards(SameOriginGuard, SessionGuard)
@PortalMode()
export class PortalListsController {
  constructor(private readonly lists: ListsService) {}

  @Get()
  @ApiOperation({ summary: 'The lists the account owns or is a member of, oldest first, for restricting a key to some of them' })
  @ApiDataResponse(PortalListPageData)
  @ApiErrorResponses(400)
  async page(@CurrentSession() session: Session, @Query() query: PortalListsQuery) {
    const page = await this.lists.page(accountViewer(session.userId), query.limit ?? PAGE_LIMIT.default, query.cursor);
    return {
      lists: page.lists.map(({ list, role }) => ({ id: list.id, name: list.name, role })),
      next_cursor: page.nextCursor,
    };
  }
}
