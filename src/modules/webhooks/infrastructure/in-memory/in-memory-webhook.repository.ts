import type { Viewer } from '../../../../common/auth/principal';
import { reachesList } from '../../../../common/auth/reach';
import type { WebhookProps } from '../../domain/webhook';
import { WebhookRepository } from '../../domain/webhook.repository';
import { InMemoryWebhooksStore } from './in-memory-webhooks.store';

const byCreation = (a: WebhookProps, b: WebhookProps) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
const copy = (w: WebhookProps): WebhookProps => ({ ...w, types: w.types && [...w.types] });
/** The account's, and for a restricted key one of its lists' (an account-wide webhook is outside them). */
const seenBy = (viewer: Viewer, w: WebhookProps): boolean =>
  w.userId === viewer.userId && (viewer.listIds === null || (w.listId !== null && reachesList(viewer, w.listId)));

export class InMemoryWebhookRepository extends WebhookRepository {
  constructor(readonly store = new InMemoryWebhooksStore()) {
    super();
  }

  async insert(webhook: WebhookProps): Promise<void> {
    if (this.store.webhooks.has(webhook.id)) throw new Error(`duplicate webhook ${webhook.id}`);
    this.store.webhooks.set(webhook.id, copy(webhook));
  }

  async findOwned(viewer: Viewer, id: string): Promise<WebhookProps | null> {
    const found = this.store.webhooks.get(id);
    return found && seenBy(viewer, found) ? copy(found) : null;
  }

  async listByUser(viewer: Viewer): Promise<WebhookProps[]> {
    return [...this.store.webhooks.values()]
      .filter((w) => seenBy(viewer, w))
      .sort(byCreation)
      .map(copy);
  }

  async countByUser(userId: string): Promise<number> {
    return [...this.store.webhooks.values()].filter((w) => w.userId === userId).length;
  }

  async lockAccount(): Promise<void> {
    // The in-memory unit of work already runs one unit at a time.
  }

  async deleteOwned(viewer: Viewer, id: string): Promise<boolean> {
    if (!(await this.findOwned(viewer, id))) return false;
    this.store.webhooks.delete(id);
    for (const [deliveryId, delivery] of this.store.deliveries) if (delivery.webhookId === id) this.store.deliveries.delete(deliveryId);
    return true;
  }

  async deleteAllOf(userId: string): Promise<number> {
    const gone = new Set([...this.store.webhooks.values()].filter((w) => w.userId === userId).map((w) => w.id));
    for (const id of gone) this.store.webhooks.delete(id);
    for (const [deliveryId, delivery] of this.store.deliveries) if (gone.has(delivery.webhookId)) this.store.deliveries.delete(deliveryId);
    return gone.size;
  }

  async saveSecrets(webhook: WebhookProps): Promise<void> {
    this.update(webhook.id, {
      sealedSecret: webhook.sealedSecret,
      sealedPreviousSecret: webhook.sealedPreviousSecret,
      previousSecretExpiresAt: webhook.previousSecretExpiresAt,
    });
  }

  /** Nothing to lock: the in-memory store's writes never interleave within one step. */
  async lock(): Promise<void> {}

  async recordSuccess(id: string): Promise<void> {
    this.update(id, { firstFailureAt: null });
  }

  async recordFailure(id: string, now: Date): Promise<void> {
    const found = this.store.webhooks.get(id);
    if (found && found.firstFailureAt === null) this.update(id, { firstFailureAt: now });
  }

  async disable(id: string, reason: string): Promise<void> {
    this.update(id, { status: 'disabled', disabledReason: reason });
  }

  private update(id: string, changes: Partial<WebhookProps>): void {
    const found = this.store.webhooks.get(id);
    if (found) this.store.webhooks.set(id, { ...found, ...changes });
  }
}
