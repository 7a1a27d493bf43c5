import { Client } from 'pg';

/** pg's message when its client-side `query_timeout` fires. */
export const CLIENT_QUERY_TIMEOUT = 'Query read timeout';

/**
 * The pg client the pool hands out. When the client-side query timeout fires, pg
 * answers the caller but leaves the statement running on the connection (and, inside a
 * transaction, the transaction open): returned to the pool, the next request on it
 * would queue behind the statement and could COMMIT what the first request left behind.
 * Such a connection is ended at once instead: the pool discards a client that is
 * ending, and PostgreSQL rolls back the transaction of a connection that went away.
 */
export class GuardedClient extends Client {
  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    // A connection the server ends (`pg_ctl stop -m fast`, a failover) while a request holds it
    // between two statements raises 'error' with no query to fail: pg-pool listens only while
    // the client is idle, and an 'error' event nobody listens to would end the process. The
    // request's next statement on it fails ("not queryable", a 503) and the pool discards it on
    // release, so there is nothing more to do here.
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.then(undefined, (error: unknown) => {
        if ((error as Error | undefined)?.message === CLIENT_QUERY_TIMEOUT) this.abandon();
      });
    }
    return result as never;
  }

  /** Marks the connection unusable and closes it without waiting for the server. */
  abandon(): void {
    this.end().catch(() => undefined);
  }
}
