import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Viewer } from '../../../../common/auth/principal';
import { reachedByKeySql, viewerParameters } from '../../../../common/persistence/list-visibility-sql';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import type { EventType } from '../../domain/event-types';
import type { WebhookProps, WebhookStatus } from '../../domain/webhook';
import { WebhookRepository } from '../../domain/webhook.repository';

interface Row {
  id: string;
  user_id: string;
  url: string;
  types: string[] | null;
  list_id: string | null;
  status: WebhookStatus;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  first_failure_at: Date | null;
  disabled_reason: string | null;
}

const COLUMNS = `id, user_id, url, types, list_id, status, secret_sealed, previous_secret_sealed,
  previous_secret_expires_at, created_at, first_failure_at, disabled_reason`;

const toProps = (row: Row): WebhookProps => ({
  id: row.id,
  userId: row.user_id,
  url: row.url,
  types: row.types as EventType[] | null,
  listId: row.list_id,
  status: row.status,
  sealedSecret: row.secret_sealed,
  sealedPreviousSecret: row.previous_secret_sealed,
  previousSecretExpiresAt: row.previous_secret_expires_at,
  createdAt: row.created_at,
  firstFailureAt: row.first_failure_at,
  disabledReason: row.disabled_reason,
});

/** The webhooks the viewer ($1, $2: viewerParameters) sees: its account's, and for a restricted key those of its lists. */
const SEEN_BY_VIEWER = `user_id = $1 AND ${reachedByKeySql('list_id')}`;

/** Webhooks in PostgreSQL, plain parameterised SQL (every lookup by primary key or (user_id, created_at)). */
@Injectable()
export class TypeOrmWebhookRepository extends WebhookRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(sql: string, parameters: unknown[]): Promise<T> {
    return managerOf(this.dataSource).query(sql, parameters);
  }

  async insert(w: WebhookProps): Promise<void> {
    await this.query(`INSERT INTO webhooks (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [
      w.id,
      w.userId,
      w.url,
      w.types,
      w.listId,
      w.status,
      w.sealedSecret,
      w.sealedPreviousSecret,
      w.previousSecretExpiresAt,
      w.createdAt,
      w.firstFailureAt,
      w.disabledReason,
    ]);
  }

  async findOwned(viewer: Viewer, id: string): Promise<WebhookProps | null> {
    const rows = await this.query<Row[]>(`SELECT ${COLUMNS} FROM webhooks WHERE id = $3 AND ${SEEN_BY_VIEWER}`, [
      ...viewerParameters(viewer),
      id,
    ]);
    return rows[0] ? toProps(rows[0]) : null;
  }

  async listByUser(viewer: Viewer): Promise<WebhookProps[]> {
    const rows = await this.query<Row[]>(
      `SELECT ${COLUMNS} FROM webhooks WHERE ${SEEN_BY_VIEWER} ORDER BY created_at, id`,
      viewerParameters(viewer),
    );
    return rows.map(toProps);
  }

  async countByUser(userId: string): Promise<number> {
    const [{ n }] = await this.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM webhooks WHERE user_id = $1`, [userId]);
    return n;
  }

  async lockAccount(userId: string): Promise<void> {
    // A transaction-scoped advisory lock on the account (released at commit or rollback);
    // the key is the account id hashed into the lock space with a name of its own.
    await this.query(`SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || $1::text, 0))`, [userId]);
  }

  async lock(id: string): Promise<void> {
    // FOR NO KEY UPDATE, the lock the UPDATEs below take: deliveries inserted meanwhile (their
    // foreign key takes FOR KEY SHARE) are not held up by it.
    await this.query(`SELECT 1 FROM webhooks WHERE id = $1 FOR NO KEY UPDATE`, [id]);
  }

  async deleteOwned(viewer: Viewer, id: string): Promise<boolean> {
    // The webhook row first, then its deliveries by the cascade: the order of every transaction
    // that writes both (WebhookRepository.lock). A SELECT around the DELETE: TypeORM answers a
    // bare DELETE … RETURNING as [rows, count].
    const rows = await this.query<Array<{ n: number }>>(
      `WITH gone AS (DELETE FROM webhooks WHERE id = $3 AND ${SEEN_BY_VIEWER} RETURNING id) SELECT count(*)::int AS n FROM gone`,
      [...viewerParameters(viewer), id],
    );
    return rows[0].n > 0;
  }

  async deleteAllOf(userId: string): Promise<number> {
    // Their deliveries go with them (ON DELETE CASCADE), after the webhook rows: the order of
    // every transaction that writes both (WebhookRepository.lock).
    const rows = await this.query<Array<{ n: number }>>(
      `WITH gone AS (DELETE FROM webhooks WHERE user_id = $1 RETURNING id) SELECT count(*)::int AS n FROM gone`,
      [userId],
    );
    return rows[0].n;
  }

  async saveSecrets(w: WebhookProps): Promise<void> {
    await this.query(`UPDATE webhooks SET secret_sealed = $2, previous_secret_sealed = $3, previous_secret_expires_at = $4 WHERE id = $1`, [
      w.id,
      w.sealedSecret,
      w.sealedPreviousSecret,
      w.previousSecretExpiresAt,
    ]);
  }

  async recordSuccess(id: string): Promise<void> {
    await this.query(`UPDATE webhooks SET first_failure_at = NULL WHERE id = $1 AND first_failure_at IS NOT NULL`, [id]);
  }

  async recordFailure(id: string, now: Date): Promise<void> {
    await this.query(`UPDATE webhooks SET first_failure_at = $2 WHERE id = $1 AND first_failure_at IS NULL`, [id, now]);
  }

  async disable(id: string, reason: string): Promise<void> {
    await this.query(`UPDATE webhooks SET status = 'disabled', disabled_reason = $2 WHERE id = $1`, [id, reason]);
  }
}
