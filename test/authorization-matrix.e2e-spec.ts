import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { KeysService } from '../src/modules/keys/domain/keys.service';
import { makeUserWithKey } from './factories/make-user';
import { client, makeCaller, type Caller } from './support/lists-client';
import { NO_RATE_LIMITS, startTestApp, TestApp } from './support/test-app';

/**
 * The authorization matrix: every route the application serves (read from its Express router
 * at run time, so a new route without a row here fails the spec) × every kind of caller, with
 * the status API.md gives. Roles are relative to one list: its owner, an editor and a viewer
 * who joined it, a stranger (a valid key of another account; the invitee of the list's pending
 * invitation), a revoked key, and no key at all.
 */

const ROLES = ['none', 'revoked', 'stranger', 'viewer', 'editor', 'owner'] as const;
type Role = (typeof ROLES)[number];

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
  /** Extra set-up on the fresh world before the callers run. */
  prepare?: (w: World) => Promise<void>;
  expect: Record<Role, number>;
}

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
    // The development mailbox: no session (a mailed link is opened signed in or not); 404 only in production or with SMTP_URL.
    'GET /developers/api/dev/mailbox': { path: () => '/developers/api/dev/mailbox', expect: everyone(200) },
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
    'POST /v1/lists': { path: () => '/v1/lists', body: () => ({ name: `Matrix ${unique()}` }), expect: keyed(200, 200, 200, 200) },
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
    'POST /v1/invitations/:inv_id/accept': { path: (w) => `/v1/invitations/${w.invitationId}/accept`, expect: keyed(404, 404, 404, 200) },
    'POST /v1/invitations/:inv_id/decline': { path: (w) => `/v1/invitations/${w.invitationId}/decline`, expect: keyed(404, 404, 404, 200) },
    'POST /v1/lists/:id/shares': { path: (w) => `/v1/lists/${w.listId}/shares`, body: () => ({ role: 'viewer' }), expect: ownerOnly },
    'GET /v1/lists/:id/shares': { path: (w) => `/v1/lists/${w.listId}/shares`, expect: ownerOnly },
    'DELETE /v1/lists/:id/shares/:share_id': { path: (w) => `/v1/lists/${w.listId}/shares/${w.shareId}`, expect: ownerOnly },
    // Owner and members are already in: 422 (API.md section 6).
    'POST /v1/shares/:token/join': { path: (w) => `/v1/shares/${w.token}/join`, expect: keyed(422, 422, 422, 200) },
    'GET /v1/lists/:id/items': { path: (w) => `/v1/lists/${w.listId}/items`, expect: members },
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

    // Nothing listens on the webhook URL: deliveries fail in the background, which no row looks at.
    'POST /v1/webhooks': {
      path: () => '/v1/webhooks',
      body: () => ({ url: 'http://127.0.0.1:9/matrix' }),
      expect: keyed(200, 200, 200, 200),
    },
    'GET /v1/webhooks': { path: () => '/v1/webhooks', expect: keyed(200, 200, 200, 200) },
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
  };

  /** The owner's webhook, with a delivery (its test event). */
  async function withWebhook(w: World): Promise<void> {
    const as = client(t.server, owner.key);
    w.webhookId = (await as.post('/v1/webhooks', { url: 'http://127.0.0.1:9/matrix' }).expect(200)).body.data.webhook.id;
    w.deliveryId = (await as.post(`/v1/webhooks/${w.webhookId}/test`).expect(200)).body.data.delivery.id;
  }

  /** A fresh list with an editor, a viewer and the target as members, items, a pending invitation and a link. */
  async function world(): Promise<World> {
    const as = (c: Caller) => client(t.server, c.key);
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
    t = await startTestApp({
      ...NO_RATE_LIMITS,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_TIMEOUT_MS: '500',
    });
    [owner, editor, viewer, stranger, target] = await Promise.all([0, 1, 2, 3, 4].map(() => makeCaller(t.app)));
    const revoked = await makeUserWithKey(t.app);
    await t.app.get(KeysService).revoke(revoked.user.id, revoked.keyId);
    revokedKey = revoked.key;
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

  // One test per row (the test above proves the rows are exactly the router's routes), each on a fresh world.
  it.each(Object.keys(rows))('%s answers every caller with the status API.md gives, in the envelope for JSON', async (route) => {
    const row = rows[route];
    const [method] = route.split(' ');
    const w = await world();
    await row.prepare?.(w);
    const problems: string[] = [];
    for (const role of ROLES) {
      const req = request(t.server)[method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'](row.path(w));
      const key = keyOf(role);
      if (key) req.set('X-API-Key', key);
      const res = await (row.body ? req.send(row.body(w)) : req);
      if (res.status !== row.expect[role])
        problems.push(`${route} as ${role}: ${res.status} (expected ${row.expect[role]}) ${JSON.stringify(res.body?.error ?? '')}`);
      if (/^application\/json/.test(res.headers['content-type'] ?? '') && route !== 'GET /v1/openapi.json') {
        const envelope = res.body && 'data' in res.body && 'error' in res.body && (res.body.data === null) !== (res.body.error === null);
        if (!envelope) problems.push(`${route} as ${role}: not the {data, error} envelope`);
      }
    }
    expect(problems).toEqual([]);
  });
});
