import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TypeOrmUnitOfWork } from '../src/common/persistence/typeorm-unit-of-work';
import { SystemClock } from '../src/common/ports/clock';
import { UuidGenerator } from '../src/common/crypto/uuid-generator';
import { closeDatabase, openDatabase } from '../src/database/data-source';
import { AccountsService } from '../src/modules/auth/domain/accounts.service';
import { ScryptPasswordHasher } from '../src/modules/auth/infrastructure/crypto/scrypt-password-hasher';
import { TypeOrmSessionRepository } from '../src/modules/auth/infrastructure/typeorm/typeorm-session.repository';
import { TypeOrmSignInAttemptRepository } from '../src/modules/auth/infrastructure/typeorm/typeorm-sign-in-attempt.repository';
import { TypeOrmUserRepository } from '../src/modules/auth/infrastructure/typeorm/typeorm-user.repository';
import { describeSessionRepositoryContract } from '../src/modules/auth/testing/session-repository.contract';
import { describeAccountTokenRepositoryContract } from '../src/modules/auth/testing/account-token-repository.contract';
import { accountsWorld } from '../src/modules/auth/testing/accounts-world';
import { TypeOrmAccountTokenRepository } from '../src/modules/auth/infrastructure/typeorm/typeorm-account-token.repository';
import { describeSignInAttemptRepositoryContract } from '../src/modules/auth/testing/sign-in-attempt-repository.contract';
import { describeUserRepositoryContract } from '../src/modules/auth/testing/user-repository.contract';
import { TypeOrmApiKeyRepository } from '../src/modules/keys/infrastructure/typeorm/typeorm-api-key.repository';
import { describeApiKeyRepositoryContract } from '../src/modules/keys/testing/api-key-repository.contract';
import { TypeOrmIdempotencyRepository } from '../src/modules/idempotency/infrastructure/typeorm/typeorm-idempotency.repository';
import { describeIdempotencyRepositoryContract } from '../src/modules/idempotency/testing/idempotency-repository.contract';
import { TypeOrmEventLog } from '../src/modules/events/infrastructure/typeorm/typeorm-event-log';
import { waitFor } from './support/wait-for';
import { describeEventLogContract } from '../src/modules/events/testing/event-log.contract';
import { TypeOrmDeliveryRepository } from '../src/modules/webhooks/infrastructure/typeorm/typeorm-delivery.repository';
import { TypeOrmWebhookRepository } from '../src/modules/webhooks/infrastructure/typeorm/typeorm-webhook.repository';
import { describeWebhooksRepositoryContract } from '../src/modules/webhooks/testing/webhooks-repository.contract';

/**
 * The repository contracts of the auth, keys, idempotency and webhooks modules, against the TypeORM adapters
 * and a real PostgreSQL (the same suites run against the in-memory adapters as unit
 * specs). A database of its own: the attempt log's housekeeping deletes globally.
 */
