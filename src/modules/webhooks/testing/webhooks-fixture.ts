import { randomBytes } from 'node:crypto';
import type { KeyMode, Viewer } from '../../../common/auth/principal';
import { reachesList } from '../../../common/auth/reach';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { HmacCursorCodec } from '../../../common/paging/hmac-cursor-codec';
import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { UserDirectory } from '../../auth/domain/user-directory';
import { InMemoryUserRepository } from '../../auth/infrastructure/in-memory/in-memory-user.repository';
import { ListNotFound } from '../../lists/domain/lists.errors';
import { AccessibleList, ListAccess } from '../../lists/domain/list-access';
import type { AttemptResult } from '../domain/delivery';
import { DeliveryAttempts } from '../domain/delivery-attempts';
import { DeliveryRequests } from '../domain/delivery-requests';
import { HostResolver, HostUnresolvable, WebhookUrlPolicy } from '../domain/url-policy';
import { OutgoingRequest, WebhookSender } from '../domain/webhook-sender';
import { DeliveryNudge } from '../domain/delivery-nudge';
import { WebhookDeliveriesService } from '../domain/webhook-deliveries.service';
import { WebhooksService } from '../domain/webhooks.service';
import { DirectEventWriter } from '../../events/infrastructure/direct-event-writer';
import { aesGcmSecretCipher } from '../infrastructure/delivery/aes-gcm-secret-cipher';
import { HmacPayloadSigner } from '../infrastructure/delivery/hmac-payload-signer';
import { IpaddrAddressClassifier } from '../infrastructure/delivery/ipaddr-address-classifier';
import { inMemoryWebhooksStorage } from './webhooks-storage';
import { InMemoryDeliveryAttemptLog } from '../infrastructure/in-memory/in-memory-delivery-attempt-log';

/** Lists each account can see, by id, among those a restricted key reaches. */
export class FakeListAccess extends ListAccess {
  readonly visible = new Map<string, Set<string>>();
  async getVisible(viewer: Viewer, listId: string): Promise<AccessibleList> {
    if (!this.visible.get(viewer.userId)?.has(listId) || !reachesList(viewer, listId)) throw new ListNotFound();
    return { id: listId, name: 'List', role: 'owner' };
  }
  resolve(viewer: Viewer, idOrName: string): Promise<AccessibleList> {
    return this.getVisible(viewer, idOrName);
  }
}

export class FakeResolver extends HostResolver {
  readonly answers = new Map<string, string[]>([['example.com', ['93.184.215.14']]]);
  async resolveAll(host: string): Promise<string[]> {
    const found = this.answers.get(host);
    if (!found) throw new HostUnresolvable(host);
    return found;
  }
}

/** A sender that answers as scripted (200 when nothing is left) and keeps every request. */
export class ScriptedSender extends WebhookSender {
  readonly sent: OutgoingRequest[] = [];
  readonly script: AttemptResult[] = [];
  async send(request: OutgoingRequest): Promise<AttemptResult> {
    this.sent.push(request);
    return this.script.shift() ?? { kind: 'answered', statusCode: 200, retryAfter: null };
  }
}

export class CountingNudge extends DeliveryNudge {
  count = 0;
  nudge(): void {
    this.count += 1;
  }
}

/** The webhooks domain wired to in-memory adapters, a fake clock and a scripted sender. */
export function webhooksFixture(options: { allowPrivate?: boolean; random?: () => number } = {}) {
  const storage = inMemoryWebhooksStorage();
  const clock = new FakeClock('2026-11-24T10:00:00.000Z');
  const ids = new SequentialIdGenerator();
  const uow = new InMemoryUnitOfWork();
  const cipher = aesGcmSecretCipher(randomBytes(32));
  const lists = new FakeListAccess();
  const resolver = new FakeResolver();
  const sender = new ScriptedSender();
  const nudge = new CountingNudge();
  const warnings: Array<{ context: object; message: string }> = [];
  const endpoints = new WebhooksService(
    storage.webhooks,
    uow,
    clock,
    ids,
    cipher,
    new NodeSecretGenerator(),
    lists,
    new WebhookUrlPolicy(resolver, new IpaddrAddressClassifier(), { allowPrivate: options.allowPrivate ?? false }),
  );
  const attemptLog = new InMemoryDeliveryAttemptLog();
  const deliveryService = new WebhookDeliveriesService(
    storage.webhooks,
    storage.deliveries,
    clock,
    ids,
    new HmacCursorCodec(randomBytes(32)),
    nudge,
    new UserDirectory(new InMemoryUserRepository()),
    new DirectEventWriter(),
    attemptLog,
  );
  /**
   * Both services as the routes use them, under one name for the specs: the endpoints' service
   * (what SandboxService takes) with the deliveries' methods beside its own; a viewer that names
   * no mode sends its test events in live mode.
   */
  const service = Object.assign(endpoints, {
    sendTest: (viewer: Viewer & { mode?: KeyMode }, webhookId: string) => deliveryService.sendTest({ mode: 'live', ...viewer }, webhookId),
    deliveriesPage: deliveryService.deliveriesPage.bind(deliveryService),
    retry: deliveryService.retry.bind(deliveryService),
  });
  const attempts = new DeliveryAttempts(
    storage.webhooks,
    storage.deliveries,
    new DeliveryRequests(cipher, new HmacPayloadSigner(), clock),
    sender,
    attemptLog,
    {
      uow,
      clock,
      log: { warn: (context, message) => warnings.push({ context, message }) },
      random: options.random ?? (() => 0),
    },
  );
  /** What a worker round does: claim what is due and attempt it. */
  const runDue = async () => {
    const now = clock.now();
    const claimed = await storage.deliveries.claimDue(now, new Date(now.getTime() + 60_000), 100);
    return Promise.all(claimed.map((claim) => attempts.attempt(claim)));
  };
  return {
    ...storage,
    clock,
    ids,
    uow,
    cipher,
    lists,
    resolver,
    sender,
    nudge,
    warnings,
    service,
    deliveryService,
    attempts,
    attemptLog,
    runDue,
  };
}
