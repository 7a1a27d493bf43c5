import { uniqueTag } from './unique-tag';
import { listen, PortalClient } from './portal-client';
import { recordSecret } from './secret-ledger';
import { startTestApp, TestApp } from './test-app';
import { WebhookReceiver } from './webhook-receiver';

export const PORTAL_PASSWORD = 'a long enough password';

/** An endpoint added through the portal, with the secret shown once and the receiver's path it calls. */
export interface PortalWebhook {
  id: string;
  url: string;
  secret: string;
  path: string;
}

export interface PortalWebhooksWorld {
  readonly t: TestApp;
  readonly base: string;
  readonly receiver: WebhookReceiver;
  /** A new account, signed up (and so signed in) through the portal. */
  signedIn(): Promise<PortalClient>;
  /** POST /developers/api/webhooks(`query`) to the receiver's `path`; the answer must be a 200. */
  addWebhook(c: PortalClient, options?: { path?: string; query?: string; extra?: object }): Promise<PortalWebhook>;
}

/**
 * The portal's webhook routes on a service with a database of its own (`ownDatabase`), whose
 * webhooks may call the local receiver (127.0.0.1), started before the spec's tests and stopped
 * after them.
 */
export function portalWebhooksWorld(ownDatabase: string): PortalWebhooksWorld {
  let t: TestApp | undefined;
  let base = '';
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: '5000' }, {}, { ownDatabase });
    base = await listen(t.app);
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await receiver?.stop();
    await t?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the service starts in beforeAll: use it in a test or a hook');
    return value;
  };
  return {
    get t() {
      return started(t);
    },
    get base() {
      return base;
    },
    get receiver() {
      return started(receiver);
    },
    async signedIn() {
      const c = new PortalClient(base);
      const tag = uniqueTag();
      const res = await c.post('signup', {
        email: `wh_${tag}@example.test`,
        username: `wh_${tag}`,
        name: 'Hooks',
        password: PORTAL_PASSWORD,
      });
      expect(res.status).toBe(200);
      return c;
    },
    async addWebhook(c, { path = `/portal-${uniqueTag()}`, query = '', extra = {} } = {}) {
      const res = await c.post(`webhooks${query}`, { url: started(receiver).url(path), ...extra });
      expect(res.status).toBe(200);
      recordSecret('webhook secret', res.body.data.webhook.secret);
      return { ...(res.body.data.webhook as Omit<PortalWebhook, 'path'>), path };
    },
  };
}