describe('TypeORM repositories', () => {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL!;
  const name = `todo_repos_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let dataSource: DataSource;

  async function admin(sql: string): Promise<void> {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dataSource = await openDatabase({ url: url.toString(), poolSize: 8, connectTimeoutS: 10 }, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    // Both modes' pools: openDatabase opens the sandbox's beside the live one.
    if (dataSource) await closeDatabase(dataSource);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  describeUserRepositoryContract('TypeORM', async () => new TypeOrmUserRepository(dataSource));
  describeSessionRepositoryContract('TypeORM', async () => ({
    sessions: new TypeOrmSessionRepository(dataSource),
    users: new TypeOrmUserRepository(dataSource),
  }));
  describeAccountTokenRepositoryContract('TypeORM', async () => ({
    tokens: new TypeOrmAccountTokenRepository(dataSource),
    users: new TypeOrmUserRepository(dataSource),
    uow: new TypeOrmUnitOfWork(dataSource),
  }));
  describeSignInAttemptRepositoryContract('TypeORM', async () => ({
    attempts: new TypeOrmSignInAttemptRepository(dataSource),
    uow: new TypeOrmUnitOfWork(dataSource),
  }));
  describeApiKeyRepositoryContract('TypeORM', async () => ({
    keys: new TypeOrmApiKeyRepository(dataSource),
    users: new TypeOrmUserRepository(dataSource),
  }));
  describeIdempotencyRepositoryContract('TypeORM', async () => {
    // The expiry sweep is global, as in memory each case starts from an empty store.
    await dataSource.query('DELETE FROM idempotency_keys');
    const users = new TypeOrmUserRepository(dataSource);
    const accounts = new AccountsService(users, new ScryptPasswordHasher(2 ** 10), new SystemClock(), new UuidGenerator());
    return {
      records: new TypeOrmIdempotencyRepository(dataSource),
      uow: new TypeOrmUnitOfWork(dataSource),
      newUser: async () => {
        const suffix = randomBytes(5).toString('hex');
        const user = await accounts.signUp({
          email: `idem_${suffix}@example.test`,
          username: `idem_${suffix}`,
          name: 'Idem',
          password: 'long enough password',
        });
        return user.id;
      },
    };
  });

  describeWebhooksRepositoryContract('TypeORM', async () => {
    const accounts = new AccountsService(
      new TypeOrmUserRepository(dataSource),
      new ScryptPasswordHasher(2 ** 10),
      new SystemClock(),
      new UuidGenerator(),
    );
    return {
      webhooks: new TypeOrmWebhookRepository(dataSource),
      deliveries: new TypeOrmDeliveryRepository(dataSource),
      newUser: async () => {
        const suffix = randomBytes(5).toString('hex');
        const user = await accounts.signUp({
          email: `hook_${suffix}@example.test`,
          username: `hook_${suffix}`,
          name: 'Hook',
          password: 'long enough password',
        });
        return user.id;
      },
    };
  });

  it('signs up atomically: when the first session cannot be stored, no account is left behind', async () => {
    const clock = new SystemClock();
    const ids = new UuidGenerator();
    const uow = new TypeOrmUnitOfWork(dataSource);
    const sessionRepo = new TypeOrmSessionRepository(dataSource);
    jest.spyOn(sessionRepo, 'insert').mockRejectedValueOnce(new Error('sessions table unavailable'));
    const { signIns: service } = accountsWorld({
      users: new TypeOrmUserRepository(dataSource),
      sessionStore: sessionRepo,
      attempts: new TypeOrmSignInAttemptRepository(dataSource),
      tokens: new TypeOrmAccountTokenRepository(dataSource),
      uow,
      clock,
      ids,
    });
    const email = `atomic_${randomBytes(4).toString('hex')}@example.test`;
    const fields = { email, username: `atomic_${randomBytes(4).toString('hex')}`, name: 'Atomic', password: 'long enough password' };
    const address = `10.${randomBytes(3).join('.')}`;
    await expect(service.signUp(fields, address)).rejects.toThrow('sessions table unavailable');
    expect(await dataSource.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
    await expect(service.signUp(fields, address)).resolves.toMatchObject({ user: { email } });
  });

  it('signs up atomically with the verification mail: when it cannot be queued, no account and no token are left behind', async () => {
    const world = accountsWorld({
      users: new TypeOrmUserRepository(dataSource),
      sessionStore: new TypeOrmSessionRepository(dataSource),
      attempts: new TypeOrmSignInAttemptRepository(dataSource),
      tokens: new TypeOrmAccountTokenRepository(dataSource),
      uow: new TypeOrmUnitOfWork(dataSource),
      clock: new SystemClock(),
      ids: new UuidGenerator(),
    });
    jest.spyOn(world.mail, 'enqueue').mockRejectedValueOnce(new Error('mail queue unavailable'));
    const email = `mailed_${randomBytes(4).toString('hex')}@example.test`;
    const fields = { email, username: `mailed_${randomBytes(4).toString('hex')}`, name: 'Mailed', password: 'long enough password' };
    const address = `10.${randomBytes(3).join('.')}`;
    await expect(world.signIns.signUp(fields, address)).rejects.toThrow('mail queue unavailable');
    expect(await dataSource.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
    expect(await dataSource.query('SELECT 1 FROM account_tokens WHERE email = $1', [email])).toEqual([]);
    const { user } = await world.signIns.signUp(fields, address);
    expect(world.mail.queued().map((m) => [m.to, m.kind])).toEqual([[email, 'verify-email']]);
    expect(await dataSource.query('SELECT user_id FROM account_tokens WHERE email = $1', [email])).toEqual([{ user_id: user.id }]);
  });

  describeEventLogContract('TypeORM', async () => {
    // The purge and its watermark are global: as in memory, each case starts from an empty log.
    await dataSource.query(`DELETE FROM event_audience; DELETE FROM events; UPDATE event_purge_watermark SET txid = '0', seq = 0`);
    const users = new TypeOrmUserRepository(dataSource);
    const accounts = new AccountsService(users, new ScryptPasswordHasher(2 ** 10), new SystemClock(), new UuidGenerator());
    return {
      log: new TypeOrmEventLog(dataSource),
      uow: new TypeOrmUnitOfWork(dataSource),
      newUser: async () => {
        const handle = `ev_${randomBytes(5).toString('hex')}`;
        return (
          await accounts.signUp({ email: `${handle}@example.test`, username: handle, name: handle, password: 'long enough password' })
        ).id;
      },
      newList: async (ownerId) => {
        const [row] = await dataSource.query<Array<{ id: string }>>(
          `INSERT INTO lists (id, owner_id, name, name_key, created_at, updated_at) VALUES (gen_random_uuid(), $1, $2, lower($2), now(), now()) RETURNING id`,
          [ownerId, `List ${randomBytes(4).toString('hex')}`],
        );
        return row.id;
      },
      join: async (listId, userId) => {
        await dataSource.query(`INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES ($1, $2, 'editor', now())`, [
          listId,
          userId,
        ]);
      },
      leave: async (listId, userId) => {
        await dataSource.query('DELETE FROM list_members WHERE list_id = $1 AND user_id = $2', [listId, userId]);
      },
      // Bounded: until no transaction that began before the newest event is still running.
      settled: () =>
        waitFor(
          async () =>
            (
              await dataSource.query<Array<{ ok: boolean }>>(
                `SELECT coalesce(max(txid) < pg_snapshot_xmin(pg_current_snapshot()), true) AS ok FROM events`,
              )
            )[0].ok,
          { what: 'the recorded events to be below every snapshot', timeoutMs: 20_000 },
        ).then(() => undefined),
    };
  });
});
