/**
 * Runs a multi-step write as one transaction. Repositories called inside `run`
 * take part in it without being handed a transaction object (see
 * TypeOrmUnitOfWork), so domain services stay free of persistence types.
 */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
