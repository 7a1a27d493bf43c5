import { ApiError, ConnectionError } from './errors.ts';
import { type ClientOptions, type RequestOptions, Transport } from './http.ts';
import { type OperationId, OPERATIONS, pathOf } from './operations.ts';
import { paginate } from './paging.ts';
import type { BodyOf, DataOf, Event, EventType, QueryOf } from './types.ts';

type Options = RequestOptions;

/** Calls one operation of the OpenAPI document: its method and path, parameters filled in. */
class Caller {
  constructor(readonly transport: Transport) {}

  async call<Op extends OperationId>(
    op: Op,
    params: Record<string, string>,
    request: { query?: Record<string, string | number | readonly string[] | undefined>; body?: unknown } & Options = {},
  ): Promise<DataOf<Op>> {
    // Async, so that a missing path parameter is a rejection like every other failure.
    return this.transport.request<DataOf<Op>>(OPERATIONS[op].method, pathOf(op, params), request);
  }
}

/** `GET /v1/me`. */
export class MeResource {
  constructor(private readonly c: Caller) {}
  /** The account and the calling key (its mode, scopes, lists, expiry, addresses). */
  get(options?: Options) {
    return this.c.call('Profile_me', {}, options);
  }
}

/** Lists: `/v1/lists…`. */
export class ListsResource {
  constructor(private readonly c: Caller) {}
  /** One page of the lists you own or belong to, oldest first. */
  page(query: QueryOf<'Lists_page'> = {}, options?: Options) {
    return this.c.call('Lists_page', {}, { ...options, query });
  }
  /** Every list, page after page (`limit` per page). */
  iterate(query: Omit<QueryOf<'Lists_page'>, 'cursor'> = {}, options?: Options) {
    return paginate(async (cursor) => {
      const page = await this.page({ ...query, cursor }, options);
      return { entries: page.lists, next_cursor: page.next_cursor };
    });
  }
  create(body: BodyOf<'Lists_create'>, options?: Options) {
    return this.c.call('Lists_create', {}, { ...options, body });
  }
  get(listId: string, options?: Options) {
    return this.c.call('Lists_get', { id: listId }, options);
  }
  /** Renames a list (owner). Retried after a 503 or a lost connection only under `If-Match` (options.headers). */
  rename(listId: string, body: BodyOf<'Lists_rename'>, options?: Options) {
    return this.c.call('Lists_rename', { id: listId }, { ...options, body });
  }
  /** Deletes a list with its items, members, invitations and links (owner). */
  delete(listId: string, options?: Options) {
    return this.c.call('Lists_delete', { id: listId }, options);
  }
}

/** A list's members: `/v1/lists/:id/members…`. */
export class MembersResource {
  constructor(private readonly c: Caller) {}
  /** The members, owner first. */
  list(listId: string, options?: Options) {
    return this.c.call('Lists_members', { id: listId }, options);
  }
  /** Changes a member's role (owner). */
  changeRole(listId: string, userId: string, body: BodyOf<'Lists_changeRole'>, options?: Options) {
    return this.c.call('Lists_changeRole', { id: listId, user_id: userId }, { ...options, body });
  }
  /** The owner removes a member, or a member leaves (their own id). */
  remove(listId: string, userId: string, options?: Options) {
    return this.c.call('Lists_removeMember', { id: listId, user_id: userId }, options);
  }
}

/** Invitations by email: those of a list (owner) and those addressed to you. */
export class InvitationsResource {
  constructor(private readonly c: Caller) {}
  /** Invites an email to a list (owner); it is mailed. */
  create(listId: string, body: BodyOf<'Invitations_invite'>, options?: Options) {
    return this.c.call('Invitations_invite', { id: listId }, { ...options, body });
  }
  /** A list's invitations, every status (owner). */
  listForList(listId: string, options?: Options) {
    return this.c.call('Invitations_ofList', { id: listId }, options);
  }
  revoke(listId: string, invitationId: string, options?: Options) {
    return this.c.call('Invitations_revoke', { id: listId, inv_id: invitationId }, options);
  }
  /** The pending invitations addressed to your (verified) email, the 100 oldest. */
  mine(options?: Options) {
    return this.c.call('Invitations_mine', {}, options);
  }
  accept(invitationId: string, options?: Options) {
    return this.c.call('Invitations_accept', { inv_id: invitationId }, options);
  }
  decline(invitationId: string, options?: Options) {
    return this.c.call('Invitations_decline', { inv_id: invitationId }, options);
  }
}

