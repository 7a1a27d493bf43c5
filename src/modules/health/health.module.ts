import { Module } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/ports/clock';
import { DatabaseReadiness } from './database-readiness';
import { HealthController } from './health.controller';

const READ_ONLY = `SELECT current_setting('transaction_read_only') AS read_only`;
/** The time limit of the direct question, asked only when the pool cannot serve the probe. */
const DIRECT_TIMEOUT_MS = 2_000;

const isReadOnly = (rows: Array<{ read_only: string }>) => rows[0]?.read_only === 'on';

/** One question on a connection of its own, for when every pooled connection is in use. */
async function askDirectly(databaseUrl: string | undefined): Promise<boolean> {
  const client = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: DIRECT_TIMEOUT_MS,
    query_timeout: DIRECT_TIMEOUT_MS,
    application_name: 'todo-service-health',
  });
  try {
    await client.connect();
    return isReadOnly((await client.query<{ read_only: string }>(READ_ONLY)).rows);
  } finally {
    // Never wait on a database that stopped answering: the bound above is the answer.
    void client.end().catch(() => undefined);
  }
}

@Module({
  controllers: [HealthController],
  providers: [
    {
      provide: DatabaseReadiness,
      inject: [DataSource, AppConfig, Clock],
      useFactory: (dataSource: DataSource, config: AppConfig, clock: Clock) =>
        new DatabaseReadiness(
          async () => isReadOnly(await dataSource.query(READ_ONLY)),
          () => askDirectly(config.databaseUrl),
          clock,
        ),
    },
  ],
})
export class HealthModule {}
