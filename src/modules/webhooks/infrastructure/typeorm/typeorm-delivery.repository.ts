import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DUE, lease, OutboxTable } from '../../../../common/outbox/outbox-table';
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
 * The lease (`lease`) of due pending deliveries of active webhooks, oldest due first;
 * the webhook's URL and sealed secrets come along in the same round trip.
 */
const CLAIM = `${lease('webhook_deliveries', COLUMNS, {
  where: `${DUE} AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = t.webhook_id AND w.status = 'active')`,
  orderBy: 't.next_attempt_at',
  limit: '$3',
})}
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

/** Deliveries in the `webhook_deliveries` table, a leased outbox table (OutboxTable). */
@Injectable()
export class TypeOrmDeliveryRepository extends DeliveryRepository {
  private readonly table: OutboxTable;

  constructor(dataSource: DataSource) {
    super();
    this.table = new OutboxTable(dataSource, 'webhook_deliveries', 'failed');
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
    return this.table.count(
      `INSERT INTO webhook_deliveries (${COLUMNS})
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[],
                            $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
       ON CONFLICT (webhook_id, event_id) DO NOTHING`,
      byColumn,
    );
  }

  async findOfWebhook(webhookId: string, id: string): Promise<DeliveryProps | null> {
    const rows = await this.table.query<Row[]>(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2`, [
      id,
      webhookId,
    ]);
    return rows[0] ? toProps(rows[0]) : null;
  }

  async pageOfWebhook(webhookId: string, limit: number, after: DeliveryPosition | null): Promise<DeliveryProps[]> {
    const rows = after
      ? await this.table.query<Row[]>(
          `SELECT ${COLUMNS} FROM webhook_deliveries
            WHERE webhook_id = $1 AND (created_at, id) < ($2, $3)
            ORDER BY created_at DESC, id DESC LIMIT $4`,
          [webhookId, after.createdAt, after.id, limit],
        )
      : await this.table.query<Row[]>(
          `SELECT ${COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
          [webhookId, limit],
        );
    return rows.map(toProps);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await this.table.query<ClaimRow[]>(CLAIM, [now, leaseUntil, limit]);
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

  finishAttempt(id: string, lockedUntil: Date, u: DeliveryUpdate): Promise<boolean> {
    return this.table.finish(
      id,
      lockedUntil,
      'status = $3, attempts = attempts + 1, last_status_code = $4, last_error = $5, next_attempt_at = $6, updated_at = $7',
      [u.status, u.lastStatusCode, u.lastError, u.nextAttemptAt, u.now],
    );
  }

  async rescheduleNow(id: string, now: Date): Promise<DeliveryProps | null> {
    const rows = await this.table.query<Row[]>(
      `WITH again AS (
         UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $2, locked_until = NULL, updated_at = $2
          WHERE id = $1
          RETURNING ${COLUMNS})
       SELECT * FROM again`,
      [id, now],
    );
    return rows[0] ? toProps(rows[0]) : null;
  }

  purgeFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    return this.table.purgeFinishedBefore(cutoff, limit);
  }

  /**
   * The pending ones and their earliest attempt on the claim's index (webhook_deliveries_due),
   * the failed ones on their own partial index (webhook_deliveries_failed).
   */
  backlog(): Promise<QueueBacklog> {
    return this.table.backlog();
  }

  failPendingOfWebhook(webhookId: string, reason: string, now: Date): Promise<number> {
    return this.table.count(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL, locked_until = NULL, updated_at = $3
        WHERE webhook_id = $1 AND status = 'pending'`,
      [webhookId, reason, now],
    );
  }
}
