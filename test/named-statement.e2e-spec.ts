import { Client, Pool } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { NamedStatement } from '../src/common/persistence/named-statement';
import { TypeOrmUnitOfWork } from '../src/common/persistence/typeorm-unit-of-work';
import { startTestApp, TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

// NamedStatement runs on the DataSource's pool without a TypeORM QueryRunner per statement:
// what TypeORM gave for free must still hold (transactions, errors, connections back in the pool).
let t: TestApp;
let ds: DataSource;
let pool: Pool;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  pool = (ds.driver as PostgresDriver).master as Pool;
  await ds.query('CREATE TABLE IF NOT EXISTS named_statement_probe (n integer PRIMARY KEY)');
});
afterAll(async () => {
  await ds.query('DROP TABLE IF EXISTS named_statement_probe');
  await t.close();
});

const INSERT = new NamedStatement('test_named_insert', 'INSERT INTO named_statement_probe (n) VALUES ($1) RETURNING n');
const COUNT = new NamedStatement('test_named_count', 'SELECT count(*)::integer AS n FROM named_statement_probe WHERE n = $1');
const SLEEP = new NamedStatement('test_named_sleep', 'SELECT pg_sleep($1::float8)');

/** Every connection the pool holds is idle again (the statement gave its connection back). */
const poolIdle = () => waitFor(() => pool.idleCount === pool.totalCount, { what: 'every pooled connection to be idle again' });

it('answers the rows, and gives its connection back to the pool', async () => {
  expect(await INSERT.run(ds, [1])).toEqual([{ n: 1 }]);
  await poolIdle();
});

it("fails as TypeORM's QueryFailedError with PostgreSQL's error inside, and keeps the connection", async () => {
  const before = pool.totalCount;
  const error = await INSERT.run(ds, [1]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(QueryFailedError);
  expect((error as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('23505');
  await poolIdle();
  // A refused statement leaves nothing in doubt: the connection is reused, not replaced.
  expect(pool.totalCount).toBe(before);
});

it('joins the unit of work in progress: its writes commit or roll back with it', async () => {
  const uow = new TypeOrmUnitOfWork(ds);
  await expect(
    uow.run(async () => {
      await INSERT.run(ds, [2]);
      // Seen inside the transaction, not outside it yet.
      expect(await COUNT.run(ds, [2])).toEqual([{ n: 1 }]);
      expect(await ds.query('SELECT count(*)::integer AS n FROM named_statement_probe WHERE n = 2')).toEqual([{ n: 0 }]);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await COUNT.run(ds, [2])).toEqual([{ n: 0 }]);
  await uow.run(() => INSERT.run(ds, [3]));
  expect(await COUNT.run(ds, [3])).toEqual([{ n: 1 }]);
  await poolIdle();
});

it('destroys a connection whose state is in doubt instead of handing it out again', async () => {
  // The server ends this statement's session mid-statement: the connection is broken.
  const running = SLEEP.run(ds, [30]).catch((e: unknown) => e);
  const pid = await waitFor(
    async () =>
      (
        await ds.query<{ pid: number }[]>(
          "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep($1::float8)%' AND state = 'active' AND pid <> pg_backend_pid()",
        )
      )[0]?.pid,
    { what: 'the sleeping statement to show in pg_stat_activity' },
  );
  await ds.query('SELECT pg_terminate_backend($1)', [pid]);
  const error = await running;
  expect(error).toBeInstanceOf(QueryFailedError);
  await poolIdle();
  // pg_terminate_backend only signals the backend: it leaves pg_stat_activity when it has exited.
  await waitFor(
    async () =>
      !(
        await ds.query<{ pid: number }[]>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'todo-service'",
        )
      ).some((row) => row.pid === pid),
    { what: 'the terminated backend to leave pg_stat_activity' },
  );
  // And the pool goes on answering.
  expect(await COUNT.run(ds, [1])).toEqual([{ n: 1 }]);
});

it('keeps each of several units of work in its own transaction, and again once none was in flight', async () => {
  const uow = new TypeOrmUnitOfWork(ds);
  const txid = new NamedStatement('test_named_txid', 'SELECT txid_current()::text AS id');
  // Twice: between the rounds no unit is in flight, and the store is turned off and on again.
  for (let round = 0; round < 2; round += 1) {
    const seen = await Promise.all(
      [1, 2, 3].map(() =>
        uow.run(async () => {
          const [first] = await txid.run<{ id: string }>(ds, []);
          await new Promise((resolve) => setImmediate(resolve));
          const [second] = await txid.run<{ id: string }>(ds, []);
          expect(second).toEqual(first);
          return first.id;
        }),
      ),
    );
    expect(new Set(seen).size).toBe(3);
  }
  // Outside any unit, each statement is a transaction of its own.
  const [a] = await txid.run<{ id: string }>(ds, []);
  const [b] = await txid.run<{ id: string }>(ds, []);
  expect(a).not.toEqual(b);
});

// What NamedStatement relies on in TypeORM's Postgres driver and in pg
// (docs/adr/0002-named-statements-on-typeorm-connections.md): if an upgrade changes one, these fail first.
describe('the TypeORM and pg behaviour NamedStatement relies on', () => {
  it("the driver is TypeORM's PostgresDriver over a pg Pool, and obtainMasterConnection lends one of the pool's pg clients", async () => {
    expect(ds.driver).toBeInstanceOf(PostgresDriver);
    expect(pool).toBeInstanceOf(Pool);
    const busy = pool.totalCount - pool.idleCount;
    const [client, release] = (await (ds.driver as PostgresDriver).obtainMasterConnection()) as [Client, (error?: Error) => void];
    try {
      expect(client).toBeInstanceOf(Client);
      expect(pool.totalCount - pool.idleCount).toBe(busy + 1);
      // pg's public named statement: a query config with a name.
      const result = await client.query({ name: 'test_named_contract', text: 'SELECT $1::integer AS n', values: [7] });
      expect(result.rows).toEqual([{ n: 7 }]);
    } finally {
      release();
    }
    await poolIdle();
  });

  it("a QueryRunner's connect() answers its own pg client, the same one for the life of the runner", async () => {
    const runner = ds.createQueryRunner();
    try {
      const client: unknown = await runner.connect();
      expect(client).toBeInstanceOf(Client);
      expect(await runner.connect()).toBe(client);
    } finally {
      await runner.release();
    }
  });
});
