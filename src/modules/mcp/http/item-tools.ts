import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/http/principal';
import { isUuid } from '../../../common/ports/id-generator';
import { readIdempotencyKey, fingerprintRequest } from '../../idempotency/idempotent-request';
import { IdempotencyService } from '../../idempotency/domain/idempotency.service';
import { ItemPageQuery } from '../../items/application/dto/item-page.query';
import { ItemsActionDto } from '../../items/application/dto/items-action.dto';
import { ADD_ITEMS_OPERATION } from '../../items/application/item-operations';
import { ItemPages } from '../../items/application/item-pages';
import { presentItems, presentPage } from '../../items/application/item.presenter';
import { ItemsService } from '../../items/domain/items.service';
import { ListAccess } from '../../lists/domain/list-access';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { listReference, validateArguments } from './tool-arguments';
import type { ToolHandlers } from './tool-handlers';
import type { ToolOutput } from './tool-schemas';

/** The items' tools, each a thin call of the services, presenters and idempotency store its route uses. */
@Injectable()
export class ItemTools {
  constructor(
    private readonly items: ItemsService,
    private readonly pages: ItemPages,
    private readonly access: ListAccess,
    private readonly idempotency: IdempotencyService,
  ) {}

  readonly handlers: Pick<ToolHandlers, 'get_items' | 'add_items' | 'complete_items' | 'reopen_items' | 'remove_items'> = {
    /** GET /v1/lists/:id/items, with the list by id or name: the route's page, as the text its presenter writes. */
    get_items: async (caller, { list, ...rest }) => {
      const reference = await listReference(list);
      const query = await validateArguments(ItemPageQuery, 'query', rest);
      const page = await this.readPage(caller, reference, query);
      return { data: { list: { id: page.list.id, name: page.list.name }, next_cursor: page.nextCursor }, json: presentPage(page) };
    },

    /**
     * POST /v1/actions/add. With `idempotency_key`, the call is the route's request with that
     * Idempotency-Key: the same record (per account, operation and body), so a retry through
     * either replays the first answer.
     */
    add_items: async (caller, { idempotency_key, ...args }) => {
      const body = await validateArguments(ItemsActionDto, 'body', args);
      const add = async () => presentItems(await this.items.add(caller, body.list, body.items));
      const key = readIdempotencyKey(idempotency_key);
      if (key === undefined) return { data: await add() };
      const outcome = await this.idempotency.execute(
        { userId: caller.userId, key, fingerprint: fingerprintRequest(ADD_ITEMS_OPERATION, args) },
        add,
      );
      return { data: outcome.response as ToolOutput<'add_items'>, replayed: outcome.replayed };
    },

    /** POST /v1/actions/complete */
    complete_items: async (caller, args) => {
      const body = await validateArguments(ItemsActionDto, 'body', args);
      return { data: presentItems(await this.items.complete(caller, body.list, body.items)) };
    },

    /** POST /v1/actions/reopen */
    reopen_items: async (caller, args) => {
      const body = await validateArguments(ItemsActionDto, 'body', args);
      return { data: presentItems(await this.items.reopen(caller, body.list, body.items)) };
    },

    /** POST /v1/actions/remove */
    remove_items: async (caller, args) => {
      const body = await validateArguments(ItemsActionDto, 'body', args);
      return { data: presentItems(await this.items.remove(caller, body.list, body.items)) };
    },
  };

  /**
   * A page of the list the reference means, as an action would pick it: an id first (one
   * statement, as the route), else a name.
   */
  private async readPage(caller: Principal, reference: string, query: ItemPageQuery) {
    if (isUuid(reference)) {
      try {
        return await this.pages.page(caller, reference, query);
      } catch (error) {
        if (!(error instanceof ListNotFound)) throw error;
      }
    }
    const { id } = await this.access.resolve(caller, reference);
    return this.pages.page(caller, id, query);
  }
}
