import type { KeysetPosition } from '../../../common/paging/cursor';
import type { QueueBacklog } from '../../../common/ports/queue-backlog';
import type { ClaimedDelivery, DeliveryProps, DeliveryStatus } from './delivery';

/** A delivery page position: newest first by (createdAt, id). */
export type DeliveryPosition = KeysetPosition;

/** What an attempt writes onto the delivery it was made for. */
export interface DeliveryUpdate {
  status: DeliveryStatus;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  now: Date;
}

/** Port: the deliveries of webhooks, and the shared queue of due ones. */
export abstract class DeliveryRepository {
  /** Stores new deliveries; one whose (webhook, event) pair is already stored is skipped. Returns how many were stored. */
  abstract insertMany(deliveries: readonly DeliveryProps[]): Promise<number>;
  abstract findOfWebhook(webhookId: string, id: string): Promise<DeliveryProps | null>;
  /** Newest first, `limit` of them, strictly after `after` when given. */
  abstract pageOfWebhook(webhookId: string, limit: number, after: DeliveryPosition | null): Promise<DeliveryProps[]>;
  /**
   * Leases up to `limit` due deliveries (pending, next attempt at or before `now`, no lease
   * or an expired one) of active webhooks to the caller until `leaseUntil`. Instances claiming
   * at the same time get different deliveries; a lease left by a dead instance expires and the
   * delivery is claimed again.
   */
  abstract claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]>;
  /**
   * Writes an attempt's result and releases the lease, counting the attempt, only if the
   * delivery still carries the lease `lockedUntil` (false: the lease was lost to another instance).
   */
  abstract finishAttempt(id: string, lockedUntil: Date, update: DeliveryUpdate): Promise<boolean>;
  /** Due again at `now` whatever its state, lease dropped (the retry route). */
  abstract rescheduleNow(id: string, now: Date): Promise<DeliveryProps | null>;
  /** Deletes up to `limit` succeeded or failed deliveries last updated before `cutoff`; returns how many went. */
  abstract purgeFinishedBefore(cutoff: Date, limit: number): Promise<number>;
  /** The pending and failed deliveries (every webhook's), and the earliest pending attempt: one cheap read for the metrics. */
  abstract backlog(): Promise<QueueBacklog>;
  /** A disabled webhook's pending deliveries end as failed with `reason`. */
  abstract failPendingOfWebhook(webhookId: string, reason: string, now: Date): Promise<number>;
}
