/**
 * Response schemas of the OpenAPI document, written from API.md section 3 (the resource
 * shapes) and checked against real responses by the e2e suite (see
 * test/support/openapi-validator.ts), so the reference cannot drift from the service.
 */

import { EVENT_TYPES } from '../modules/events/domain/event';

type Schema = Record<string, unknown>;

const EVENT_TYPE_NAMES = [...EVENT_TYPES];

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const timestamp: Schema = { type: 'string', format: 'date-time', examples: ['2026-11-22T09:15:03.120Z'] };
const nullableTimestamp: Schema = { type: ['string', 'null'], format: 'date-time' };
const id: Schema = { type: 'string', description: 'Opaque identifier' };
const role: Schema = { type: 'string', enum: ['owner', 'editor', 'viewer'] };
const memberRole: Schema = { type: 'string', enum: ['editor', 'viewer'] };
const scopes: Schema = {
  type: 'array',
  items: { type: 'string', enum: ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'] },
};

const object = (properties: Record<string, Schema>, description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  properties,
});

export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  UserSummary: object({ id, username: { type: 'string' }, name: { type: 'string' } }),
  Me: object({ id, email: { type: 'string' }, name: { type: 'string' }, username: { type: 'string' }, scopes }),
  List: object(
    {
      id,
      name: { type: 'string', minLength: 1, maxLength: 100 },
      owner: ref('UserSummary'),
      role: { ...role, description: "The caller's role on the list" },
      item_count: { type: 'integer', minimum: 0 },
      open_item_count: { type: 'integer', minimum: 0 },
      created_at: timestamp,
      updated_at: timestamp,
    },
    'A to-do list',
  ),
  ListRef: object({ id, name: { type: 'string' } }),
  Item: object(
    {
      id,
      list_id: id,
      text: { type: 'string', minLength: 1, maxLength: 500 },
      completed: { type: 'boolean' },
      created_at: timestamp,
      created_by: { ...id, description: 'User id' },
      completed_at: nullableTimestamp,
      completed_by: { type: ['string', 'null'], description: 'User id' },
    },
    'An item of a list',
  ),
  Member: object({ user: ref('UserSummary'), role, joined_at: timestamp }),
  Invitation: object({
    id,
    list: ref('ListRef'),
    invitee: object({ email: { type: 'string' } }),
    inviter: ref('UserSummary'),
    role: memberRole,
    status: { type: 'string', enum: ['pending', 'accepted', 'declined', 'revoked', 'expired'] },
    created_at: timestamp,
    expires_at: timestamp,
    responded_at: nullableTimestamp,
  }),
  Share: object({
    id,
    list_id: id,
    token: {
      type: ['string', 'null'],
      minLength: 22,
      description:
        'Unguessable; joins with POST /v1/shares/{token}/join. Shown once: only in the response that creates the link ' +
        '(not in its Idempotency-Key replay); null everywhere else, as only its hash is stored',
    },
    role: memberRole,
    created_at: timestamp,
    expires_at: nullableTimestamp,
    revoked: { type: 'boolean' },
  }),
  Account: {
    type: 'object',
    required: ['id', 'email', 'username', 'name'],
    properties: { id, email: { type: 'string' }, username: { type: 'string' }, name: { type: 'string' } },
  },
  ApiKeyInfo: object({
    id,
    label: { type: 'string' },
    prefix: { type: 'string', enum: ['sk_live_'] },
    last4: { type: 'string', pattern: '^[0-9a-f]{4}$' },
    scopes,
    status: { type: 'string', enum: ['active', 'revoked'] },
    created_at: timestamp,
    last_used_at: nullableTimestamp,
    revoked_at: nullableTimestamp,
  }),
  CreatedApiKey: object({
    key: { type: 'string', pattern: '^sk_live_[0-9a-f]{64}$', description: 'The full key: shown this once only' },
    id,
    label: { type: 'string' },
    prefix: { type: 'string', enum: ['sk_live_'] },
    last4: { type: 'string', pattern: '^[0-9a-f]{4}$' },
    scopes,
    status: { type: 'string', enum: ['active'] },
    created_at: timestamp,
  }),
  FrontDoor: object(
    {
      service: { type: 'string' },
      links: object({
        developers: { type: 'string', description: 'The developer page: sign up, create and revoke keys' },
        docs: { type: 'string', description: 'This reference, rendered' },
        openapi: { type: 'string', description: 'This document' },
        api: { type: 'string', description: 'Prefix of every API route' },
        health: { type: 'string', description: 'Readiness check' },
      }),
      next: { type: 'string' },
    },
    'Where to go from the base URL. A browser (Accept preferring text/html) is redirected (302) to /developers instead.',
  ),
  Webhook: object({
    id,
    url: { type: 'string', maxLength: 2048 },
    types: {
      type: ['array', 'null'],
      items: { type: 'string', enum: EVENT_TYPE_NAMES },
      description: 'Event types delivered; null: every type',
    },
    list_id: { type: ['string', 'null'], description: 'Only events of this list; null: every list the account can see' },
    status: { type: 'string', enum: ['active', 'disabled'] },
    disabled_reason: { type: ['string', 'null'], description: 'Why the service disabled it (a 410 answer, five days of failures)' },
    created_at: timestamp,
  }),
  NewWebhook: {
    allOf: [
      ref('Webhook'),
      {
        type: 'object',
        required: ['secret'],
        properties: {
          secret: {
            type: ['string', 'null'],
            pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
            description: 'The signing secret, shown only in this response (null in its Idempotency-Key replay); verify deliveries with it',
          },
        },
      },
    ],
  },
  Delivery: object({
    id,
    event_id: { type: 'string', description: 'The `webhook-id` header of every attempt' },
    event_type: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attempts: { type: 'integer', minimum: 0 },
    last_status_code: { type: ['integer', 'null'] },
    last_error: { type: ['string', 'null'] },
    next_attempt_at: { ...nullableTimestamp, description: 'When the next attempt is due; null once succeeded or failed' },
    created_at: timestamp,
  }),
  Health: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
  Empty: { type: 'object', description: 'Nothing to report beyond success' },
  Event: object(
    {
      id: { type: 'string', pattern: '^evt_', description: 'Opaque; the same in webhook deliveries (webhook-id)' },
      type: { type: 'string', enum: [...EVENT_TYPES] },
      created_at: timestamp,
      list: ref('ListRef'),
      actor: ref('UserSummary'),
      data: {
        description:
          'list.*: {list}; item.*: {item}; member.*: {member}; invitation.*: {invitation}, as the other routes show them at the time of the event',
        oneOf: [
          object({ list: ref('List') }),
          object({ item: ref('Item') }),
          object({ member: ref('Member') }),
          object({ invitation: ref('Invitation') }),
        ],
      },
    },
    'A change to a list, its items or its members',
  ),
};

