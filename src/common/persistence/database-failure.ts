/**
 * Why a database call failed, when the database (not the request) is the reason.
 * Each kind is a 503 with its own message (see envelope.filter.ts):
 * - `unreachable`: no connection, or it broke (server down, restarting, network).
 * - `busy`: the database is fine but the service is queueing for it (pool exhausted,
 *   server out of connections) or lost a race it may retry (deadlock).
 * - `timed_out`: a statement or lock wait hit its time limit; PostgreSQL cancelled it.
 * - `read_only`: the database refuses writes (maintenance, a failover to a replica).
 */
export type DatabaseFailure = 'unreachable' | 'busy' | 'timed_out' | 'read_only';

const BY_CODE: Record<string, DatabaseFailure> = {
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  ETIMEDOUT: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EPIPE: 'unreachable',
  '57P01': 'unreachable', // admin_shutdown
  '57P02': 'unreachable', // crash_shutdown
  '57P03': 'unreachable', // cannot_connect_now (starting up, shutting down)
  '53300': 'busy', // too_many_connections
  '40P01': 'busy', // deadlock_detected: the transaction was rolled back, a retry may pass
  '57014': 'timed_out', // query_canceled: statement_timeout
  '55P03': 'timed_out', // lock_not_available: lock_timeout
  '25P03': 'timed_out', // idle_in_transaction_session_timeout
  '25006': 'read_only', // read_only_sql_transaction
};

const BY_MESSAGE: Array<[string, DatabaseFailure]> = [
  // pg-pool: every pooled connection is in use and none came free in time.
  ['timeout exceeded when trying to connect', 'busy'],
  // pg: the client-side backstop fired (the server did not answer at all).
  ['Query read timeout', 'timed_out'],
  ['Connection terminated', 'unreachable'],
  ['Client was closed and is not queryable', 'unreachable'],
  ['Cannot use a pool after calling end', 'unreachable'],
  ['Client has encountered a connection error', 'unreachable'],
  ['Driver not Connected', 'unreachable'],
  ['Connection is not established', 'unreachable'],
];

/** The kind of database failure behind `error` (or what it wraps), if it is one. */
export function classifyDatabaseFailure(error: unknown, depth = 0): DatabaseFailure | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (BY_CODE[e.code]) return BY_CODE[e.code];
    if (e.code.startsWith('08')) return 'unreachable'; // connection_exception class
  }
  // TypeORM refuses further queries on a runner whose connection broke mid-request.
  if (e.name === 'QueryRunnerAlreadyReleasedError' || e.name === 'QueryRunnerProviderAlreadyReleasedError') return 'unreachable';
  if (typeof e.message === 'string') {
    const message = e.message;
    const match = BY_MESSAGE.find(([text]) => message.includes(text));
    if (match) return match[1];
  }
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = classifyDatabaseFailure(inner, depth + 1);
      if (found) return found;
    }
  }
  return classifyDatabaseFailure(e.driverError, depth + 1) ?? classifyDatabaseFailure(e.cause, depth + 1);
}

/**
 * True when, after `error`, nobody knows what state the connection's transaction is
 * in: the connection broke, or the client stopped waiting while the server may still
 * be working. Such a connection is destroyed, never rolled back and reused.
 */
export function leavesConnectionInDoubt(error: unknown): boolean {
  if (classifyDatabaseFailure(error) === 'unreachable') return true;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if ((e as Error).message?.includes?.('Query read timeout')) return true;
    e = (e as { driverError?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
