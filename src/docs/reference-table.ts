/**
 * What the reference at /docs shows beside what the routes' decorators declare: the tags in
 * the order a reader learns the API, which tag each route belongs to, and one example request
 * and answer per route of the public document, from which its code samples (curl, the
 * TypeScript client) are made (reference-samples.ts). `test/openapi.e2e-spec.ts` fails when a
 * route has no summary, falls under no tag or has no example here, and when an example does not
 * match the route's own schemas.
 *
 * A new route needs, in this file: a tag rule matching its path (if none does yet), and an entry
 * in API_EXAMPLES (public routes) under `METHOD /path` as the document writes it; on the route
 * itself, a summary (@ApiOperation).
 */
import { FRONT_DOOR } from '../modules/home/home.controller';

export interface Tag {
  name: string;
  description: string;
}

/** The public document's tags, in reading order: the renderer lists them so. */
export const API_TAGS: readonly Tag[] = [
  {
    name: 'Keys and me',
    description:
      'Every request to `/v1/` carries an API key in `X-API-Key`. A **live** key (`sk_live_` + 64 hex characters) reaches ' +
      'your real lists; a **test** key (`sk_test_` + 64 hex characters) reaches a sandbox of its own, separate from live ' +
      'data. Keys are made, restricted (scopes, lists, expiry, addresses), rolled and revoked on the developer page, ' +
      '`/developers`. `GET /v1/me` says who a key belongs to and what it may do.',
  },
  {
    name: 'Lists',
    description: 'To-do lists: create, rename and delete them, page through the ones you own or belong to, and manage their members.',
  },
  {
    name: 'Items',
    description: 'The items of a list, read a page at a time, oldest first. Items change through the actions.',
  },
  {
    name: 'Actions',
    description:
      'Add, complete, reopen and remove items in bulk: each action names its list by id or name and its items by id or ' +
      'text, and changes all of them or none.',
  },
  {
    name: 'Sharing',
    description: 'Invite people by email with a role, or hand out share links that anyone with the token can join.',
  },
  {
    name: 'Events',
    description: 'The change feed: every change to the lists a key can see, oldest first, resumable from a cursor.',
  },
  {
    name: 'Webhook endpoints',
    description:
      'Endpoints the service POSTs each event to, signed as Standard Webhooks specifies; their deliveries, retries and ' +
      'signing secrets. What each delivery carries is under Webhooks, after the routes.',
  },
  {
    name: 'Sandbox',
    description: "Test mode's own data: a test key (`sk_test_`) may empty its sandbox.",
  },
  {
    name: 'MCP',
    description: 'The API as a Model Context Protocol server for assistants: JSON-RPC over Streamable HTTP, with the same keys and scopes.',
  },
  {
    name: 'Service',
    description: 'Where to go from the base URL, and the health checks a load balancer or orchestrator polls (no key).',
  },
];

/** Groups of the sidebar (`x-tagGroups`), in the same order. */
export const API_TAG_GROUPS: ReadonlyArray<{ name: string; tags: string[] }> = [
  { name: 'Start here', tags: ['Keys and me'] },
  { name: 'Lists and items', tags: ['Lists', 'Items', 'Actions', 'Sharing'] },
  { name: 'Changes', tags: ['Events', 'Webhook endpoints'] },
  { name: 'Testing and assistants', tags: ['Sandbox', 'MCP'] },
  { name: 'Operations', tags: ['Service'] },
];

/** The developer page's own routes, in the portal document. */
export const PORTAL_TAGS: readonly Tag[] = [
  { name: 'Page', description: 'The developer page itself: its HTML and its script.' },
  { name: 'Account', description: 'Sign-up, sign-in and the session cookie; email verification, email and password changes.' },
  { name: 'Keys', description: "The account's API keys of both modes: create, restrict, roll, revoke, and their usage." },
  { name: 'Lists', description: "The account's lists, for restricting a key or a webhook to some of them." },
  { name: 'Webhooks', description: 'The webhook endpoints of the mode the page is in, and their deliveries.' },
  { name: 'Sandbox', description: "Emptying the account's test data." },
  { name: 'Mailbox', description: 'The development outbox (only when mail is not sent for real).' },
];