/** The events a webhook receives, for the document's `webhooks` section (OpenAPI 3.1). */
export const WEBHOOK_EVENTS: Record<string, { summary: string; schema: Schema }> = {
  'webhook.test': {
    summary: 'Sent by POST /v1/webhooks/{id}/test to that endpoint only',
    schema: object(
      {
        id: { type: 'string', pattern: '^evt_', description: 'Opaque; the webhook-id header' },
        type: { const: 'webhook.test' },
        created_at: timestamp,
        list: { type: 'null' },
        actor: ref('UserSummary'),
        data: object({ webhook: object({ id, url: { type: 'string' } }) }),
      },
      'The shape of every event, with no list: it is about the webhook itself',
    ),
  },
  event: {
    summary: 'Any change to a list, its items or its members, to the matching webhooks of everyone who could see the list',
    schema: ref('Event'),
  },
};

const cursor: Schema = { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last page' };
const itemsResult = object({ list: ref('ListRef'), items: { type: 'array', items: ref('Item') } });
const wrap = (key: string, schema: Schema) => object({ [key]: schema });

/** The answers of the webhook routes under `base`: /v1/webhooks, and the developer page's copy of them. */
const webhookResponses = (base: string): Record<string, Schema> => ({
  [`POST ${base}`]: wrap('webhook', ref('NewWebhook')),
  [`GET ${base}`]: wrap('webhooks', { type: 'array', items: ref('Webhook') }),
  [`DELETE ${base}/{}`]: ref('Empty'),
  [`POST ${base}/{}/rotate-secret`]: wrap('webhook', ref('NewWebhook')),
  [`POST ${base}/{}/test`]: wrap('delivery', ref('Delivery')),
  [`GET ${base}/{}/deliveries`]: object({ deliveries: { type: 'array', items: ref('Delivery') }, next_cursor: cursor }),
  [`POST ${base}/{}/deliveries/{}/retry`]: wrap('delivery', ref('Delivery')),
});

/**
 * The `data` of each route's 200 response, by method and path (path parameters written
 * `{}` so the table does not depend on parameter names).
 */
export const SUCCESS_DATA: Record<string, Schema> = {
  'GET /': ref('FrontDoor'),
  'GET /health/live': ref('Health'),
  'GET /health/ready': ref('Health'),
  'GET /v1/me': ref('Me'),
  'GET /v1/lists': object({ lists: { type: 'array', items: ref('List') }, next_cursor: cursor }),
  'POST /v1/lists': wrap('list', ref('List')),
  'GET /v1/lists/{}': wrap('list', ref('List')),
  'PATCH /v1/lists/{}': wrap('list', ref('List')),
  'DELETE /v1/lists/{}': ref('Empty'),
  'GET /v1/lists/{}/members': wrap('members', { type: 'array', items: ref('Member') }),
  'PATCH /v1/lists/{}/members/{}': wrap('member', ref('Member')),
  'DELETE /v1/lists/{}/members/{}': ref('Empty'),
  'POST /v1/lists/{}/invitations': wrap('invitation', ref('Invitation')),
  'GET /v1/lists/{}/invitations': wrap('invitations', { type: 'array', items: ref('Invitation') }),
  'DELETE /v1/lists/{}/invitations/{}': wrap('invitation', ref('Invitation')),
  'GET /v1/invitations': wrap('invitations', { type: 'array', items: ref('Invitation') }),
  'POST /v1/invitations/{}/accept': wrap('list', ref('List')),
  'POST /v1/invitations/{}/decline': wrap('invitation', ref('Invitation')),
  'POST /v1/lists/{}/shares': wrap('share', ref('Share')),
  'GET /v1/lists/{}/shares': wrap('shares', { type: 'array', items: ref('Share') }),
  'DELETE /v1/lists/{}/shares/{}': wrap('share', ref('Share')),
  'POST /v1/shares/{}/join': wrap('list', ref('List')),
  'GET /v1/lists/{}/items': object({
    list: ref('ListRef'),
    items: { type: 'array', items: ref('Item') },
    next_cursor: cursor,
  }),
  'GET /v1/events': object({
    events: { type: 'array', items: ref('Event') },
    next_cursor: { type: 'string', description: 'Never null: pass it as `after` to get only newer events' },
  }),
  'POST /v1/actions/add': itemsResult,
  'POST /v1/actions/complete': itemsResult,
  'POST /v1/actions/reopen': itemsResult,
  'POST /v1/actions/remove': itemsResult,
  ...webhookResponses('/v1/webhooks'),
  'POST /developers/api/signup': wrap('user', ref('Account')),
  'POST /developers/api/login': wrap('user', ref('Account')),
  'POST /developers/api/logout': ref('Empty'),
  'GET /developers/api/session': object({ user: { oneOf: [ref('Account'), { type: 'null' }] } }),
  'GET /developers/api/keys': wrap('keys', { type: 'array', items: ref('ApiKeyInfo') }),
  'POST /developers/api/keys': ref('CreatedApiKey'),
  'POST /developers/api/keys/{}/revoke': ref('ApiKeyInfo'),
  // The account's webhooks for the page: the shapes of /v1/webhooks.
  ...webhookResponses('/developers/api/webhooks'),
};

/** Domain-rule (422) causes per route, for the descriptions of the 422 responses. */
export const RULES_422: Record<string, string> = {
  'POST /v1/lists': 'a list of that name already exists for the owner, or 500 lists are owned',
  'PATCH /v1/lists/{}': 'the owner already has a list of that name',
  'PATCH /v1/lists/{}/members/{}': "the owner's role cannot be changed",
  'DELETE /v1/lists/{}/members/{}': 'the owner cannot leave (delete the list instead)',
  'POST /v1/lists/{}/invitations':
    "the email is the owner's or a member's, has a pending invitation, 50 invitations are pending, or the list has 50 members",
  'DELETE /v1/lists/{}/invitations/{}': 'the invitation is no longer pending',
  'POST /v1/invitations/{}/accept': 'the invitation is no longer pending, or the list has 50 members',
  'POST /v1/invitations/{}/decline': 'the invitation is no longer pending',
  'POST /v1/shares/{}/join': 'the caller is already the owner or a member, or the list has 50 members',
  'POST /v1/actions/add': 'the list name is ambiguous, or the list would exceed 10,000 items',
  'POST /v1/actions/complete': 'the list name is ambiguous',
  'POST /v1/actions/reopen': 'the list name is ambiguous',
  'POST /v1/actions/remove': 'the list name is ambiguous',
  'POST /v1/webhooks': 'the account already has 10 webhooks',
  'POST /v1/webhooks/{}/test': 'the webhook is disabled',
  'POST /v1/webhooks/{}/deliveries/{}/retry': 'the webhook is disabled',
  'POST /developers/api/signup': 'the email or username is taken',
  'POST /developers/api/keys': 'the account already has 20 active keys',
  'POST /developers/api/webhooks': 'the account already has 10 webhooks',
  'POST /developers/api/webhooks/{}/test': 'the webhook is disabled',
  'POST /developers/api/webhooks/{}/deliveries/{}/retry': 'the webhook is disabled',
};

export const routeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z_]+/g, '{}')}`;