/** Share links: `/v1/lists/:id/shares…` and joining by token. */
export class SharesResource {
  constructor(private readonly c: Caller) {}
  /** A share link (owner); its `token` is in this answer only. */
  create(listId: string, body: BodyOf<'Shares_create'>, options?: Options) {
    return this.c.call('Shares_create', { id: listId }, { ...options, body });
  }
  list(listId: string, options?: Options) {
    return this.c.call('Shares_list', { id: listId }, options);
  }
  revoke(listId: string, shareId: string, options?: Options) {
    return this.c.call('Shares_revoke', { id: listId, share_id: shareId }, options);
  }
  /** Joins a list with a link's token, with the link's role. */
  join(token: string, options?: Options) {
    return this.c.call('Shares_join', { token }, options);
  }
}

/** A list's items: `GET /v1/lists/:id/items`. */
export class ItemsResource {
  constructor(private readonly c: Caller) {}
  /** One page of a list's items, in the list's order. */
  page(listId: string, query: QueryOf<'Items_page'> = {}, options?: Options) {
    return this.c.call('Items_page', { id: listId }, { ...options, query });
  }
  /** One item of a list, `{item}` (its `version` is the ETag the route sends). */
  get(listId: string, itemId: string, options?: Options) {
    return this.c.call('Items_item', { id: listId, item_id: itemId }, options);
  }
  /**
   * One page of the items of every list the key can see (`GET /v1/items`), due first by
   * default, with `lists` naming the lists of the page's items.
   */
  find(query: QueryOf<'Items_find'> = {}, options?: Options) {
    return this.c.call('Items_find', {}, { ...options, query });
  }
  /** Every item `find` answers for `query`, page after page. */
  iterateFound(query: Omit<QueryOf<'Items_find'>, 'cursor'> = {}, options?: Options) {
    return paginate(async (cursor) => {
      const page = await this.find({ ...query, cursor }, options);
      return { entries: page.items, next_cursor: page.next_cursor };
    });
  }
  /** Every item of a list (`status`: all, open or completed), page after page. */
  iterate(listId: string, query: Omit<QueryOf<'Items_page'>, 'cursor'> = {}, options?: Options) {
    return paginate(async (cursor) => {
      const page = await this.page(listId, { ...query, cursor }, options);
      return { entries: page.items, next_cursor: page.next_cursor };
    });
  }
  /**
   * Changes the fields sent of one item (null clears due and assignee). With `ifMatch` (the
   * version read, or `*`), only if the item is still at that version: else a 412 error.
   */
  edit(listId: string, itemId: string, body: BodyOf<'ItemEdits_patch'>, options?: Options & { ifMatch?: number | '*' }) {
    const { ifMatch, ...rest } = options ?? {};
    const headers = ifMatch === undefined ? rest.headers : { ...rest.headers, 'If-Match': ifMatch === '*' ? '*' : `"${ifMatch}"` };
    return this.c.call('ItemEdits_patch', { id: listId, item_id: itemId }, { ...rest, headers, body });
  }
}

/**
 * The actions, `POST /v1/actions/…`, each `{list, items}` (update adds `set`, move its target) (a list by id or name; items as
 * texts for add, as ids or texts for the others), all or nothing. Each call carries an
 * Idempotency-Key (yours, or a fresh one), so a retried add adds once.
 */
export class ActionsResource {
  constructor(private readonly c: Caller) {}
  add(body: BodyOf<'Items_add'>, options?: Options) {
    return this.c.call('Items_add', {}, { ...options, body });
  }
  complete(body: BodyOf<'Items_complete'>, options?: Options) {
    return this.c.call('Items_complete', {}, { ...options, body });
  }
  reopen(body: BodyOf<'Items_reopen'>, options?: Options) {
    return this.c.call('Items_reopen', {}, { ...options, body });
  }
  remove(body: BodyOf<'Items_remove'>, options?: Options) {
    return this.c.call('Items_remove', {}, { ...options, body });
  }
  /** Sets fields (`set`) on the matched items. */
  update(body: BodyOf<'ItemEdits_update'>, options?: Options) {
    return this.c.call('ItemEdits_update', {}, { ...options, body });
  }
  /** Moves the matched items as a block: before or after an item, to the top or the bottom, within the list or to `to_list`. */
  move(body: BodyOf<'ItemEdits_move'>, options?: Options) {
    return this.c.call('ItemEdits_move', {}, { ...options, body });
  }
}

