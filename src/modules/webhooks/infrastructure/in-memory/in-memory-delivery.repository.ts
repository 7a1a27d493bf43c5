import type { QueueBacklog } from '../../../../common/ports/queue-backlog';
import type { ClaimedDelivery, DeliveryProps } from '../../domain/delivery';
import { DeliveryPosition, DeliveryRepository, DeliveryUpdate } from '../../domain/delivery.repository';
import { sealedSecretsAt } from '../../domain/webhook';
import { InMemoryWebhooksStore } from './in-memory-webhooks.store';

const newestFirst = (a: DeliveryProps, b: DeliveryProps) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id);
const strip = ({ lockedUntil: _lease, ...props }: DeliveryProps & { lockedUntil: Date | null }): DeliveryProps => ({ ...props });

export class InMemoryDeliveryRepository extends DeliveryRepository {
  constructor(readonly store = new InMemoryWebhooksStore()) {
    super();
  }

  async insertMany(deliveries: readonly DeliveryProps[]): Promise<number> {
    let stored = 0;
    for (const delivery of deliveries) {
      if (!this.store.webhooks.has(delivery.webhookId)) throw new Error(`no webhook ${delivery.webhookId} (foreign key)`);
      const taken = [...this.store.deliveries.values()].some((d) => d.webhookId === delivery.webhookId && d.eventId === delivery.eventId);
      if (taken) continue;
      this.store.deliveries.set(delivery.id, { ...delivery, lockedUntil: null });
      stored += 1;
    }
    return stored;
  }

  async findOfWebhook(webhookId: string, id: string): Promise<DeliveryProps | null> {
    const found = this.store.deliveries.get(id);
    return found && found.webhookId === webhookId ? strip(found) : null;
  }

  async pageOfWebhook(webhookId: string, limit: number, after: DeliveryPosition | null): Promise<DeliveryProps[]> {
    return [...this.store.deliveries.values()]
      .filter((d) => d.webhookId === webhookId)
      .filter(
        (d) =>
          !after ||
          d.createdAt.getTime() < after.createdAt.getTime() ||
          (d.createdAt.getTime() === after.createdAt.getTime() && d.id < after.id),
      )
      .sort(newestFirst)
      .slice(0, limit)
      .map(strip);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const due = [...this.store.deliveries.values()]
      .filter(
        (d) =>
          d.status === 'pending' &&
          d.nextAttemptAt !== null &&
          d.nextAttemptAt.getTime() <= now.getTime() &&
          (d.lockedUntil === null || d.lockedUntil.getTime() < now.getTime()) &&
          this.store.webhooks.get(d.webhookId)?.status === 'active',
      )
      .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime())
      .slice(0, limit);
    return due.map((d) => {
      this.store.deliveries.set(d.id, { ...d, lockedUntil: leaseUntil });
      const webhook = this.store.webhooks.get(d.webhookId)!;
      return {
        delivery: strip(d),
        lockedUntil: leaseUntil,
        webhook: { id: webhook.id, url: webhook.url, sealedSecrets: sealedSecretsAt(webhook, now), firstFailureAt: webhook.firstFailureAt },
      };
    });
  }

  async backlog(): Promise<QueueBacklog> {
    const all = [...this.store.deliveries.values()];
    const pending = all.filter((d) => d.status === 'pending');
    const due = pending.map((d) => d.nextAttemptAt!.getTime());
    return {
      pending: pending.length,
      failed: all.filter((d) => d.status === 'failed').length,
      oldestDueAt: due.length > 0 ? new Date(Math.min(...due)) : null,
    };
  }

  async finishAttempt(id: string, lockedUntil: Date, u: DeliveryUpdate): Promise<boolean> {
    const found = this.store.deliveries.get(id);
    if (!found || found.lockedUntil?.getTime() !== lockedUntil.getTime()) return false;
    this.store.deliveries.set(id, {
      ...found,
      status: u.status,
      attempts: found.attempts + 1,
      lastStatusCode: u.lastStatusCode,
      lastError: u.lastError,
      nextAttemptAt: u.nextAttemptAt,
      lockedUntil: null,
      updatedAt: u.now,
    });
    return true;
  }

  async rescheduleNow(id: string, now: Date): Promise<DeliveryProps | null> {
    const found = this.store.deliveries.get(id);
    if (!found) return null;
    const again = { ...found, status: 'pending' as const, nextAttemptAt: now, lockedUntil: null, updatedAt: now };
    this.store.deliveries.set(id, again);
    return strip(again);
  }

  async purgeFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    const old = [...this.store.deliveries.values()]
      .filter((d) => d.status !== 'pending' && d.updatedAt.getTime() < cutoff.getTime())
      .slice(0, limit);
    for (const d of old) this.store.deliveries.delete(d.id);
    return old.length;
  }

  async failPendingOfWebhook(webhookId: string, reason: string, now: Date): Promise<number> {
    let n = 0;
    for (const [id, d] of this.store.deliveries) {
      if (d.webhookId !== webhookId || d.status !== 'pending') continue;
      this.store.deliveries.set(id, { ...d, status: 'failed', lastError: reason, nextAttemptAt: null, lockedUntil: null, updatedAt: now });
      n += 1;
    }
    return n;
  }
}
