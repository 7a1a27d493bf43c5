import { Injectable, type ValidationPipe } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IsString } from 'class-validator';
import type { Principal } from '../../../common/http/principal';
import { createValidationPipe } from '../../../common/http/validation';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { isUuid } from '../../../common/ports/id-generator';
import { EventFeedQuery } from '../../events/http/event-feed.query';
import { EventsService } from '../../events/domain/events.service';
import { IdempotencyService } from '../../idempotency/domain/idempotency.service';
import { fingerprintRequest, readIdempotencyKey, routeOperation } from '../../idempotency/idempotent-request';
import { ItemPages } from '../../items/application/item-pages';
import { normaliseListReference } from '../../items/domain/item-text';
import { ItemsService } from '../../items/domain/items.service';
import { ItemPageQuery } from '../../items/http/dto/item-page.query';
import { ItemsActionDto } from '../../items/http/dto/items-action.dto';
import { presentItems } from '../../items/http/item.presenter';
import { InvitationsService } from '../../lists/domain/invitations.service';
import { ListAccess } from '../../lists/domain/list-access';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { ListsService } from '../../lists/domain/lists.service';
import { InviteDto } from '../../lists/http/dto/invite.dto';
import { ListNameDto } from '../../lists/http/dto/list-name.dto';
import { ListPageQuery } from '../../lists/http/dto/list-page.query';
import { ListsPresenter } from '../../lists/http/lists.presenter';
import { MePresenter } from '../../profile/http/me.presenter';
import type { ToolInput, ToolName, ToolOutput } from './tool-schemas';

/** The `list` argument of the tools that name a list by id or name, held to the routes' text rule. */
class ListArgument {
  @IsString()
  list!: string;
}

type Dto<T> = new () => T;

/** `value` without its undefined fields: what a body or query that leaves them out would be. */
const defined = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** What the HTTP route of the same action answers as `data`, and whether it was a replay. */
export interface ToolAnswer<T extends ToolName> {
  data: ToolOutput<T>;
  replayed?: boolean;
  /**
   * JSON text rendered by the store (a page's items), which `data` holds as `placeholder`: the
   * answer's text gets the rendered text in its place, as the route's envelope does, rather than
   * the items being parsed into objects and written again (docs/performance.md).
   */
  rendered?: { placeholder: string; json: string };
}

/**
 * The stand-in for rendered JSON in a tool's data: a string no answer can otherwise hold (the
 * API refuses NUL in every text), unique to the process.
 */
export const RENDERED_PLACEHOLDER = `\u0000rendered:${randomUUID()}`;

/**
 * Each MCP tool as a thin call of the services the HTTP routes call, with the routes' own
 * validation (their DTOs, through the application's validation pipe), presenters and
 * idempotency store: a tool's `data` is the route's, byte for byte, and its failures are the
 * route's DomainErrors. Runs inside the request's async context (the caller's principal, the
 * request's mode), never detached from it.
 */
@Injectable()
export class ToolCalls {
  private readonly pipe: ValidationPipe = createValidationPipe();

