import type { Viewer } from '../../../common/auth/principal';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator, isUuid } from '../../../common/ports/id-generator';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { ListAccess } from '../../lists/domain/list-access';
import { assertMayReachOutside } from '../../lists/domain/visibility';
import type { EventType } from './event-types';
import { MAX_WEBHOOKS_PER_ACCOUNT } from './limits';
import { ownedWebhook } from './owned-webhook';
import { SecretCipher } from './secret-cipher';
import { generateSigningSecret } from './signing';
import { WebhookUrlPolicy } from './url-policy';
import { rotated, type WebhookProps } from './webhook';
import { WebhookRepository } from './webhook.repository';
import { WebhookLimit, WebhookNotFound } from './webhooks.errors';

/** A webhook as its owner is shown it; `secret` only when it was just made (creation, rotation). */
export interface WebhookView {
  webhook: WebhookProps;
  secret: string | null;
}

/**
 * Webhook endpoints of an account and their signing secrets (API.md section 8). What is sent to
 * them (test events, retries, the deliveries' pages) is WebhookDeliveriesService's.
 */
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cipher: SecretCipher,
    private readonly secrets: SecretGenerator,
    private readonly lists: ListAccess,
    private readonly urls: WebhookUrlPolicy,
  ) {}

  /**
   * A list-restricted key's webhook names one of its lists: another list is a 404 (it does not
   * exist for the key), none a 403 (an account-wide webhook would reach outside them).
   */
  async create(viewer: Viewer, input: { url: string; types: EventType[] | null; listId: string | null }): Promise<WebhookView> {
    await this.urls.check(input.url);
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
    const current = await ownedWebhook(this.webhooks, viewer, webhookId);
    const secret = generateSigningSecret(this.secrets);
    const webhook = rotated(current, this.cipher.seal(secret, current.id), this.clock.now());
    await this.webhooks.saveSecrets(webhook);
    return { webhook, secret };
  }
}
