import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import type { QueueBacklog } from '../../../../common/ports/queue-backlog';
import type { ClaimedMail, MailProps, MailStatus, MailUpdate } from '../../domain/mail-message';
import { MailRepository } from '../../domain/mail.repository';

interface Row {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body_sealed: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, kind, recipient, subject, body_sealed, status, attempts, last_error, next_attempt_at, created_at, updated_at';

const toProps = (row: Row): MailProps => ({
  id: row.id,
  kind: row.kind,
  to: row.recipient,
  subject: row.subject,
  sealedBody: row.body_sealed,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The lease: due pending messages, oldest due first, each row locked with SKIP LOCKED so
 * that instances claiming at the same moment take different rows, then stamped with
 * `locked_until` so that none takes them again until the lease runs out.
 */
const CLAIM = `
  WITH due AS (
    SELECT id FROM mail
     WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until < $1)
     ORDER BY next_attempt_at
     LIMIT $3
     FOR UPDATE SKIP LOCKED
  ), leased AS (
    UPDATE mail m SET locked_until = $2 FROM due WHERE m.id = due.id
    RETURNING ${COLUMNS.replace(/(^|, )/g, '$1m.')}
  )
  SELECT * FROM leased ORDER BY next_attempt_at`;

/**
 * The probe's lease: deferred messages (pending after a failed attempt, not yet due) tried
 * long enough ago, least recently tried first, locked and stamped as CLAIM does. A row
 * another instance holds (its lease live) is skipped.
 */
const CLAIM_DEFERRED = `
  WITH deferred AS (
    SELECT id FROM mail
     WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > $1 AND updated_at <= $3
       AND (locked_until IS NULL OR locked_until < $1)
     ORDER BY updated_at, id
     LIMIT $4
     FOR UPDATE SKIP LOCKED
  ), leased AS (
    UPDATE mail m SET locked_until = $2 FROM deferred WHERE m.id = deferred.id
    RETURNING ${COLUMNS.replace(/(^|, )/g, '$1m.')}
  )
  SELECT * FROM leased ORDER BY updated_at, id`;

/** Messages in the `mail` table; every statement joins the unit of work in progress (managerOf). */
@Injectable()
export class TypeOrmMailRepository extends MailRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(sql: string, parameters: unknown[]): Promise<T> {
    return managerOf(this.dataSource).query(sql, parameters);
  }

  async insert(m: MailProps): Promise<void> {
    await this.query(`INSERT INTO mail (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
      m.id,
      m.kind,
      m.to,
      m.subject,
      m.sealedBody,
      m.status,
      m.attempts,
      m.lastError,
      m.nextAttemptAt,
      m.createdAt,
      m.updatedAt,
    ]);
  }

  async findById(id: string): Promise<MailProps | null> {
    const rows = await this.query<Row[]>(`SELECT ${COLUMNS} FROM mail WHERE id = $1`, [id]);
    return rows[0] ? toProps(rows[0]) : null;
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
    const rows = await this.query<Row[]>(CLAIM, [now, leaseUntil, limit]);
    return rows.map((row) => ({ mail: toProps(row), lockedUntil: leaseUntil }));
  }

  async finishAttempt(id: string, lockedUntil: Date, u: MailUpdate): Promise<boolean> {
    const rows = await this.query<Array<{ n: number }>>(
      `WITH done AS (
         UPDATE mail
            SET status = $3, attempts = attempts + 1, last_error = $4, next_attempt_at = $5, locked_until = NULL, updated_at = $6,
                body_sealed = CASE WHEN $7::boolean THEN NULL ELSE body_sealed END
          WHERE id = $1 AND locked_until = $2
          RETURNING 1)
       SELECT count(*)::int AS n FROM done`,
      [id, lockedUntil, u.status, u.lastError, u.nextAttemptAt, u.now, u.eraseBody],
    );
    return rows[0].n > 0;
  }

  async claimDeferred(now: Date, leaseUntil: Date, triedBefore: Date, limit: number): Promise<ClaimedMail[]> {
    const rows = await this.query<Row[]>(CLAIM_DEFERRED, [now, leaseUntil, triedBefore, limit]);
    return rows.map((row) => ({ mail: toProps(row), lockedUntil: leaseUntil }));
  }

  async finishProbe(id: string, lockedUntil: Date, lastError: string, now: Date): Promise<boolean> {
    const rows = await this.query<Array<{ n: number }>>(
      `WITH done AS (
         UPDATE mail SET last_error = $3, updated_at = $4, locked_until = NULL
          WHERE id = $1 AND locked_until = $2
          RETURNING 1)
       SELECT count(*)::int AS n FROM done`,
      [id, lockedUntil, lastError, now],
    );
    return rows[0].n > 0;
  }

  async wakeDeferred(now: Date): Promise<number> {
    // A row a probe holds on another instance is woken too: its lease still keeps every other
    // claim off it, and a failed probe leaves next_attempt_at as this sets it (due).
    const rows = await this.query<Array<{ n: number }>>(
      `WITH woken AS (
         UPDATE mail SET next_attempt_at = $1
          WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > $1
          RETURNING 1)
       SELECT count(*)::int AS n FROM woken`,
      [now],
    );
    return rows[0].n;
  }

  /** Index reads only: the pending ones and their earliest attempt on `mail_due`, the dead ones on `mail_finished` (status first). */
  async backlog(): Promise<QueueBacklog> {
    const [row] = await this.query<Array<{ pending: number; failed: number; oldest_due_at: Date | null }>>(
      `SELECT (SELECT count(*) FROM mail WHERE status = 'pending')::int AS pending,
              (SELECT count(*) FROM mail WHERE status = 'dead')::int AS failed,
              (SELECT min(next_attempt_at) FROM mail WHERE status = 'pending') AS oldest_due_at`,
      [],
    );
    return { pending: row.pending, failed: row.failed, oldestDueAt: row.oldest_due_at };
  }

  async listDead(limit: number): Promise<MailProps[]> {
    const rows = await this.query<Row[]>(`SELECT ${COLUMNS} FROM mail WHERE status = 'dead' ORDER BY updated_at DESC, id DESC LIMIT $1`, [
      limit,
    ]);
    return rows.map(toProps);
  }

  async retryDead(id: string, now: Date): Promise<MailProps | null> {
    const rows = await this.query<Row[]>(
      `WITH again AS (
         UPDATE mail SET status = 'pending', attempts = 0, next_attempt_at = $2, locked_until = NULL, updated_at = $2
          WHERE id = $1 AND status = 'dead'
          RETURNING ${COLUMNS})
       SELECT * FROM again`,
      [id, now],
    );
    return rows[0] ? toProps(rows[0]) : null;
  }

  async latestOutbox(limit: number): Promise<MailProps[]> {
    const rows = await this.query<Row[]>(`SELECT ${COLUMNS} FROM mail WHERE status = 'outbox' ORDER BY created_at DESC, id DESC LIMIT $1`, [
      limit,
    ]);
    return rows.map(toProps);
  }

  async purgeFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.query<Array<{ n: number }>>(
      `WITH gone AS (
         DELETE FROM mail WHERE id IN (
           SELECT id FROM mail WHERE status <> 'pending' AND updated_at < $1 LIMIT $2)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff, limit],
    );
    return rows[0].n;
  }
}