/**
 * Which tag a path falls under: the first rule whose pattern matches. A path matching none is
 * a failure of test/openapi.e2e-spec.ts naming it.
 */
export const API_TAG_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/v1\/me$/, 'Keys and me'],
  [/^\/v1\/lists\/\{id\}\/(members|invitations|shares)(\/|$)/, 'Sharing'],
  [/^\/v1\/(invitations|shares)(\/|$)/, 'Sharing'],
  [/^\/v1\/lists\/\{id\}\/items(\/|$)/, 'Items'],
  [/^\/v1\/items(\/|$)/, 'Items'],
  [/^\/v1\/actions\//, 'Actions'],
  [/^\/v1\/lists(\/|$)/, 'Lists'],
  [/^\/v1\/events(\/|$)/, 'Events'],
  [/^\/v1\/webhooks(\/|$)/, 'Webhook endpoints'],
  [/^\/v1\/sandbox(\/|$)/, 'Sandbox'],
  [/^\/mcp$/, 'MCP'],
  [/^\/(health\/.*)?$/, 'Service'],
];

export const PORTAL_TAG_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/developers(\/app\.js|\/openapi\.json)?$/, 'Page'],
  [/^\/developers\/api\/keys(\/|$)/, 'Keys'],
  [/^\/developers\/api\/lists(\/|$)/, 'Lists'],
  [/^\/developers\/api\/webhooks(\/|$)/, 'Webhooks'],
  [/^\/developers\/api\/sandbox(\/|$)/, 'Sandbox'],
  [/^\/developers\/api\/dev\/mailbox$/, 'Mailbox'],
  [/^\/developers\/api\//, 'Account'],
];

/** The tag of `path` by `rules`, or undefined when no rule matches. */
export const tagOf = (rules: ReadonlyArray<readonly [RegExp, string]>, path: string): string | undefined =>
  rules.find(([pattern]) => pattern.test(path))?.[1];

/**
 * One example call of a route and its answer.
 * - `params`: the path parameters; `query`: the query string; `body`: the JSON body.
 * - `data`: the answer's `data` (a 200 in the envelope); or `answer` for a route that answers
 *   something else (MCP's JSON-RPC, a 405).
 * - `client`: the TypeScript client's method (`lists.create`), called with the path parameters
 *   in the path's order, then the body or else the query; without it the sample uses
 *   `todo.call(operationId, …)`, which reaches any route of /v1/.
 * - `headers`: further request headers (MCP's Accept).
 */
export interface OperationExample {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  data?: unknown;
  answer?: { status: number; body: unknown };
  client?: string;
}

const AT = '2026-11-02T09:15:03.120Z';
const LATER = '2026-11-02T09:20:41.007Z';
const LIST_ID = '5f0c2a7e-8d1b-4c39-9a4b-1d2e3f4a5b6c';
const ITEM_IDS = ['9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e'];
const ADA = { id: '2e4c6a8b-1d3f-4e5a-9b7c-0d2f4a6b8c1e', username: 'ada', name: 'Ada Lovelace' };
const GRACE = { id: '7c9e1a3b-5d7f-4b2a-8c6e-3f5a7b9c1d2e', username: 'grace', name: 'Grace Hopper' };
const KEY_ID = '3d5f7a9b-2c4e-4f6a-8b1d-5e7a9c2b4d6f';
const INVITATION_ID = '8b1d3f5a-7c9e-4a2b-9d4f-6a8c1e3b5d7f';
const SHARE_ID = '4f6a8c1e-3b5d-4e7f-8a2c-9b1d3f5a7c9e';
const SHARE_TOKEN = 'Xq3vN8kT2pLm5sWd9rYb7c';
const WEBHOOK_ID = '6a8c1e3b-5d7f-4a9b-8c2e-1d3f5a7b9c2e';
const DELIVERY_ID = '1e3b5d7f-9a2c-4b4e-8d6f-7a9c2e4b6d8f';
const EVENT_ID = 'evt_01JC2X7Q4M8N9P3R5S6T7V8W9X';
const WHSEC = 'whsec_MfKQ9r8GKYqXGA0mWmEw4oBJ3K7eM5w1bP9yNpLk2Zs=';