export interface FeedQuery {
  /** A `next_cursor` from the feed, or `now` (only what happens from now on); omitted: the oldest event kept. */
  after?: string;
  /** Only this list's events. */
  listId?: string;
  /** Only these types. */
  types?: readonly EventType[];
  /** Events per page, 1-500. */
  limit?: number;
}

export interface FeedPageQuery extends FeedQuery {
  /**
   * `oldest` (the default) or `newest`: newest first, and `next_cursor` leads to older events
   * (an empty page: none left). A cursor goes with the order that issued it; `now` with `oldest` only.
   */
  order?: QueryOf<'Events_feed'>['order'];
}

export interface FollowOptions extends FeedQuery {
  /** The pause between two polls that found nothing new, in ms. Default 1000. */
  intervalMs?: number;
  /** Ends the iteration (quietly: the `for await` loop just ends), also during a poll or a pause. */
  signal?: AbortSignal;
}

/**
 * The feed being followed: an async iterable of events that never ends by itself, and the
 * cursor to resume from. `cursor` moves past a page only once all its events have been taken,
 * so resuming from it after a crash gives those events again rather than losing one (apply
 * events as states, and a repeat is harmless).
 */
export interface FeedFollower extends AsyncIterable<Event> {
  readonly cursor: string | undefined;
}

const feedQuery = ({ after, listId, types, limit, order }: FeedPageQuery) => ({ after, list_id: listId, types, limit, order });

/** The change feed, `GET /v1/events`. */
export class EventsResource {
  constructor(private readonly c: Caller) {}

  /** One page of the feed. A 410 (a cursor older than the kept events) throws FeedExpiredError. */
  page(query: FeedPageQuery = {}, options?: Options) {
    return this.c.call('Events_feed', {}, { ...options, query: feedQuery(query) });
  }

  /** The events after `after` up to the present (the first empty page), then ends. */
  async *catchUp(query: FeedQuery = {}, options?: Options): AsyncGenerator<Event, string, undefined> {
    let cursor = query.after;
    for (;;) {
      const page = await this.page({ ...query, after: cursor }, options);
      yield* page.events;
      cursor = page.next_cursor;
      if (page.events.length === 0) return cursor;
    }
  }

  /**
   * Follows the feed from `after` for ever: yields each event as it comes, polls every
   * `intervalMs` while there is nothing new, and rides out the service's absence (no answer, a
   * 503 or 429) by waiting and asking again with the same cursor, so a restart of the service
   * loses no event. Ends when `signal` aborts. A 410 throws FeedExpiredError: read the lists
   * again, then follow from `now`. Any other error (401, 403, 400) is thrown too.
   */
  follow(options: FollowOptions = {}): FeedFollower {
    const { intervalMs = 1000, signal, ...query } = options;
    const sleep = this.c.transport.sleep;
    const state: { cursor: string | undefined } = { cursor: query.after };
    const stopped = () => signal?.aborted === true;
    /** Waits `ms`; false when the signal ended the wait. */
    const pause = async (ms: number): Promise<boolean> => {
      try {
        await sleep(ms, signal);
        return !stopped();
      } catch (error) {
        if (stopped()) return false;
        throw error;
      }
    };
    const read = (after: string | undefined) => this.page({ ...query, after }, { signal });
    async function* events(): AsyncGenerator<Event, void, undefined> {
      let absent = 0;
      while (!stopped()) {
        let page: DataOf<'Events_feed'>;
        try {
          page = await read(state.cursor);
          absent = 0;
        } catch (error) {
          if (stopped()) return;
          const away = error instanceof ConnectionError || (error instanceof ApiError && (error.status === 503 || error.status === 429));
          if (!away) throw error;
          absent++;
          const retryAfterMs = error instanceof ApiError && error.retryAfter !== null ? error.retryAfter * 1000 : 0;
          if (!(await pause(Math.max(retryAfterMs, Math.min(30_000, intervalMs * 2 ** Math.min(absent - 1, 5)))))) return;
          continue;
        }
        yield* page.events;
        state.cursor = page.next_cursor;
        if (page.events.length === 0 && !(await pause(intervalMs))) return;
      }
    }
    return {
      get cursor() {
        return state.cursor;
      },
      [Symbol.asyncIterator]: () => events(),
    };
  }
}

