import type { DataSource } from 'typeorm';
import { runInTransaction } from './typeorm-unit-of-work';

/** A query runner that records what was done to its connection. */
function fakeRunner(options: { rollbackFails?: boolean } = {}) {
  const calls: string[] = [];
  const runner = {
    isTransactionActive: false,
    manager: {},
    connect: async () => calls.push('connect'),
    startTransaction: async () => {
      runner.isTransactionActive = true;
      calls.push('begin');
    },
    commitTransaction: async () => {
      runner.isTransactionActive = false;
      calls.push('commit');
    },
    rollbackTransaction: async () => {
      calls.push('rollback');
      if (options.rollbackFails) throw new Error('Query read timeout');
      runner.isTransactionActive = false;
    },
    release: async () => calls.push('release'),
    releasePostgresConnection: async (error?: unknown) => calls.push(`destroy: ${(error as Error).message}`),
  };
  const dataSource = { createQueryRunner: () => runner } as unknown as DataSource;
  return { calls, dataSource };
}

describe('runInTransaction', () => {
  it('commits and returns the connection to the pool', async () => {
    const { calls, dataSource } = fakeRunner();
    await expect(runInTransaction(dataSource, async () => 'done')).resolves.toBe('done');
    expect(calls).toEqual(['connect', 'begin', 'commit', 'release']);
  });

  it('rolls back a failure the server reported, and reuses the connection', async () => {
    const { calls, dataSource } = fakeRunner();
    const lockTimeout = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    await expect(runInTransaction(dataSource, () => Promise.reject(lockTimeout))).rejects.toBe(lockTimeout);
    expect(calls).toEqual(['connect', 'begin', 'rollback', 'release']);
  });

  it('rolls back a domain error, and reuses the connection', async () => {
    const { calls, dataSource } = fakeRunner();
    await expect(runInTransaction(dataSource, () => Promise.reject(new Error('list not found')))).rejects.toThrow('list not found');
    expect(calls).toEqual(['connect', 'begin', 'rollback', 'release']);
  });

  it('destroys the connection when the client stopped waiting: no ROLLBACK queued behind a statement still running', async () => {
    const { calls, dataSource } = fakeRunner();
    const timeout = Object.assign(new Error('Query read timeout'), { driverError: new Error('Query read timeout') });
    await expect(runInTransaction(dataSource, () => Promise.reject(timeout))).rejects.toBe(timeout);
    expect(calls).toEqual(['connect', 'begin', 'destroy: Query read timeout']);
  });

  it('destroys the connection when it broke', async () => {
    const { calls, dataSource } = fakeRunner();
    const broken = Object.assign(new Error('Connection terminated unexpectedly'), {});
    await expect(runInTransaction(dataSource, () => Promise.reject(broken))).rejects.toBe(broken);
    expect(calls).toEqual(['connect', 'begin', 'destroy: Connection terminated unexpectedly']);
  });

  it('destroys the connection when its ROLLBACK failed, and reports the original failure', async () => {
    const { calls, dataSource } = fakeRunner({ rollbackFails: true });
    const failure = new Error('list not found');
    await expect(runInTransaction(dataSource, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(calls).toEqual(['connect', 'begin', 'rollback', 'destroy: Query read timeout']);
  });
});