const LIST_REF = { id: LIST_ID, name: 'Groceries' };
const list = (counts: { item_count: number; open_item_count: number }, name = 'Groceries') => ({
  id: LIST_ID,
  name,
  owner: ADA,
  role: 'owner',
  ...counts,
  created_at: AT,
  updated_at: LATER,
});
const item = (index: number, text: string, completed = false, fields: Record<string, unknown> = {}) => ({
  id: ITEM_IDS[index],
  list_id: LIST_ID,
  text,
  notes: '',
  completed,
  created_at: AT,
  created_by: ADA.id,
  completed_at: completed ? LATER : null,
  completed_by: completed ? ADA.id : null,
  due: null,
  priority: 'none',
  labels: [],
  assignee: null,
  position: `00000000000000${index + 10}V`,
  updated_at: completed ? LATER : AT,
  version: completed ? 2 : 1,
  ...fields,
});
const DUE = {
  date: '2026-11-30',
  time: '09:00',
  time_zone: 'Europe/Berlin',
  recurrence: 'FREQ=WEEKLY;BYDAY=MO',
  at: '2026-11-30T08:00:00.000Z',
};
const EDITED = { due: DUE, priority: 'high', labels: ['errands'], assignee: GRACE, updated_at: LATER, version: 2 };
const member = (user: typeof ADA, role: string) => ({ user, role, joined_at: AT });
const invitation = (status: string) => ({
  id: INVITATION_ID,
  list: LIST_REF,
  invitee: { email: 'grace@example.com' },
  inviter: ADA,
  role: 'editor',
  status,
  created_at: AT,
  expires_at: '2026-11-09T09:15:03.120Z',
  responded_at: status === 'pending' ? null : LATER,
});
const share = (token: string | null, revoked = false) => ({
  id: SHARE_ID,
  list_id: LIST_ID,
  token,
  role: 'viewer',
  created_at: AT,
  expires_at: null,
  revoked,
});
const webhook = {
  id: WEBHOOK_ID,
  url: 'https://example.com/hooks/todo',
  types: ['item.added', 'item.completed'],
  list_id: null,
  status: 'active',
  disabled_reason: null,
  created_at: AT,
};
const delivery = (status: string, attempts: number) => ({
  id: DELIVERY_ID,
  event_id: EVENT_ID,
  event_type: 'item.added',
  status,
  attempts,
  last_status_code: attempts > 0 ? 200 : null,
  last_error: null,
  next_attempt_at: status === 'pending' ? LATER : null,
  created_at: AT,
});
const ACTION = { list: 'Groceries', items: ['milk', 'bread'] };
const ACTED = (completed: boolean) => ({ list: LIST_REF, items: [item(0, 'milk', completed), item(1, 'bread', completed)] });

/**
 * The example of every route of the public document, by `METHOD /path` as the document writes
 * it. Each is checked against the route's schemas (test/openapi.e2e-spec.ts).
 */