/** Webhooks and their deliveries: `/v1/webhooks…`. Verify deliveries with `verifyWebhook`. */
export class WebhooksResource {
  constructor(private readonly c: Caller) {}
  /** A webhook; its `secret` is in this answer only. */
  create(body: BodyOf<'Webhooks_create'>, options?: Options) {
    return this.c.call('Webhooks_create', {}, { ...options, body });
  }
  list(options?: Options) {
    return this.c.call('Webhooks_list', {}, options);
  }
  delete(webhookId: string, options?: Options) {
    return this.c.call('Webhooks_delete', { id: webhookId }, options);
  }
  /** A new secret; the old one keeps signing beside it for 24 hours. */
  rotateSecret(webhookId: string, options?: Options) {
    return this.c.call('Webhooks_rotate', { id: webhookId }, options);
  }
  /** Sends a `webhook.test` event to this webhook at once. */
  test(webhookId: string, options?: Options) {
    return this.c.call('Webhooks_test', { id: webhookId }, options);
  }
  /** One page of a webhook's deliveries, newest first. */
  deliveries(webhookId: string, query: QueryOf<'Webhooks_deliveries'> = {}, options?: Options) {
    return this.c.call('Webhooks_deliveries', { id: webhookId }, { ...options, query });
  }
  /** Every delivery of a webhook, newest first, page after page. */
  iterateDeliveries(webhookId: string, query: Omit<QueryOf<'Webhooks_deliveries'>, 'cursor'> = {}, options?: Options) {
    return paginate(async (cursor) => {
      const page = await this.deliveries(webhookId, { ...query, cursor }, options);
      return { entries: page.deliveries, next_cursor: page.next_cursor };
    });
  }
  /** Makes a delivery due again now. */
  retryDelivery(webhookId: string, deliveryId: string, options?: Options) {
    return this.c.call('Webhooks_retry', { id: webhookId, delivery_id: deliveryId }, options);
  }
}

/** The sandbox of a test key: `POST /v1/sandbox/reset`. */
export class SandboxResource {
  constructor(private readonly c: Caller) {}
  /** Empties the caller's sandbox (test keys only). */
  reset(options?: Options) {
    return this.c.call('Sandbox_reset', {}, options);
  }
}

/**
 * The client of the shared to-do list service's API: one method per route of `/v1/`, grouped
 * by resource, each answering the envelope's `data` or throwing an ApiError.
 *
 * ```ts
 * const todo = new TodoClient({ apiKey: process.env.TODO_API_KEY!, baseUrl: 'http://127.0.0.1:3000' });
 * const { list } = await todo.lists.create({ name: 'Groceries' });
 * ```
 */
export class TodoClient {
  readonly me: MeResource;
  readonly lists: ListsResource;
  readonly members: MembersResource;
  readonly invitations: InvitationsResource;
  readonly shares: SharesResource;
  readonly items: ItemsResource;
  readonly actions: ActionsResource;
  readonly events: EventsResource;
  readonly webhooks: WebhooksResource;
  readonly sandbox: SandboxResource;
  /** Any route by operationId, for what the resources do not wrap yet. */
  readonly call: Caller['call'];

  constructor(options: ClientOptions) {
    const caller = new Caller(new Transport(options));
    this.me = new MeResource(caller);
    this.lists = new ListsResource(caller);
    this.members = new MembersResource(caller);
    this.invitations = new InvitationsResource(caller);
    this.shares = new SharesResource(caller);
    this.items = new ItemsResource(caller);
    this.actions = new ActionsResource(caller);
    this.events = new EventsResource(caller);
    this.webhooks = new WebhooksResource(caller);
    this.sandbox = new SandboxResource(caller);
    this.call = caller.call.bind(caller);
  }
}
