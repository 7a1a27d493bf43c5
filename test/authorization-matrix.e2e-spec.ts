import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SCOPES, type Scope } from '../src/common/auth/scopes';
import { KeysService } from '../src/modules/keys/domain/keys.service';
import { makeRestrictedKey } from './factories/make-restricted-key';
import { makeUserWithKey } from './factories/make-user';
import { client, makeCaller, type Caller } from './support/lists-client';
import { NO_RATE_LIMITS, startTestApp, TestApp } from './support/test-app';
import { Clock } from '../src/common/ports/clock';

/**
 * The authorization matrix: every route the application serves (read from its Express router
 * at run time, so a new route without a row here fails the spec) × every kind of caller, with
 * the status API.md gives. Roles are relative to one list: its owner, an editor and a viewer
 * who joined it, a stranger (a valid key of another account; the invitee of the list's pending
 * invitation), a revoked key, and no key at all.
 *
 * Every route is also asked by the owner's restricted keys (API.md section 9), on a world of
 * its own, with answers derived from the owner's unless a row says otherwise, so that a new
 * route cannot forget them: a key without the route's scope (403 with X-Required-Scope, before
 * anything else: its one list is not the route's), a key of another list of the owner's (404
 * on a route that names the list), a key of the route's list (the owner's answer), an expired
 * key (401) and a key allowed only from another address (403).
 *
 * Every caller here holds a live key: a route of test keys only (`x-required-mode: test` in
 * the served OpenAPI document, from @RequireMode) answers every valid one 403 before its scope,
 * so its scopeless key gets no X-Required-Scope (test/sandbox-reset.e2e-spec.ts asks it with
 * test keys).
 */

const ROLES = ['none', 'revoked', 'stranger', 'viewer', 'editor', 'owner'] as const;
type Role = (typeof ROLES)[number];

/** The owner's restricted keys; `inside` asks last, as it may change the world as the owner would. */
const RESTRICTED = ['scopeless', 'expired', 'fenced', 'outside', 'inside'] as const;
type Restricted = (typeof RESTRICTED)[number];

/**
 * Routes that name the world's list: by path, in an action's body, or through a webhook of the
 * list (withWebhook). A key restricted to another list does not see it: 404.
 */
/**
 * Where the restricted keys' requests come from (X-Forwarded-For, one proxy hop trusted): an
 * address of their own, so that the sign-in row's failures count apart from the other callers'
 * (at most 10 per address), and one outside the fenced key's allowed_ips.
 */
const RESTRICTED_KEYS_ADDRESS = '198.51.100.7';

const NAMES_THE_LIST = /^[A-Z]+ \/v1\/(lists\/:id|actions\/|webhooks\/:id)/;

interface World {
  listId: string;
  listName: string;
  invitationId: string;
  shareId: string;
  token: string;
  itemId: string;
  /** The owner's webhook and one of its deliveries, made by the webhook rows' `prepare`. */
  webhookId?: string;
  deliveryId?: string;
}

interface Row {
  path: (w: World) => string;
  body?: (w: World) => object;
  headers?: Record<string, string>;
  /**
   * A route of several operations (x-operation-scopes: the MCP endpoint): the operation the
   * row's request asks for. Its scope is the one a scopeless key lacks; such a key's answer is
   * a tool result with isError naming the scope (API.md section 11), not an HTTP 403.
   */
  operation?: string;
  /** Extra set-up on the fresh world before the callers run. */
  prepare?: (w: World) => Promise<void>;
  expect: Record<Role, number>;
  /** Where a restricted key's answer is not the one derived from the owner's (section 9's own rules). */
  restricted?: Partial<Record<Restricted, number>>;
}

/** What a key with list_ids may not do whichever lists it names (API.md section 9): 403. */
const reachesOutside = { inside: 403, outside: 403 };

