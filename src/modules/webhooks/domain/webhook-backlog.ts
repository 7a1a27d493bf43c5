import type { KeyMode } from '../../../common/auth/principal';
import { Clock } from '../../../common/ports/clock';
import { dueAgeSeconds } from '../../../common/ports/queue-backlog';
import { DeliveryRepository } from './delivery.repository';
import { EventRelay } from './event-relay';

/** One mode's webhook work not yet done, as the metrics show it. */
export interface WebhookBacklogReading {
  pending: number;
  failed: number;
  /** How long the earliest due pending delivery has waited past its attempt time (0: none due). */
  oldestDueAgeSeconds: number;
  /** How long ago the next event the relay has still to pass was recorded (0: none waiting). */
  relayLagSeconds: number;
}

/**
 * Runs `work` on one mode's data: each statement it sends goes to that mode's tables. The
 * persistence layer's, handed in where the module is wired, so the domain names the mode it reads
 * and never where the mode is kept.
 */
export type InMode = <T>(mode: KeyMode, work: () => Promise<T>) => Promise<T>;

/**
 * The state of a mode's delivery queue and relay, for the metrics (read at scrape time, never on
 * a request's path): two short reads of the mode's own tables, in that mode.
 */
export class WebhookBacklog {
  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly relay: EventRelay,
    private readonly clock: Clock,
    private readonly inMode: InMode,
  ) {}

  read(mode: KeyMode): Promise<WebhookBacklogReading> {
    return this.inMode(mode, async () => {
      const backlog = await this.deliveries.backlog();
      const waitingSince = await this.relay.nextWaitingSince();
      const now = this.clock.now();
      return {
        pending: backlog.pending,
        failed: backlog.failed,
        oldestDueAgeSeconds: dueAgeSeconds(backlog, now),
        relayLagSeconds: waitingSince === null ? 0 : Math.max(0, (now.getTime() - waitingSince.getTime()) / 1000),
      };
    });
  }
}
