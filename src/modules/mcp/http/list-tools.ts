import { Injectable } from '@nestjs/common';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { InviteDto } from '../../lists/application/dto/invite.dto';
import { ListNameDto } from '../../lists/application/dto/list-name.dto';
import { ListPageQuery } from '../../lists/application/dto/list-page.query';
import { ListsPresenter } from '../../lists/application/lists.presenter';
import { InvitationsService } from '../../lists/domain/invitations.service';
import { ListAccess } from '../../lists/domain/list-access';
import { ListsService } from '../../lists/domain/lists.service';
import { listReference, validateArguments } from './tool-arguments';
import type { ToolHandlers } from './tool-handlers';

/** The lists' tools, each a thin call of the services and presenter its route calls. */
@Injectable()
export class ListTools {
  constructor(
    private readonly lists: ListsService,
    private readonly present: ListsPresenter,
    private readonly access: ListAccess,
    private readonly invitations: InvitationsService,
  ) {}

  readonly handlers: Pick<ToolHandlers, 'list_lists' | 'create_list' | 'invite_member'> = {
    /** GET /v1/lists */
    list_lists: async (caller, args) => {
      const query = await validateArguments(ListPageQuery, 'query', args);
      const page = await this.lists.page(caller, query.limit ?? PAGE_LIMIT.default, query.cursor);
      return { data: { lists: await this.present.lists(page.lists), next_cursor: page.nextCursor } };
    },

    /** POST /v1/lists */
    create_list: async (caller, args) => {
      const body = await validateArguments(ListNameDto, 'body', args);
      return { data: { list: await this.present.list(await this.lists.create(caller, body.name)) } };
    },

    /** POST /v1/lists/:id/invitations, with the list by id or name. */
    invite_member: async (caller, { list, ...rest }) => {
      const reference = await listReference(list);
      const body = await validateArguments(InviteDto, 'body', rest);
      const { id } = await this.access.resolve(caller, reference);
      return { data: { invitation: await this.present.invitation(await this.invitations.invite(caller, id, body)) } };
    },
  };
}
