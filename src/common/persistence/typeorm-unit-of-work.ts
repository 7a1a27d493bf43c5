import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UnitOfWork } from '../ports/unit-of-work';

const current = new AsyncLocalStorage<EntityManager>();

/**
 * The transaction of the unit of work in progress, or the plain DataSource manager.
 * TypeORM repositories call this for every statement so that they join a
 * surrounding transaction automatically.
 */
export function managerOf(dataSource: DataSource): EntityManager {
  return current.getStore() ?? dataSource.manager;
}

@Injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (current.getStore()) return work();
    return this.dataSource.transaction((manager) => current.run(manager, work));
  }
}