  constructor(
    private readonly me: MePresenter,
    private readonly lists: ListsService,
    private readonly present: ListsPresenter,
    private readonly access: ListAccess,
    private readonly invitations: InvitationsService,
    private readonly items: ItemsService,
    private readonly pages: ItemPages,
    private readonly events: EventsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  call<T extends ToolName>(name: T, caller: Principal, args: ToolInput<T>): Promise<ToolAnswer<T>> {
    return (this[name] as (caller: Principal, args: ToolInput<T>) => Promise<ToolAnswer<T>>).call(this, caller, args);
  }

  /** GET /v1/me */
  async whoami(caller: Principal): Promise<ToolAnswer<'whoami'>> {
    return { data: (await this.me.me(caller)) as ToolOutput<'whoami'> };
  }

  /** GET /v1/lists */
  async list_lists(caller: Principal, args: ToolInput<'list_lists'>): Promise<ToolAnswer<'list_lists'>> {
    const query = await this.validate(ListPageQuery, 'query', args);
    const page = await this.lists.page(caller, query.limit ?? PAGE_LIMIT.default, query.cursor);
    return { data: { lists: await this.present.lists(page.lists), next_cursor: page.nextCursor } };
  }

  /** POST /v1/lists */
  async create_list(caller: Principal, args: ToolInput<'create_list'>): Promise<ToolAnswer<'create_list'>> {
    const body = await this.validate(ListNameDto, 'body', args);
    return { data: { list: await this.present.list(await this.lists.create(caller, body.name)) } };
  }

  /** GET /v1/lists/:id/items, with the list by id or name. */
  async get_items(caller: Principal, { list, ...rest }: ToolInput<'get_items'>): Promise<ToolAnswer<'get_items'>> {
    const reference = await this.listReference(list);
    const query = await this.validate(ItemPageQuery, 'query', rest);
    const page = await this.readPage(caller, reference, query);
    const items = RENDERED_PLACEHOLDER as unknown as ToolOutput<'get_items'>['items'];
    return {
      data: { list: { id: page.list.id, name: page.list.name }, items, next_cursor: page.nextCursor },
      rendered: { placeholder: RENDERED_PLACEHOLDER, json: page.items.json },
    };
  }

  /**
   * POST /v1/actions/add. With `idempotency_key`, the call is the route's request with that
   * Idempotency-Key: the same record (per account, path and body), so a retry through either
   * replays the first answer.
   */
  async add_items(caller: Principal, { idempotency_key, ...args }: ToolInput<'add_items'>): Promise<ToolAnswer<'add_items'>> {
    const body = await this.validate(ItemsActionDto, 'body', args);
    const add = async () => presentItems(await this.items.add(caller, body.list, body.items));
    const key = readIdempotencyKey(idempotency_key);
    if (key === undefined) return { data: await add() };
    const outcome = await this.idempotency.execute(
      { userId: caller.userId, key, fingerprint: fingerprintRequest(routeOperation('POST', '/v1/actions/add'), args) },
      add,
    );
    return { data: outcome.response as ToolOutput<'add_items'>, replayed: outcome.replayed };
  }

  /** POST /v1/actions/complete */
  async complete_items(caller: Principal, args: ToolInput<'complete_items'>): Promise<ToolAnswer<'complete_items'>> {
    const body = await this.validate(ItemsActionDto, 'body', args);
    return { data: presentItems(await this.items.complete(caller, body.list, body.items)) };
  }

  /** POST /v1/actions/reopen */
  async reopen_items(caller: Principal, args: ToolInput<'reopen_items'>): Promise<ToolAnswer<'reopen_items'>> {
    const body = await this.validate(ItemsActionDto, 'body', args);
    return { data: presentItems(await this.items.reopen(caller, body.list, body.items)) };
  }

  /** POST /v1/actions/remove */
  async remove_items(caller: Principal, args: ToolInput<'remove_items'>): Promise<ToolAnswer<'remove_items'>> {
    const body = await this.validate(ItemsActionDto, 'body', args);
    return { data: presentItems(await this.items.remove(caller, body.list, body.items)) };
  }

  /** POST /v1/lists/:id/invitations, with the list by id or name. */
  async invite_member(caller: Principal, { list, ...rest }: ToolInput<'invite_member'>): Promise<ToolAnswer<'invite_member'>> {
    const reference = await this.listReference(list);
    const body = await this.validate(InviteDto, 'body', rest);
    const { id } = await this.access.resolve(caller, reference);
    return { data: { invitation: await this.present.invitation(await this.invitations.invite(caller, id, body)) } };
  }

  /**
   * GET /v1/events, with `list` by id or name. An id is the route's `list_id` as it is (the
   * events of a list since deleted or left stay readable by its id); a name is resolved among
   * the lists the caller can see now.
   */
  async get_changes(caller: Principal, { list, ...rest }: ToolInput<'get_changes'>): Promise<ToolAnswer<'get_changes'>> {
    const reference = list === undefined ? undefined : await this.listReference(list);
    const query = await this.validate(EventFeedQuery, 'query', rest);
    const listId = reference === undefined || isUuid(reference) ? reference : (await this.access.resolve(caller, reference)).id;
    const page = await this.events.feed(caller, { after: query.after, limit: query.limit, listId });
    return { data: { events: page.events, next_cursor: page.nextCursor } };
  }

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

  private async listReference(list: string): Promise<string> {
    const { list: checked } = await this.validate(ListArgument, 'body', { list });
    return normaliseListReference(checked);
  }

  /** The routes' validation of a body or query (unknown fields, text rule, the DTO's decorators), 400s included. */
  private async validate<T>(metatype: Dto<T>, type: 'body' | 'query', value: Record<string, unknown>): Promise<T> {
    return (await this.pipe.transform(defined(value), { type, metatype, data: undefined })) as T;
  }
}
