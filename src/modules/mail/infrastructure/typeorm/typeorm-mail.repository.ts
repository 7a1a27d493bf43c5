import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DUE, lease, OutboxTable } from '../../../../common/outbox/outbox-table';
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

/** The lease (`lease`) of due messages, oldest due first. */
const CLAIM = `${lease('mail', COLUMNS, { where: DUE, orderBy: 't.next_attempt_at', limit: '$3' })}
  SELECT * FROM leased ORDER BY next_attempt_at`;

/**
 * The probe's lease: deferred messages (pending after a failed attempt, not yet due) tried
 * long enough ago, least recently tried first.
 */
const CLAIM_DEFERRED = `${lease('mail', COLUMNS, {
  where: `t.status = 'pending' AND t.attempts > 0 AND t.next_attempt_at > $1 AND t.updated_at <= $3`,
  orderBy: 't.updated_at, t.id',
  limit: '$4',
})}
  SELECT * FROM leased ORDER BY updated_at, id`;

/** Messages in the `mail` table, a leased outbox table (OutboxTable). */
@Injectable()
export class TypeOrmMailRepository extends MailRepository {
  private readonly table: OutboxTable;

  constructor(dataSource: DataSource) {
    super();
    this.table = new OutboxTable(dataSource, 'mail', 'dead');
  }

  async insert(m: MailProps): Promise<void> {
    await this.table.query(`INSERT INTO mail (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
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
    const rows = await this.table.query<Row[]>(`SELECT ${COLUMNS} FROM mail WHERE id = $1`, [id]);
    return rows[0] ? toProps(rows[0]) : null;
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
    const rows = await this.table.query<Row[]>(CLAIM, [now, leaseUntil, limit]);
    return rows.map((row) => ({ mail: toProps(row), lockedUntil: leaseUntil }));
  }

  finishAttempt(id: string, lockedUntil: Date, u: MailUpdate): Promise<boolean> {
    return this.table.finish(
      id,
      lockedUntil,
      `status = $3, attempts = attempts + 1, last_error = $4, next_attempt_at = $5, updated_at = $6,
       body_sealed = CASE WHEN $7::boolean THEN NULL ELSE body_sealed END`,
      [u.status, u.lastError, u.nextAttemptAt, u.now, u.eraseBody],
    );
  }

  async claimDeferred(now: Date, leaseUntil: Date, triedBefore: Date, limit: number): Promise<ClaimedMail[]> {
    const rows = await this.table.query<Row[]>(CLAIM_DEFERRED, [now, leaseUntil, triedBefore, limit]);
    return rows.map((row) => ({ mail: toProps(row), lockedUntil: leaseUntil }));
  }

  finishProbe(id: string, lockedUntil: Date, lastError: string, now: Date): Promise<boolean> {
    return this.table.finish(id, lockedUntil, 'last_error = $3, updated_at = $4', [lastError, now]);
  }

  wakeDeferred(now: Date): Promise<number> {
    // A row a probe holds on another instance is woken too: its lease still keeps every other
    // claim off it, and a failed probe leaves next_attempt_at as this sets it (due).
    return this.table.count(`UPDATE mail SET next_attempt_at = $1 WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > $1`, [
      now,
    ]);
  }

  /** The pending ones and their earliest attempt on `mail_due`, the dead ones on `mail_finished` (status first). */
  backlog(): Promise<QueueBacklog> {
    return this.table.backlog();
  }

  async listDead(limit: number): Promise<MailProps[]> {
    const rows = await this.table.query<Row[]>(
      `SELECT ${COLUMNS} FROM mail WHERE status = 'dead' ORDER BY updated_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toProps);
  }

  async retryDead(id: string, now: Date): Promise<MailProps | null> {
    const rows = await this.table.query<Row[]>(
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
    const rows = await this.table.query<Row[]>(
      `SELECT ${COLUMNS} FROM mail WHERE status = 'outbox' ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toProps);
  }

  purgeFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    return this.table.purgeFinishedBefore(cutoff, limit);
  }
}