export const API_EXAMPLES: Record<string, OperationExample> = {
  'GET /v1/me': {
    client: 'me.get',
    data: {
      id: ADA.id,
      email: 'ada@example.com',
      name: ADA.name,
      username: ADA.username,
      email_verified: true,
      scopes: ['lists:read', 'items:read', 'items:write'],
      key: {
        id: KEY_ID,
        label: 'assistant: groceries',
        mode: 'live',
        scopes: ['lists:read', 'items:read', 'items:write'],
        list_ids: [LIST_ID],
        expires_at: '2026-12-02T00:00:00.000Z',
        allowed_ips: null,
      },
    },
  },
  'GET /v1/lists': {
    client: 'lists.page',
    query: { limit: 20 },
    data: { lists: [list({ item_count: 3, open_item_count: 2 })], next_cursor: null },
  },
  'POST /v1/lists': {
    client: 'lists.create',
    body: { name: 'Groceries' },
    data: { list: list({ item_count: 0, open_item_count: 0 }) },
  },
  'GET /v1/lists/{id}': {
    client: 'lists.get',
    params: { id: LIST_ID },
    data: { list: list({ item_count: 3, open_item_count: 2 }) },
  },
  'PATCH /v1/lists/{id}': {
    client: 'lists.rename',
    params: { id: LIST_ID },
    body: { name: 'Weekly groceries' },
    data: { list: list({ item_count: 3, open_item_count: 2 }, 'Weekly groceries') },
  },
  'DELETE /v1/lists/{id}': { client: 'lists.delete', params: { id: LIST_ID }, data: {} },
  'GET /v1/lists/{id}/members': {
    client: 'members.list',
    params: { id: LIST_ID },
    data: { members: [member(ADA, 'owner'), member(GRACE, 'editor')] },
  },
  'PATCH /v1/lists/{id}/members/{user_id}': {
    client: 'members.changeRole',
    params: { id: LIST_ID, user_id: GRACE.id },
    body: { role: 'viewer' },
    data: { member: member(GRACE, 'viewer') },
  },
  'DELETE /v1/lists/{id}/members/{user_id}': { client: 'members.remove', params: { id: LIST_ID, user_id: GRACE.id }, data: {} },
  'POST /v1/lists/{id}/invitations': {
    client: 'invitations.create',
    params: { id: LIST_ID },
    body: { email: 'grace@example.com', role: 'editor' },
    data: { invitation: invitation('pending') },
  },
  'GET /v1/lists/{id}/invitations': {
    client: 'invitations.listForList',
    params: { id: LIST_ID },
    data: { invitations: [invitation('pending')] },
  },
  'DELETE /v1/lists/{id}/invitations/{inv_id}': {
    client: 'invitations.revoke',
    params: { id: LIST_ID, inv_id: INVITATION_ID },
    data: { invitation: invitation('revoked') },
  },
  'GET /v1/invitations': { client: 'invitations.mine', data: { invitations: [invitation('pending')] } },
  'POST /v1/invitations/{inv_id}/accept': {
    client: 'invitations.accept',
    params: { inv_id: INVITATION_ID },
    data: { list: { ...list({ item_count: 3, open_item_count: 2 }), role: 'editor' } },
  },
  'POST /v1/invitations/{inv_id}/decline': {
    client: 'invitations.decline',
    params: { inv_id: INVITATION_ID },
    data: { invitation: invitation('declined') },
  },
  'POST /v1/lists/{id}/shares': {
    client: 'shares.create',
    params: { id: LIST_ID },
    body: { role: 'viewer', expires_at: null },
    data: { share: share(SHARE_TOKEN) },
  },
  'GET /v1/lists/{id}/shares': { client: 'shares.list', params: { id: LIST_ID }, data: { shares: [share(null)] } },
  'DELETE /v1/lists/{id}/shares/{share_id}': {
    client: 'shares.revoke',
    params: { id: LIST_ID, share_id: SHARE_ID },
    data: { share: share(null, true) },
  },
  'POST /v1/shares/{token}/join': {
    client: 'shares.join',
    params: { token: SHARE_TOKEN },
    data: { list: { ...list({ item_count: 3, open_item_count: 2 }), role: 'viewer' } },
  },
  'GET /v1/lists/{id}/items': {
    client: 'items.page',
    params: { id: LIST_ID },
    query: { limit: 50, status: 'open' },
    data: { list: LIST_REF, items: [item(0, 'milk'), item(1, 'bread')], next_cursor: null },
  },
  'GET /v1/items': {
    client: 'items.find',
    query: { status: 'open', due_from: '2026-11-30', due_to: '2026-12-06', assignee: 'me', sort: 'due' },
    data: { items: [item(0, 'milk', false, EDITED)], lists: [LIST_REF], next_cursor: null },
  },
  'GET /v1/lists/{id}/items/{item_id}': {
    client: 'items.get',
    params: { id: LIST_ID, item_id: ITEM_IDS[0] },
    data: { item: item(0, 'milk', false, EDITED) },
  },
  'PATCH /v1/lists/{id}/items/{item_id}': {
    client: 'items.edit',
    params: { id: LIST_ID, item_id: ITEM_IDS[0] },
    body: {
      due: { date: DUE.date, time: DUE.time, time_zone: DUE.time_zone, recurrence: DUE.recurrence },
      priority: 'high',
      labels: ['errands'],
      assignee: GRACE.id,
    },
    data: { item: item(0, 'milk', false, EDITED) },
  },
  'POST /v1/actions/add': { client: 'actions.add', body: ACTION, data: ACTED(false) },
  'POST /v1/actions/update': {
    client: 'actions.update',
    body: { list: 'Groceries', items: ['milk'], set: { priority: 'high', add_labels: ['errands'] } },
    data: { list: LIST_REF, items: [item(0, 'milk', false, { priority: 'high', labels: ['errands'], updated_at: LATER, version: 2 })] },
  },
  'POST /v1/actions/move': {
    client: 'actions.move',
    body: { list: 'Groceries', items: ['bread'], to: 'top' },
    data: { list: LIST_REF, items: [item(1, 'bread', false, { position: '0000000000000000V', updated_at: LATER, version: 2 })] },
  },
  'POST /v1/actions/complete': { client: 'actions.complete', body: ACTION, data: ACTED(true) },
  'POST /v1/actions/reopen': { client: 'actions.reopen', body: ACTION, data: ACTED(false) },
  'POST /v1/actions/remove': { client: 'actions.remove', body: ACTION, data: ACTED(false) },
  'GET /v1/events': {
    client: 'events.page',
    query: { after: 'now', limit: 100 },
    data: {
      events: [
        {
          id: EVENT_ID,
          type: 'item.added',
          created_at: AT,
          list: LIST_REF,
          actor: ADA,
          data: { item: item(0, 'milk') },
          livemode: true,
        },
      ],
      next_cursor: 'c_0001HZX7Q4M8N9P3',
    },
  },
  'POST /v1/webhooks': {
    client: 'webhooks.create',
    body: { url: 'https://example.com/hooks/todo', types: ['item.added', 'item.completed'] },
    data: { webhook: { ...webhook, secret: WHSEC } },
  },
  'GET /v1/webhooks': { client: 'webhooks.list', data: { webhooks: [webhook] } },
  'DELETE /v1/webhooks/{id}': { client: 'webhooks.delete', params: { id: WEBHOOK_ID }, data: {} },
  'POST /v1/webhooks/{id}/rotate-secret': {
    client: 'webhooks.rotateSecret',
    params: { id: WEBHOOK_ID },
    data: { webhook: { ...webhook, secret: WHSEC } },
  },
  'POST /v1/webhooks/{id}/test': {
    client: 'webhooks.test',
    params: { id: WEBHOOK_ID },
    data: { delivery: { ...delivery('pending', 0), event_type: 'webhook.test' } },
  },
  'GET /v1/webhooks/{id}/deliveries': {
    client: 'webhooks.deliveries',
    params: { id: WEBHOOK_ID },
    query: { limit: 20 },
    data: { deliveries: [delivery('succeeded', 1)], next_cursor: null },
  },
  'POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry': {
    client: 'webhooks.retryDelivery',
    params: { id: WEBHOOK_ID, delivery_id: DELIVERY_ID },
    data: { delivery: delivery('pending', 1) },
  },
  'POST /v1/sandbox/reset': { client: 'sandbox.reset', data: { deleted: { lists: 2, memberships: 1, webhooks: 1 } } },
  'POST /mcp': {
    headers: { Accept: 'application/json, text/event-stream' },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add_items', arguments: ACTION } },
    answer: {
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          content: [{ type: 'text', text: 'Added 2 items to "Groceries"' }],
          structuredContent: ACTED(false),
        },
      },
    },
  },
  'GET /mcp': {
    headers: { Accept: 'text/event-stream' },
    answer: {
      status: 405,
      body: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Method not allowed: the MCP server is stateless; use POST', data: { status: 405 } },
      },
    },
  },
  'DELETE /mcp': {
    answer: {
      status: 405,
      body: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Method not allowed: the MCP server is stateless; use POST', data: { status: 405 } },
      },
    },
  },
  'GET /': { data: FRONT_DOOR },
  'GET /health/live': { data: { status: 'ok', uptime_s: 3605 } },
  'GET /health/ready': { data: { status: 'ok', database: { status: 'ok', latency_ms: 2 } } },
};