/** A keyed /v1/ route: 401 without a valid key; the four callers as given. */
const keyed = (owner: number, editor: number, viewer: number, stranger: number): Record<Role, number> => ({
  owner,
  editor,
  viewer,
  stranger,
  revoked: 401,
  none: 401,
});
const everyone = (status: number): Record<Role, number> => ({
  owner: status,
  editor: status,
  viewer: status,
  stranger: status,
  revoked: status,
  none: status,
});
/** Only the owner may (API.md section 3); members see the list, so they get 403; strangers do not (404). */
const ownerOnly = keyed(200, 403, 403, 404);
const members = keyed(200, 200, 200, 404);
const writers = keyed(200, 200, 403, 404);
const unique = () => randomBytes(5).toString('hex');
/** Webhooks belong to an account: anyone else's key finds none (404). */
const accountOnly = keyed(200, 404, 404, 404);

describe('authorization matrix', () => {
  let t: TestApp;
  let owner: Caller;
  let editor: Caller;
  let viewer: Caller;
  let stranger: Caller;
  let target: Caller;
  let revokedKey: string;
  let outsideKey: string;
  let fencedKey: string;
  let expiredKey: string;
  /** Keys of the owner, restricted to another list, each lacking one scope. */
  const lackingScope = new Map<Scope, string>();
  /** "METHOD /path" → the scope the route requires; keyed routes only. */
  const scopeOf = new Map<string, Scope>();
  /** "METHOD /path" → the one key mode the route takes, when it takes only one. */
  const modeOf = new Map<string, string>();
  /** "METHOD /path" → the scope of each of its operations, for a route of several (x-operation-scopes). */
  const operationScopesOf = new Map<string, Record<string, Scope>>();
  const isKeyed = (route: string) => scopeOf.has(route) || operationScopesOf.has(route);
  /** The scope a request of the row needs: the route's, or its operation's (the first operation's when it names none). */
  const scopeOfRow = (route: string, row: Row): Scope | undefined => {
    const operations = operationScopesOf.get(route);
    return scopeOf.get(route) ?? (operations && (row.operation ? operations[row.operation] : Object.values(operations)[0]));
  };
  const keyOf = (role: Role): string | undefined =>
    ({ owner: owner.key, editor: editor.key, viewer: viewer.key, stranger: stranger.key, revoked: revokedKey, none: undefined })[role];

  const rows: Record<string, Row> = {
    // The front door: directions for anyone (JSON here; a browser asking for HTML is redirected).
    'GET /': { path: () => '/', expect: everyone(200) },
    'GET /health/live': { path: () => '/health/live', expect: everyone(200) },
    'GET /health/ready': { path: () => '/health/ready', expect: everyone(200) },
    'GET /v1/openapi.json': { path: () => '/v1/openapi.json', expect: everyone(200) },
    'GET /docs': { path: () => '/docs', expect: everyone(200) },
    'GET /docs/': { path: () => '/docs/', expect: everyone(200) },
    'GET /docs/index.html': { path: () => '/docs/index.html', expect: everyone(200) },
    'GET /docs/swagger-ui-init.js': { path: () => '/docs/swagger-ui-init.js', expect: everyone(200) },
    'GET /docs/docs/swagger-ui-init.js': { path: () => '/docs/docs/swagger-ui-init.js', expect: everyone(200) },
    // Registered by swagger-ui-express, which ships no such file: a 404 for anyone.
    'GET /docs/LICENSE': { path: () => '/docs/LICENSE', expect: everyone(404) },
    'GET /developers': { path: () => '/developers', expect: everyone(200) },
    'GET /developers/app.js': { path: () => '/developers/app.js', expect: everyone(200) },

    // The portal is for sessions, not keys: a key is no session (401), sign-up and sign-in are open.
    'POST /developers/api/signup': {
      path: () => '/developers/api/signup',
      body: () => ({ email: `m_${unique()}@example.test`, username: `m_${unique()}`, name: 'Matrix', password: 'long enough password' }),
      expect: everyone(200),
    },
    'POST /developers/api/login': {
      path: () => '/developers/api/login',
      body: () => ({ login: `nobody_${unique()}`, password: 'long enough password' }),
      expect: everyone(401),
    },
    'POST /developers/api/logout': { path: () => '/developers/api/logout', body: () => ({}), expect: everyone(401) },
    // Who is signed in: being signed out is an answer ({user: null}), not an error; a key is no session.
    'GET /developers/api/session': { path: () => '/developers/api/session', expect: everyone(200) },
    'GET /developers/api/keys': { path: () => '/developers/api/keys', expect: everyone(401) },
    'GET /developers/api/lists': { path: () => '/developers/api/lists', expect: everyone(401) },
    // Accounts (API.md section 12): the links' routes need no session (400: no such token); the others a session.
    'POST /developers/api/verify-email': {
      path: () => '/developers/api/verify-email',
      body: () => ({ token: randomBytes(32).toString('base64url') }),
      expect: everyone(400),
    },
    'POST /developers/api/resend-verification': {
      path: () => '/developers/api/resend-verification',
      body: () => ({}),
      expect: everyone(401),
    },
    'POST /developers/api/email': {
      path: () => '/developers/api/email',
      body: () => ({ email: `m_${unique()}@example.test`, password: 'long enough password' }),
      expect: everyone(401),
    },
    // Open to anyone; the email is malformed (400) because a valid request counts against the
    // address's sign-in throttle, which the login row's failures share.
    'POST /developers/api/password-reset': {
      path: () => '/developers/api/password-reset',
      body: () => ({ email: 'matrix' }),
      expect: everyone(400),
    },
    'POST /developers/api/password-reset/confirm': {
      path: () => '/developers/api/password-reset/confirm',
      body: () => ({ token: randomBytes(32).toString('base64url'), password: 'long enough password' }),
      expect: everyone(400),
    },
    'POST /developers/api/password': {
      path: () => '/developers/api/password',
      body: () => ({ current_password: 'long enough password', new_password: 'another long password' }),
      expect: everyone(401),
    },
    // The development mailbox: no session (a mailed link is opened signed in or not), served to this machine only; the
    // restricted keys' requests come through a proxy from another address (X-Forwarded-For), so they get the 404.
    'GET /developers/api/dev/mailbox': {
      path: () => '/developers/api/dev/mailbox',
      expect: everyone(200),
      restricted: { scopeless: 404, expired: 404, fenced: 404, outside: 404, inside: 404 },
    },
    'POST /developers/api/keys': { path: () => '/developers/api/keys', body: () => ({ label: 'matrix' }), expect: everyone(401) },
    'POST /developers/api/keys/:id/revoke': {
      path: () => `/developers/api/keys/${owner.id}/revoke`,
      body: () => ({}),
      expect: everyone(401),
    },
    'POST /developers/api/keys/:id/roll': {
      path: () => `/developers/api/keys/${owner.id}/roll`,
      body: () => ({ expires_in_hours: 0 }),
      expect: everyone(401),
    },
    'GET /developers/api/keys/:id/usage': { path: () => `/developers/api/keys/${owner.id}/usage`, expect: everyone(401) },
    // The account's webhooks for the page: a session, never a key (the owner's webhook exists, still 401).
    'POST /developers/api/webhooks': {
      path: () => '/developers/api/webhooks',
      body: () => ({ url: 'http://127.0.0.1:9/matrix' }),
      expect: everyone(401),
    },
    'GET /developers/api/webhooks': { path: () => '/developers/api/webhooks', expect: everyone(401) },
    'DELETE /developers/api/webhooks/:id': {
      path: (w) => `/developers/api/webhooks/${w.webhookId}`,
      body: () => ({}),
      prepare: withWebhook,
      expect: everyone(401),
    },
    'POST /developers/api/webhooks/:id/rotate-secret': {
      path: (w) => `/developers/api/webhooks/${w.webhookId}/rotate-secret`,
      body: () => ({}),
      prepare: withWebhook,
      expect: everyone(401),
    },
    'POST /developers/api/webhooks/:id/test': {
      path: (w) => `/developers/api/webhooks/${w.webhookId}/test`,
      body: () => ({}),
      prepare: withWebhook,
      expect: everyone(401),
    },
    // The page's "Reset test data": a session, never a key.
    'POST /developers/api/sandbox/reset': { path: () => '/developers/api/sandbox/reset', body: () => ({}), expect: everyone(401) },
    'GET /developers/api/webhooks/:id/deliveries': {
      path: (w) => `/developers/api/webhooks/${w.webhookId}/deliveries`,
      prepare: withWebhook,
      expect: everyone(401),
    },
    'POST /developers/api/webhooks/:id/deliveries/:delivery_id/retry': {
      path: (w) => `/developers/api/webhooks/${w.webhookId}/deliveries/${w.deliveryId}/retry`,
      body: () => ({}),
      prepare: withWebhook,
      expect: everyone(401),
    },

    'GET /v1/me': { path: () => '/v1/me', expect: keyed(200, 200, 200, 200) },
    'GET /v1/lists': { path: () => '/v1/lists', expect: keyed(200, 200, 200, 200) },
    // Everyone's own feed: what it holds depends on who asks, never a 403 or 404.
    'GET /v1/events': { path: () => '/v1/events', expect: keyed(200, 200, 200, 200) },
    'POST /v1/lists': {
      path: () => '/v1/lists',
      body: () => ({ name: `Matrix ${unique()}` }),
      expect: keyed(200, 200, 200, 200),
      restricted: reachesOutside,
    },
    'GET /v1/lists/:id': { path: (w) => `/v1/lists/${w.listId}`, expect: members },
    'PATCH /v1/lists/:id': { path: (w) => `/v1/lists/${w.listId}`, body: () => ({ name: `Renamed ${unique()}` }), expect: ownerOnly },
    'DELETE /v1/lists/:id': { path: (w) => `/v1/lists/${w.listId}`, expect: ownerOnly },
    'GET /v1/lists/:id/members': { path: (w) => `/v1/lists/${w.listId}/members`, expect: members },
    'PATCH /v1/lists/:id/members/:user_id': {
      path: (w) => `/v1/lists/${w.listId}/members/${target.id}`,
      body: () => ({ role: 'editor' }),
      expect: ownerOnly,
    },
    // Another member (the target): only the owner removes others; leaving oneself is the members' own right.
    'DELETE /v1/lists/:id/members/:user_id': { path: (w) => `/v1/lists/${w.listId}/members/${target.id}`, expect: ownerOnly },
    'POST /v1/lists/:id/invitations': {
      path: (w) => `/v1/lists/${w.listId}/invitations`,
      body: () => ({ email: `i_${unique()}@example.test`, role: 'viewer' }),
      expect: ownerOnly,
    },
    'GET /v1/lists/:id/invitations': { path: (w) => `/v1/lists/${w.listId}/invitations`, expect: ownerOnly },
    'DELETE /v1/lists/:id/invitations/:inv_id': { path: (w) => `/v1/lists/${w.listId}/invitations/${w.invitationId}`, expect: ownerOnly },
    'GET /v1/invitations': { path: () => '/v1/invitations', expect: keyed(200, 200, 200, 200) },
    // The invitation is addressed to the stranger: anyone else gets 404 (API.md section 6).
    'POST /v1/invitations/:inv_id/accept': {
      path: (w) => `/v1/invitations/${w.invitationId}/accept`,
      expect: keyed(404, 404, 404, 200),
      restricted: reachesOutside,
    },
    'POST /v1/invitations/:inv_id/decline': { path: (w) => `/v1/invitations/${w.invitationId}/decline`, expect: keyed(404, 404, 404, 200) },
    'POST /v1/lists/:id/shares': { path: (w) => `/v1/lists/${w.listId}/shares`, body: () => ({ role: 'viewer' }), expect: ownerOnly },
    'GET /v1/lists/:id/shares': { path: (w) => `/v1/lists/${w.listId}/shares`, expect: ownerOnly },
    'DELETE /v1/lists/:id/shares/:share_id': { path: (w) => `/v1/lists/${w.listId}/shares/${w.shareId}`, expect: ownerOnly },
    // Owner and members are already in: 422 (API.md section 6).
    'POST /v1/shares/:token/join': {
      path: (w) => `/v1/shares/${w.token}/join`,
      expect: keyed(422, 422, 422, 200),
      restricted: reachesOutside,
    },
    'GET /v1/lists/:id/items': { path: (w) => `/v1/lists/${w.listId}/items`, expect: members },
    'GET /v1/lists/:id/items/:item_id': { path: (w) => `/v1/lists/${w.listId}/items/${w.itemId}`, expect: members },
    'POST /v1/actions/add': { path: () => '/v1/actions/add', body: (w) => ({ list: w.listId, items: ['new'] }), expect: writers },
    'POST /v1/actions/complete': { path: () => '/v1/actions/complete', body: (w) => ({ list: w.listId, items: ['a'] }), expect: writers },
    'POST /v1/actions/reopen': {
      path: () => '/v1/actions/reopen',
      prepare: async (w) => {
        await client(t.server, owner.key)
          .post('/v1/actions/complete', { list: w.listId, items: ['a', 'a', 'a'] })
          .expect(200);
      },
      body: (w) => ({ list: w.listId, items: ['a'] }),
      expect: writers,
    },
    'POST /v1/actions/remove': { path: () => '/v1/actions/remove', body: (w) => ({ list: w.listId, items: ['a'] }), expect: writers },
    'PATCH /v1/lists/:id/items/:item_id': {
      path: (w) => `/v1/lists/${w.listId}/items/${w.itemId}`,
      body: () => ({ priority: 'high' }),
      expect: writers,
    },
    'POST /v1/actions/update': {
      path: () => '/v1/actions/update',
      body: (w) => ({ list: w.listId, items: ['a'], set: { priority: 'high' } }),
      expect: writers,
    },
    'POST /v1/actions/move': {
      path: () => '/v1/actions/move',
      body: (w) => ({ list: w.listId, items: ['a'], to: 'top' }),
      expect: writers,
    },

    // Nothing listens on the webhook URL: deliveries fail in the background, which no row looks at.
    // Without a list_id the webhook is the account's: a key with list_ids may not make one.
    'POST /v1/webhooks': {
      path: () => '/v1/webhooks',
      body: () => ({ url: 'http://127.0.0.1:9/matrix' }),
      expect: keyed(200, 200, 200, 200),
      restricted: reachesOutside,
    },
    'GET /v1/webhooks': { path: () => '/v1/webhooks', expect: keyed(200, 200, 200, 200) },
    // Test keys only: every live key is refused before its scope (API.md section 10), whoever holds it.
    'POST /v1/sandbox/reset': { path: () => '/v1/sandbox/reset', expect: keyed(403, 403, 403, 403) },
    'DELETE /v1/webhooks/:id': { path: (w) => `/v1/webhooks/${w.webhookId}`, prepare: withWebhook, expect: accountOnly },
    'POST /v1/webhooks/:id/rotate-secret': {
      path: (w) => `/v1/webhooks/${w.webhookId}/rotate-secret`,
      prepare: withWebhook,
      expect: accountOnly,
    },
    'POST /v1/webhooks/:id/test': { path: (w) => `/v1/webhooks/${w.webhookId}/test`, prepare: withWebhook, expect: accountOnly },
    'GET /v1/webhooks/:id/deliveries': { path: (w) => `/v1/webhooks/${w.webhookId}/deliveries`, prepare: withWebhook, expect: accountOnly },
    'POST /v1/webhooks/:id/deliveries/:delivery_id/retry': {
      path: (w) => `/v1/webhooks/${w.webhookId}/deliveries/${w.deliveryId}/retry`,
      prepare: withWebhook,
      expect: accountOnly,
    },

    // The MCP endpoint (API.md section 11): JSON-RPC, not the envelope. A tool's own refusal (a
    // viewer's 403, a stranger's 404, a scope the key lacks) is a tool result inside a 200; the
    // key itself is refused at the HTTP level (401, 403 address). GET and DELETE: 405, stateless.
    'POST /mcp': {
      path: () => '/mcp',
      headers: { Accept: 'application/json, text/event-stream' },
      body: (w) => ({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'add_items', arguments: { list: w.listId, items: ['new'] } },
      }),
      operation: 'add_items',
      expect: keyed(200, 200, 200, 200),
      restricted: { scopeless: 200 },
    },
    'GET /mcp': { path: () => '/mcp', expect: keyed(405, 405, 405, 405), restricted: { scopeless: 405 } },
    'DELETE /mcp': { path: () => '/mcp', expect: keyed(405, 405, 405, 405), restricted: { scopeless: 405 } },
  };

  /** The owner's webhook of the world's list, with a delivery (its test event). */
  async function withWebhook(w: World): Promise<void> {
    const as = client(t.server, owner.key);
    w.webhookId = (await as.post('/v1/webhooks', { url: 'http://127.0.0.1:9/matrix', list_id: w.listId }).expect(200)).body.data.webhook.id;
    w.deliveryId = (await as.post(`/v1/webhooks/${w.webhookId}/test`).expect(200)).body.data.delivery.id;
  }

  /**
   * A fresh list with an editor, a viewer and the target as members, items, a pending invitation
   * and a link. The owner's webhooks of earlier worlds go, as an account holds at most 10.
   */
  async function world(): Promise<World> {
    const as = (c: Caller) => client(t.server, c.key);
    for (const { id } of (await as(owner).get('/v1/webhooks').expect(200)).body.data.webhooks as Array<{ id: string }>) {
      await as(owner).delete(`/v1/webhooks/${id}`).expect(200);
    }
    // Every world mails one invitation; the owner may send 50 a day, and the matrix has more rows.
    await t.app.get(DataSource).query('DELETE FROM invitation_mail_days WHERE inviter_id = $1', [owner.id]);
    const listName = `World ${unique()}`;
    const listId = (await as(owner).post('/v1/lists', { name: listName }).expect(200)).body.data.list.id;
    await Promise.all(
      (
        [
          [editor, 'editor'],
          [viewer, 'viewer'],
          [target, 'viewer'],
        ] as const
      ).map(async ([member, role]) => {
        const link = (await as(owner).post(`/v1/lists/${listId}/shares`, { role }).expect(200)).body.data.share;
        await as(member).post(`/v1/shares/${link.token}/join`).expect(200);
        await as(owner).delete(`/v1/lists/${listId}/shares/${link.id}`).expect(200);
      }),
    );
    const share = (await as(owner).post(`/v1/lists/${listId}/shares`, { role: 'viewer' }).expect(200)).body.data.share;
    const invitation = (await as(owner).post(`/v1/lists/${listId}/invitations`, { email: stranger.email, role: 'viewer' }).expect(200)).body
      .data.invitation;
    const items = (
      await as(owner)
        .post('/v1/actions/add', { list: listId, items: ['a', 'a', 'a', 'b'] })
        .expect(200)
    ).body.data.items;
    return { listId, listName, invitationId: invitation.id, shareId: share.id, token: share.token, itemId: items[0].id };
  }

  beforeAll(async () => {
    // A database of its own: the owner's webhooks have deliveries, which another spec's app
    // (another worker, another master key) would otherwise claim and attempt alongside.
    t = await startTestApp(
      {
        ...NO_RATE_LIMITS,
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_TIMEOUT_MS: '500',
        TRUST_PROXY: '1',
      },
      {},
      { ownDatabase: 'authz_matrix' },
    );
    [owner, editor, viewer, stranger, target] = await Promise.all([0, 1, 2, 3, 4].map(() => makeCaller(t.app)));
    const revoked = await makeUserWithKey(t.app);
    await t.app.get(KeysService).revoke(revoked.user.id, revoked.keyId);
    revokedKey = revoked.key;

    // Each route's scope, as the served OpenAPI document states it (x-required-scope).
    const document = (await request(t.server).get('/v1/openapi.json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { 'x-required-scope'?: Scope; 'x-required-mode'?: string; 'x-operation-scopes'?: Record<string, Scope> }>
      >;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const scope = operation['x-required-scope'];
        if (scope) scopeOf.set(route, scope);
        const mode = operation['x-required-mode'];
        if (mode) modeOf.set(route, mode);
        if (operation['x-operation-scopes']) operationScopesOf.set(route, operation['x-operation-scopes']);
      }
    }
    // The owner's keys of another list of theirs: all scopes, each scope but one, expired, fenced.
    const elsewhere = (
      await client(t.server, owner.key)
        .post('/v1/lists', { name: `Elsewhere ${unique()}` })
        .expect(200)
    ).body.data.list.id;
    const ofElsewhere = (restrictions: Parameters<typeof makeRestrictedKey>[2] = {}) =>
      makeRestrictedKey(t.app, owner.id, { listIds: [elsewhere], ...restrictions });
    outsideKey = (await ofElsewhere()).key;
    for (const scope of SCOPES) lackingScope.set(scope, (await ofElsewhere({ scopes: SCOPES.filter((s) => s !== scope) })).key);
    fencedKey = (await ofElsewhere({ allowedIps: ['192.0.2.1'] })).key;
    // Creation takes only a future expiry: this one is moved into the past on its row, before any use.
    const expiring = await ofElsewhere({ expiresAt: new Date(t.app.get(Clock).now().getTime() + 3_600_000).toISOString() });
    await t.app.get(DataSource).query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.keyId]);
    expiredKey = expiring.key;
  });
  afterAll(() => t.close());

  function routesOfTheApp(): string[] {
    const router = t.app.getHttpAdapter().getInstance().router as {
      stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
    };
    return router.stack.flatMap((layer) => {
      const route = layer.route;
      // Nest's catch-all not-found handler answers every method of every path: it is not a route.
      if (!route || route.path.includes('*')) return [];
      return Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${route.path}`);
    });
  }

  it('has a row for every route the application serves, and no row for a route it does not', () => {
    const served = routesOfTheApp();
    expect(served.length).toBeGreaterThan(30);
    expect({ missing: served.filter((r) => !rows[r]), stale: Object.keys(rows).filter((r) => !served.includes(r)) }).toEqual({
      missing: [],
      stale: [],
    });
  });

  /** The row's request on world `w`, with `key` as X-API-Key when there is one. */
  function send(route: string, w: World, key: string | undefined, from?: string) {
    const row = rows[route];
    const [method, path] = [route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'patch' | 'delete', row.path(w)];
    const req = request(t.server)[method](path);
    if (row.headers) req.set(row.headers);
    if (key) req.set('X-API-Key', key);
    if (from) req.set('X-Forwarded-For', from);
    return row.body ? req.send(row.body(w)) : req;
  }

  it("states a scope for every keyed route in the OpenAPI document, which the restricted keys' rows rely on", () => {
    const keyedRoutes = Object.keys(rows).filter((route) => rows[route].expect.none === 401 && rows[route].expect.owner !== 401);
    expect(keyedRoutes.filter((route) => !isKeyed(route))).toEqual([]);
    expect([...scopeOf.keys(), ...operationScopesOf.keys()].filter((route) => !rows[route])).toEqual([]);
    // A route of several operations names the operation its row asks for, when it takes one (a body).
    expect(
      [...operationScopesOf.entries()]
        .filter(([route, scopes]) => rows[route]?.body && !(rows[route].operation! in scopes))
        .map(([r]) => r),
    ).toEqual([]);
  });

  /** The answers a row expects of the owner's restricted keys: derived from the owner's, unless the row says otherwise. */
  function restrictedExpectations(route: string, row: Row): Record<Restricted, number> {
    const owners = row.expect.owner;
    // A route that takes no key (public, or the portal's session) answers a key as it answers the owner's.
    if (!isKeyed(route)) return { scopeless: owners, expired: owners, fenced: owners, outside: owners, inside: owners, ...row.restricted };
    return {
      scopeless: 403,
      expired: 401,
      fenced: 403,
      outside: NAMES_THE_LIST.test(route) ? 404 : owners,
      inside: owners,
      // Every key here is live: a route of test keys only refuses each valid one (403) before anything else.
      ...(modeOf.get(route) === 'test' ? { outside: 403, inside: 403 } : {}),
      ...row.restricted,
    };
  }

  // One test per row (the test above proves the rows are exactly the router's routes), each on a fresh world.
  it.each(Object.keys(rows))('%s answers every caller with the status API.md gives, in the envelope for JSON', async (route) => {
    const row = rows[route];
    const w = await world();
    await row.prepare?.(w);
    const problems: string[] = [];
    for (const role of ROLES) {
      const res = await send(route, w, keyOf(role));
      if (res.status !== row.expect[role])
        problems.push(`${route} as ${role}: ${res.status} (expected ${row.expect[role]}) ${JSON.stringify(res.body?.error ?? '')}`);
      if (route.endsWith(' /mcp')) {
        if (res.body?.jsonrpc !== '2.0') problems.push(`${route} as ${role}: not a JSON-RPC answer`);
      } else if (/^application\/json/.test(res.headers['content-type'] ?? '') && route !== 'GET /v1/openapi.json') {
        const envelope = res.body && 'data' in res.body && 'error' in res.body && (res.body.data === null) !== (res.body.error === null);
        if (!envelope) problems.push(`${route} as ${role}: not the {data, error} envelope`);
      }
    }
    expect(problems).toEqual([]);
  });

  // The same rows as the owner's restricted keys, each on a fresh world of its own.
  it.each(Object.keys(rows))("%s answers the owner's restricted keys as API.md section 9 gives", async (route) => {
    const row = rows[route];
    const expected = restrictedExpectations(route, row);
    const w = await world();
    await row.prepare?.(w);
    const inside = await makeRestrictedKey(t.app, owner.id, { listIds: [w.listId] });
    const scope = scopeOfRow(route, row);
    const keys: Record<Restricted, string> = {
      scopeless: scope ? lackingScope.get(scope)! : outsideKey,
      expired: expiredKey,
      fenced: fencedKey,
      outside: outsideKey,
      inside: inside.key,
    };
    const problems: string[] = [];
    try {
      for (const actor of RESTRICTED) {
        const res = await send(route, w, keys[actor], RESTRICTED_KEYS_ADDRESS);
        if (res.status !== expected[actor])
          problems.push(`${route} as ${actor}: ${res.status} (expected ${expected[actor]}) ${JSON.stringify(res.body?.error ?? '')}`);
        // A live key on a test-mode route is refused for its mode, before any scope is named.
        const namedScope = modeOf.has(route) && modeOf.get(route) !== 'live' ? undefined : scope;
        if (actor === 'scopeless' && scopeOf.has(route) && res.headers['x-required-scope'] !== namedScope)
          problems.push(`${route} as scopeless: X-Required-Scope ${String(res.headers['x-required-scope'])} (expected ${namedScope})`);
        if (actor === 'scopeless' && row.operation) {
          const result = res.body?.result as { isError?: boolean; content?: Array<{ text?: string }> } | undefined;
          if (!result?.isError || !result.content?.[0]?.text?.includes(scope!))
            problems.push(`${route} as scopeless: ${JSON.stringify(res.body)} (expected a tool error naming ${scope})`);
        }
      }
    } finally {
      // The owner's active keys stay under the limit of 20.
      await t.app.get(KeysService).revoke(owner.id, inside.keyId);
    }
    expect(problems).toEqual([]);
  });
});
