import type { Viewer, ViewerInMode } from '../../../common/auth/principal';
import { keysetPage } from '../../../common/paging/cursor';
import { CursorCodec } from '../../../common/ports/cursor-codec';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator, isUuid } from '../../../common/ports/id-generator';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { UserDirectory } from '../../auth/domain/user-directory';
import { ListAccess } from '../../lists/domain/list-access';
import { assertMayReachOutside } from '../../lists/domain/visibility';
import { type DeliveryProps, newDelivery } from './delivery';
import { DeliveryRepository } from './delivery.repository';
import { type EventType, TEST_EVENT_TYPE } from './event-types';
import { MAX_WEBHOOKS_PER_ACCOUNT } from './limits';
import { SecretCipher } from './secret-cipher';
import { generateSigningSecret } from './signing';
import { AddressClassifier, checkHostIsPublic, checkUrlShape, HostResolver, type UrlRules } from './url-policy';
import { rotated, type WebhookProps } from './webhook';
import { WebhookRepository } from './webhook.repository';
import { DeliveryNotFound, WebhookDisabled, WebhookLimit, WebhookNotFound } from './webhooks.errors';

/** Port: tells the delivery worker that something is due now, so it need not wait for its next poll. */
export abstract class DeliveryNudge {
  abstract nudge(): void;
}

/** A webhook as its owner is shown it; `secret` only when it was just made (creation, rotation). */
export interface WebhookView {
  webhook: WebhookProps;
  secret: string | null;
}

/** A new event id: opaque to clients, `evt_` as every event's. */
export const newEventId = (ids: IdGenerator): string => `evt_${ids.next().replace(/-/g, '')}`;

/** Webhook endpoints of an account, and their deliveries (API.md section 8). */
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cipher: SecretCipher,
    private readonly resolver: HostResolver,
    private readonly addresses: AddressClassifier,
    private readonly secrets: SecretGenerator,
    private readonly lists: ListAccess,
    private readonly cursors: CursorCodec,
    private readonly nudge: DeliveryNudge,
    private readonly users: UserDirectory,
    private readonly rules: UrlRules,
  ) {}

  /**
   * A list-restricted key's webhook names one of its lists: another list is a 404 (it does not
   * exist for the key), none a 403 (an account-wide webhook would reach outside them).
   */
  async create(viewer: Viewer, input: { url: string; types: EventType[] | null; listId: string | null }): Promise<WebhookView> {
    const url = checkUrlShape(input.url, this.rules);
    if (!this.rules.allowPrivate) await checkHostIsPublic(url, this.resolver, this.addresses);
    if (input.listId === null) assertMayReachOutside(viewer, 'webhookWithoutList');
    const listId = input.listId === null ? null : (await this.lists.getVisible(viewer, input.listId)).id;
    const userId = viewer.userId;
    const id = this.ids.next();
    const secret = generateSigningSecret(this.secrets);
    const webhook: WebhookProps = {
      id,
      userId,
      url: input.url,
      types: input.types === null ? null : [...new Set(input.types)],
      listId,
      status: 'active',
      sealedSecret: this.cipher.seal(secret, id),
      sealedPreviousSecret: null,
      previousSecretExpiresAt: null,
      createdAt: this.clock.now(),
      firstFailureAt: null,
      disabledReason: null,
    };
    await this.uow.run(async () => {
      await this.webhooks.lockAccount(userId);
      if ((await this.webhooks.countByUser(userId)) >= MAX_WEBHOOKS_PER_ACCOUNT) throw new WebhookLimit();
      await this.webhooks.insert(webhook);
    });
    return { webhook, secret };
  }

  list(viewer: Viewer): Promise<WebhookProps[]> {
    return this.webhooks.listByUser(viewer);
  }

  async delete(viewer: Viewer, webhookId: string): Promise<void> {
    if (!isUuid(webhookId) || !(await this.webhooks.deleteOwned(viewer, webhookId.toLowerCase()))) throw new WebhookNotFound();
  }

  /** Deletes every webhook of the account, whatever its list, with their deliveries; returns how many. */
  deleteAllOf(userId: string): Promise<number> {
    return this.webhooks.deleteAllOf(userId);
  }

  /** A new secret; the current one keeps signing beside it for 24 h, so receivers can switch without a gap. */
  async rotateSecret(viewer: Viewer, webhookId: string): Promise<WebhookView> {
    const current = await this.owned(viewer, webhookId);
    const secret = generateSigningSecret(this.secrets);
    const webhook = rotated(current, this.cipher.seal(secret, current.id), this.clock.now());
    await this.webhooks.saveSecrets(webhook);
    return { webhook, secret };
  }

  /** A `webhook.test` event for this webhook alone, queued now and the worker woken. */
  async sendTest(viewer: ViewerInMode, webhookId: string): Promise<DeliveryProps> {
    const webhook = await this.owned(viewer, webhookId);
    if (webhook.status !== 'active') throw new WebhookDisabled();
    const now = this.clock.now();
    const eventId = newEventId(this.ids);
    const caller = await this.users.findById(viewer.userId);
    const payload = JSON.stringify({
      id: eventId,
      type: TEST_EVENT_TYPE,
      created_at: now.toISOString(),
      list: null,
      actor: caller && { id: caller.id, username: caller.username, name: caller.name },
      data: { webhook: { id: webhook.id, url: webhook.url } },
      livemode: viewer.mode === 'live',
    });
    const delivery = newDelivery({ id: this.ids.next(), webhookId: webhook.id, eventId, eventType: TEST_EVENT_TYPE, payload, now });
    await this.deliveries.insertMany([delivery]);
    this.nudge.nudge();
    return delivery;
  }

  async deliveriesPage(
    viewer: Viewer,
    webhookId: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ deliveries: DeliveryProps[]; nextCursor: string | null }> {
    const { rows, nextCursor } = await keysetPage(
      this.cursors,
      'webhook-deliveries',
      cursor,
      limit,
      async (after, n) => this.deliveries.pageOfWebhook((await this.owned(viewer, webhookId)).id, n, after),
      (delivery) => delivery,
    );
    return { deliveries: rows, nextCursor };
  }

  /** The delivery is due again now, whatever became of it; the worker is woken. */
  async retry(viewer: Viewer, webhookId: string, deliveryId: string): Promise<DeliveryProps> {
    const webhook = await this.owned(viewer, webhookId);
    if (!isUuid(deliveryId)) throw new DeliveryNotFound();
    if (webhook.status !== 'active') throw new WebhookDisabled();
    const existing = await this.deliveries.findOfWebhook(webhook.id, deliveryId.toLowerCase());
    if (!existing) throw new DeliveryNotFound();
    const delivery = await this.deliveries.rescheduleNow(existing.id, this.clock.now());
    if (!delivery) throw new DeliveryNotFound();
    this.nudge.nudge();
    return delivery;
  }

  /** A webhook the viewer sees (WebhookRepository.findOwned); anything else is the same 404. */
  private async owned(viewer: Viewer, webhookId: string): Promise<WebhookProps> {
    const webhook = isUuid(webhookId) ? await this.webhooks.findOwned(viewer, webhookId.toLowerCase()) : null;
    if (!webhook) throw new WebhookNotFound();
    return webhook;
  }
}
