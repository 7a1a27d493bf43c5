import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import type { QueueBacklog } from '../../../../common/ports/queue-backlog';
import type { ClaimedDelivery, DeliveryProps, DeliveryStatus } from '../../domain/delivery';
import { DeliveryPosition, DeliveryRepository, DeliveryUpdate } from '../../domain/delivery.repository';

interface Row {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, webhook_id, event_id, event_type, payload, status, attempts, last_status_code, last_error,
  next_attempt_at, created_at, updated_at`;

const toProps = (row: Row): DeliveryProps => ({
  id: row.id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  eventType: row.event_type,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The lease: due pending deliveries of active webhooks, oldest due first, each row locked
 * with SKIP LOCKED so that instances claiming at the same moment take different rows, then
 * stamped with `locked_until` so that none takes them again until the lease runs out (an
 * instance killed mid-delivery leaves a lease that simply expires). The webhook's URL and
 * sealed secrets come along in the same round trip.
 */
const CLAIM = `
  WITH due AS (
    SELECT d.id FROM webhook_deliveries d
     WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.locked_until IS NULL OR d.locked_until < $1)
       AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND w.status = 'active')
     ORDER BY d.next_attempt_at
     LIMIT $3
     FOR UPDATE OF d SKIP LOCKED
  ), leased AS (
    UPDATE webhook_deliveries d SET locked_until = $2 FROM due WHERE d.id = due.id
    RETURNING d.${COLUMNS.replace(/,\s*/g, ', d.')}
  )
  SELECT l.*, w.url AS webhook_url, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at, w.first_failure_at
    FROM leased l JOIN webhooks w ON w.id = l.webhook_id
   ORDER BY l.next_attempt_at`;

type ClaimRow = Row & {
  webhook_url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  first_failure_at: Date | null;
};

@Injectable()
export class TypeOrmDeliveryRepository extends DeliveryRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(sql: string, parameters: unknown[]): Promise<T> {
    return managerOf(this.dataSource).query(sql, parameters);
  }

  async insertMany(deliveries: readonly DeliveryProps[]): Promise<number> {
    if (deliveries.length === 0) return 0;
    const columns = (d: DeliveryProps) => [
      d.id,
      d.webhookId,
      d.eventId,
      d.eventType,
      d.payload,
      d.status,
      d.attempts,
      d.lastStatusCode,
      d.lastError,
      d.nextAttemptAt,
      d.createdAt,
      d.updatedAt,
    ];
    // One statement for the lot: unnest of one array per column.
    const byColumn = deliveries.map(columns).reduce<unknown[][]>(
      (acc, row) => {
        row.forEach((value, i) => acc[i].push(value));
        return acc;
      },
      Array.from({ length: 12 }, () => []),
    );
    const rows = await this.query<Array<{ n: number }>>(
      `WITH added AS (
         INSERT INTO webhook_deliveries (${COLUMNS})
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[],
                              $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
         ON CONFLICT (webhook_id, event_id) DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      byColumn,
    );
    return rows[0].n;
  }

  async findOfWebhook(webhookId: string, id: string): Promise<DeliveryProps | null> {
    const rows = await this.query<Row[]>(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2`, [id, webhookId]);
    return rows[0] ? toProps(rows[0]) : null;
  }

  async pageOfWebhook(webhookId: string, limit: number, after: DeliveryPosition | null): Promise<DeliveryProps[]> {
    const rows = after
      ? await this.query<Row[]>(
          `SELECT ${COLUMNS} FROM webhook_deliveries
            WHERE webhook_id = $1 AND (created_at, id) < ($2, $3)
            ORDER BY created_at DESC, id DESC LIMIT $4`,
          [webhookId, after.createdAt, after.id, limit],
        )
      : await this.query<Row[]>(
          `SELECT ${COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
          [webhookId, limit],
        );
    return rows.map(toProps);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await this.query<ClaimRow[]>(CLAIM, [now, leaseUntil, limit]);
    return rows.map((row) => {
      const previousLasts =
        row.previous_secret_sealed !== null && row.previous_secret_expires_at !== null && now < row.previous_secret_expires_at;
      return {
        delivery: toProps(row),
        lockedUntil: leaseUntil,
        webhook: {
          id: row.webhook_id,
          url: row.webhook_url,
          sealedSecrets: previousLasts ? [row.secret_sealed, row.previous_secret_sealed!] : [row.secret_sealed],
          firstFailureAt: row.first_failure_at,
        },
      };
    });
  }

  async finishAttempt(id: string, lockedUntil: Date, u: DeliveryUpdate): Promise<boolean> {
    const rows = await this.query<Array<{ n: number }>>(
      `WITH done AS (
         UPDATE webhook_deliveries
            SET status = $3, attempts = attempts + 1, last_status_code = $4, last_error = $5, next_attempt_at = $6,
                locked_until = NULL, updated_at = $7
          WHERE id = $1 AND locked_until = $2
          RETURNING 1)
       SELECT count(*)::int AS n FROM done`,
      [id, lockedUntil, u.status, u.lastStatusCode, u.lastError, u.nextAttemptAt, u.now],
    );
    return rows[0].n > 0;
  }

  async rescheduleNow(id: string, now: Date): Promise<DeliveryProps | null> {
    const rows = await this.query<Row[]>(
      `WITH again AS (
         UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $2, locked_until = NULL, updated_at = $2
          WHERE id = $1
          RETURNING ${COLUMNS})
       SELECT * FROM again`,
      [id, now],
    );
    return rows[0] ? toProps(rows[0]) : null;
  }

  async purgeFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    // SKIP LOCKED: a row another transaction holds (a webhook's delete takes its deliveries in
    // the order of its own plan) waits for the next sweep, so the janitor never waits for one
    // and never takes part in a deadlock.
    const rows = await this.query<Array<{ n: number }>>(
      `WITH gone AS (
         DELETE FROM webhook_deliveries WHERE id IN (
           SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff, limit],
    );
    return rows[0].n;
  }

  /**
   * Three index reads: the pending ones and their earliest attempt on the claim's index
   * (webhook_deliveries_due), the failed ones on their own partial index
   * (webhook_deliveries_failed), so the count never walks the succeeded deliveries kept for
   * their retention.
   */
  async backlog(): Promise<QueueBacklog> {
    const [row] = await this.query<Array<{ pending: number; failed: number; oldest_due_at: Date | null }>>(
      `SELECT (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS pending,
              (SELECT count(*) FROM webhook_deliveries WHERE status = 'failed')::int AS failed,
              (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending') AS oldest_due_at`,
      [],
    );
    return { pending: row.pending, failed: row.failed, oldestDueAt: row.oldest_due_at };
  }

  async failPendingOfWebhook(webhookId: string, reason: string, now: Date): Promise<number> {
    const rows = await this.query<Array<{ n: number }>>(
      `WITH gone AS (
         UPDATE webhook_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL, locked_until = NULL, updated_at = $3
          WHERE webhook_id = $1 AND status = 'pending'
          RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [webhookId, reason, now],
    );
    return rows[0].n;
  }
}
