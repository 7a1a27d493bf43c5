import type { WebhookProps } from '../../domain/webhook';
import { WebhookRepository } from '../../domain/webhook.repository';
import { InMemoryWebhooksStore } from './in-memory-webhooks.store';

const byCreation = (a: WebhookProps, b: WebhookProps) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
const copy = (w: WebhookProps): WebhookProps => ({ ...w, types: w.types && [...w.types] });

export class InMemoryWebhookRepository extends WebhookRepository {
  constructor(readonly store = new InMemoryWebhooksStore()) {
    super();
  }

  async insert(webhook: WebhookProps): Promise<void> {
    if (this.store.webhooks.has(webhook.id)) throw new Error(`duplicate webhook ${webhook.id}`);
    this.store.webhooks.set(webhook.id, copy(webhook));
  }

  async findOwned(userId: string, id: string): Promise<WebhookProps | null> {
    const found = this.store.webhooks.get(id);
    return found && found.userId === userId ? copy(found) : null;
  }

  async listByUser(userId: string): Promise<WebhookProps[]> {
    return [...this.store.webhooks.values()]
      .filter((w) => w.userId === userId)
      .sort(byCreation)
      .map(copy);
  }

  async countByUser(userId: string): Promise<number> {
    return (await this.listByUser(userId)).length;
  }

  async lockAccount(): Promise<void> {
    // The in-memory unit of work already runs one unit at a time.
  }

  async deleteOwned(userId: string, id: string): Promise<boolean> {
    if (!(await this.findOwned(userId, id))) return false;
    this.store.webhooks.delete(id);
    for (const [deliveryId, delivery] of this.store.deliveries) if (delivery.webhookId === id) this.store.deliveries.delete(deliveryId);
    return true;
  }

  async saveSecrets(webhook: WebhookProps): Promise<void> {
    this.update(webhook.id, {
      sealedSecret: webhook.sealedSecret,
      sealedPreviousSecret: webhook.sealedPreviousSecret,
      previousSecretExpiresAt: webhook.previousSecretExpiresAt,
    });
  }

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
