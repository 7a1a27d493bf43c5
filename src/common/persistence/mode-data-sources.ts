import type { DataSource } from 'typeorm';
import type { KeyMode } from '../auth/principal';
import { currentMode } from './work-context';

/** The PostgreSQL schema of each mode's data (docs/test-mode.md): the same migrations build both. */
export const MODE_SCHEMAS: Readonly<Record<KeyMode, string>> = { live: 'public', test: 'sandbox' };

const sandboxes = new WeakMap<DataSource, DataSource>();
const isSandbox = new WeakSet<DataSource>();

/**
 * Test mode's separation lives here, in the choice of connection, not in the queries. The
 * service opens one DataSource, with its own pool, per mode (openDatabase): a live
 * connection's search_path is `public` alone; a sandbox connection's is `sandbox, public`. The
 * per-mode tables (lists, items, members, invitations, shares, events, webhooks, deliveries,
 * idempotency records) exist in both schemas and resolve to the mode's own; the account
 * tables (users, sessions, keys, mail) exist only in `public` and are shared. No query names a
 * schema or filters on a mode, so none can forget to, and a live connection cannot name a
 * sandbox table at all.
 *
 * Repositories keep the one DataSource Nest injects (the live one) and reach the database only
 * through managerOf, NamedStatement and the unit of work, which ask `dataSourceFor` for the
 * mode in progress (currentMode, work-context.ts); docs/adr/0007-test-mode-schema-per-mode.md says why.
 */
export function dataSourceFor(live: DataSource, mode: KeyMode = currentMode()): DataSource {
  if (mode === 'live' || isSandbox.has(live)) return live;
  const sandbox = sandboxes.get(live);
  // Failing is the only safe answer: falling back to the live pool would put sandbox writes
  // into live data.
  if (!sandbox) throw new Error('test mode has no database: this DataSource was opened without its sandbox (openDatabase)');
  return sandbox;
}

/** Pairs a live DataSource with its sandbox twin (openDatabase). */
export function registerSandbox(live: DataSource, sandbox: DataSource): void {
  sandboxes.set(live, sandbox);
  isSandbox.add(sandbox);
}

/** The sandbox twin of a live DataSource, if it has one. */
export function sandboxOf(live: DataSource): DataSource | undefined {
  return sandboxes.get(live);
}
