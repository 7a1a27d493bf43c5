/**
 * What a leased queue (webhook deliveries, mail) holds that is not done, as its store counts it
 * for the metrics: read at scrape time, never on a request's path.
 */
export interface QueueBacklog {
  /** Waiting for an attempt (due or not yet), leased ones included. */
  pending: number;
  /** Given up on (webhook deliveries `failed`, mail `dead`) and still kept. */
  failed: number;
  /** The earliest next attempt of a pending one; null when none is pending. */
  oldestDueAt: Date | null;
}

/** How long the oldest due entry has been waiting at `now`, in seconds: 0 when nothing is due yet. */
export function dueAgeSeconds(backlog: QueueBacklog, now: Date): number {
  if (backlog.oldestDueAt === null) return 0;
  return Math.max(0, (now.getTime() - backlog.oldestDueAt.getTime()) / 1000);
}
