import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { RootLogger } from '../common/logging/root-logger';
import { TypeOrmUnitOfWork } from '../common/persistence/typeorm-unit-of-work';
import { AmbientModeScope } from '../common/persistence/ambient-mode-scope';
import { ModeScope } from '../common/ports/mode-scope';
import { UnitOfWork } from '../common/ports/unit-of-work';
import { closeDatabaseWithin, openDatabase } from './data-source';

/**
 * How long the pools' close waits for connections still being opened: a connect to a database
 * that never answers lasts DB_ACQUIRE_TIMEOUT_MS, which would otherwise add itself to every
 * shutdown during an outage.
 */
export const POOL_CLOSE_WAIT_MS = 1_000;

/** Closes the pools (both modes') only after the HTTP server has finished its in-flight requests. */
@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly logger: RootLogger,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (!(await closeDatabaseWithin(this.dataSource, POOL_CLOSE_WAIT_MS))) {
      this.logger.pino.warn(`database connections still opening after ${POOL_CLOSE_WAIT_MS} ms: left to the process's exit`);
    }
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [AppConfig, RootLogger],
      useFactory: (config: AppConfig, logger: RootLogger) => {
        if (!config.databaseUrl) throw new Error('DATABASE_URL is not set and no embedded database was started');
        return openDatabase(
          {
            url: config.databaseUrl,
            poolSize: config.dbPoolSize,
            connectTimeoutS: config.dbConnectTimeoutS,
            timeouts: config.dbTimeouts,
          },
          logger.pino,
        );
      },
    },
    { provide: UnitOfWork, useClass: TypeOrmUnitOfWork },
    { provide: ModeScope, useClass: AmbientModeScope },
    DatabaseLifecycle,
  ],
  exports: [DataSource, UnitOfWork, ModeScope],
})
export class DatabaseModule {}
