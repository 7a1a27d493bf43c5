import type { DataSource } from 'typeorm';
import { closeDatabase } from '../../src/database/data-source';
import type { OwnDatabase } from './own-database';
import { type ServiceProcess, stopInstances } from './service-process';

/** What a spec of several service instances on a database of its own opens in its beforeAll. */
export interface Cluster {
  instances: readonly ServiceProcess[];
  /** What the instances send to (an SMTP server, a webhook receiver). */
  receiver?: { stop(): Promise<void> };
  /** The spec's own pool on the database, opened by openDatabase (the live mode's and the sandbox's). */
  db?: DataSource;
  database?: OwnDatabase;
}

/**
 * Tears a cluster spec down in the order its parts depend on one another: the instances first
 * (they send to the receiver and write the database), then the receiver, both modes' pools,
 * and last the database. A part the beforeAll never reached is skipped.
 */
export async function closeCluster({ instances, receiver, db, database }: Cluster): Promise<void> {
  await stopInstances(instances);
  await receiver?.stop();
  if (db) await closeDatabase(db);
  await database?.drop();
}
