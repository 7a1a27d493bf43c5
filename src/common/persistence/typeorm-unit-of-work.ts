import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { UnitOfWork } from '../ports/unit-of-work';
import { leavesConnectionInDoubt } from './database-failure';
import { dataSourceFor } from './mode-data-sources';
import { runInUnit, unitInProgress } from './work-context';

/**
 * The transaction of the unit of work in progress, or the manager of the mode's DataSource
 * (dataSourceFor: the sandbox's in test mode). TypeORM repositories call this for every
 * statement so that they join a surrounding transaction, and use the mode's schema,
 * automatically.
 */
export function managerOf(dataSource: DataSource): EntityManager {
  return transactionInProgress() ?? dataSourceFor(dataSource).manager;
}

/** The transaction of the unit of work in progress, if any. */
export function transactionInProgress(): EntityManager | undefined {
  const unit = unitInProgress();
  return unit instanceof EntityManager ? unit : undefined;
}

/** TypeORM's PostgreSQL runner can hand its connection back with an error, which makes pg-pool discard it. */
type ReleasableRunner = QueryRunner & { releasePostgresConnection?(error?: unknown): Promise<void> };

/**
 * One transaction on one pooled connection, returned to the pool only in a known
 * state. TypeORM's own `transaction()` releases the connection as healthy even when
 * its ROLLBACK timed out, so the next request on it could commit the leftovers; here a
 * connection whose state is in doubt is destroyed (PostgreSQL then rolls the open
 * transaction back when it sees the connection go), and a failed ROLLBACK counts as doubt.
 */
export async function runInTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const runner: ReleasableRunner = dataSource.createQueryRunner();
  try {
    await runner.connect();
  } catch (error) {
    await runner.release();
    throw error;
  }
  let doubt: unknown;
  try {
    await runner.startTransaction();
    const result = await work(runner.manager);
    await runner.commitTransaction();
    return result;
  } catch (error) {
    if (leavesConnectionInDoubt(error)) {
      doubt = error;
    } else if (runner.isTransactionActive) {
      await runner.rollbackTransaction().catch((rollbackError: unknown) => (doubt = rollbackError));
    }
    throw error;
  } finally {
    if (doubt !== undefined && runner.releasePostgresConnection) await runner.releasePostgresConnection(doubt);
    else await runner.release();
  }
}

@Injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (transactionInProgress()) return work();
    return runInTransaction(dataSourceFor(this.dataSource), (manager) => runInUnit(manager, work));
  }
}
