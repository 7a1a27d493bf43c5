import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/http/principal';
import { isUuid } from '../../../common/ports/id-generator';
import { readIdempotencyKey, fingerprintRequest } from '../../idempotency/idempotent-request';
import { IdempotencyService } from '../../idempotency/domain/idempotency.service';
import { ItemFindQuery, ItemPageQuery } from '../../items/application/dto/item-page.query';
import { AddItemsDto, ItemsActionDto } from '../../items/application/dto/items-action.dto';
import { MoveItemsDto, UpdateItemsDto } from '../../items/application/dto/item-edits.dto';
import { readUpdateSet } from '../../items/application/item-changes';
import { ItemEditsService } from '../../items/domain/item-edits.service';
import { ADD_ITEMS_OPERATION } from '../../items/application/item-operations';
import { ItemPages } from '../../items/application/item-pages';
import { presentFound, presentItems, presentPage } from '../../items/application/item.presenter';
import { ItemsService } from '../../items/domain/items.service';
import { ListAccess } from '../../lists/domain/list-access';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { listReference, validateArguments } from './tool-arguments';
import type { ToolHandlers } from './tool-handlers';
import type { ToolOutput } from './tool-schemas';

/** A view's arguments as the route's query text: has_due as `true`/`false`, priority as a comma list. */
function viewQuery<A extends { has_due?: boolean; priority?: string | string[] }>({ has_due, priority, ...rest }: A) {
  return {
    ...rest,
    has_due: has_due === undefined ? undefined : String(has_due),
    priority: Array.isArray(priority) ? priority.join(',') : priority,
  };
}

/** The filters a view's arguments name beside its status: a page narrowed by any of them is "filtered". */
const VIEW_FILTERS = ['due_from', 'due_to', 'has_due', 'assignee', 'label', 'priority', 'q'] as const;

/**
 * What a page's summary says of its view: its order (null when a cursor alone names the view,
 * whose order the cursor carries) and whether filters narrowed it.
 */
function viewFacts(args: Partial<Record<(typeof VIEW_FILTERS)[number] | 'status' | 'sort' | 'cursor', unknown>>, defaultSort: string) {
  const named = args.sort !== undefined || args.status !== undefined || VIEW_FILTERS.some((name) => args[name] !== undefined);
  return {
    sort: args.cursor !== undefined && !named ? null : ((args.sort as string | undefined) ?? defaultSort),
    filtered: VIEW_FILTERS.some((name) => args[name] !== undefined) || (args.status !== undefined && args.status !== 'all'),
  };
}

/** The items' tools, each a thin call of the services, presenters and idempotency store its route uses. */
@Injectable()
export class ItemTools {
  constructor(
    private readonly items: ItemsService,
    private readonly edits: ItemEditsService,
    private readonly pages: ItemPages,
    private readonly access: ListAccess,
    private readonly idempotency: IdempotencyService,
  ) {}

  readonly handlers: Pick<
    ToolHandlers,
    'get_items' | 'find_items' | 'add_items' | 'update_items' | 'move_items' | 'complete_items' | 'reopen_items' | 'remove_items'
  > = {
    /** GET /v1/lists/:id/items, with the list by id or name and the route's filters: the route's page, as the text its presenter writes. */
    get_items: async (caller, { list, ...rest }) => {
      const reference = await listReference(list);
      const query = await validateArguments(ItemPageQuery, 'query', viewQuery(rest));
      const page = await this.readPage(caller, reference, query);
      return {
        data: { list: page.list, count: page.items.count, next_cursor: page.nextCursor, ...viewFacts(rest, 'position') },
        json: presentPage(page),
      };
    },

    /**
     * GET /v1/items, with `list` (by id or name, resolved as an action's) as its `list_id`:
     * the route's page, as the text its presenter writes.
     */
    find_items: async (caller, { list, ...rest }) => {
      const reference = list === undefined ? undefined : await listReference(list);
      const query = await validateArguments(ItemFindQuery, 'query', viewQuery(rest));
      if (reference !== undefined) query.list_id = (await this.access.resolve(caller, reference)).id;
      const found = await this.pages.find(caller, query);
      return {
        data: { lists: [...found.lists], count: found.items.count, next_cursor: found.nextCursor, ...viewFacts(rest, 'due') },
        json: presentFound(found),
      };
    },

    /**
     * POST /v1/actions/add. With `idempotency_key`, the call is the route's request with that
     * Idempotency-Key: the same record (per account, operation and body), so a retry through
     * either replays the first answer.
     */
    add_items: async (caller, { idempotency_key, ...args }) => {
      const body = await validateArguments(AddItemsDto, 'body', args);
      const add = async () => presentItems(await this.items.add(caller, body.list, body.items));
      const key = readIdempotencyKey(idempotency_key);
      if (key === undefined) return { data: await add() };
      const outcome = await this.idempotency.execute(
        { userId: caller.userId, key, fingerprint: fingerprintRequest(ADD_ITEMS_OPERATION, args) },
        add,
      );
      return { data: outcome.response as ToolOutput<'add_items'>, replayed: outcome.replayed };
    },

    /** POST /v1/actions/update: the route's body, read into the same changes, applied by the same service. */
    update_items: async (caller, args) => {
      const body = await validateArguments(UpdateItemsDto, 'body', args);
      return { data: presentItems(await this.edits.update(caller, body.list, body.items, readUpdateSet(body.set, caller.userId))) };
    },

    /** POST /v1/actions/move */
    move_items: async (caller, args) => {
      const body = await validateArguments(MoveItemsDto, 'body', args);
      const target = { toList: body.to_list, before: body.before, after: body.after, to: body.to };
      return { data: presentItems(await this.edits.move(caller, body.list, body.items, target)) };
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
