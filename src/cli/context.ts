import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { createRootLogger } from '../common/logging/logger';
import { RootLogger } from '../common/logging/root-logger';
import { AppConfig } from '../config/app-config';
import { EmbeddedDatabase, runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../database/embedded-postgres';
import { AccountsService } from '../modules/auth/domain/accounts.service';
import { KeysService } from '../modules/keys/domain/keys.service';
import { MailOperations } from '../modules/mail/domain/mail-operations';
import { CliModule } from './cli.module';
import type { CommandServices } from './commands';

/** The embedded server this command started itself, if any: it must not outlive the command. */
let embedded: EmbeddedDatabase | undefined;

export async function stopOwnDatabase(): Promise<void> {
  await embedded?.stop().catch(() => undefined);
}

/**
 * Runs `work` with the domain services wired as in the service (same modules, same
 * migrations), on DATABASE_URL, on the running service's embedded PostgreSQL, or on
 * one started just for this command and stopped afterwards.
 */
export async function withServices<T>(initial: AppConfig, work: (services: CommandServices) => Promise<T>): Promise<T> {
  // Quiet unless asked: failures are reported by the command's one error line.
  const logger = createRootLogger(process.env.LOG_LEVEL ? initial.logLevel : 'error', pino.destination(2));
  let config = initial;
  try {
    if (!config.databaseUrl) {
      const running = await runningEmbeddedPostgresUrl(config.dataDir);
      if (running) {
        config = config.with({ databaseUrl: running });
      } else {
        embedded = await startEmbeddedPostgres(config.dataDir, logger, { systemDir: config.embeddedPgSystemDir });
        config = config.with({ databaseUrl: embedded.url });
      }
    }
    const context = await NestFactory.createApplicationContext(CliModule.register(config.with({ dbPoolSize: 2 }), new RootLogger(logger)), {
      logger: false,
      abortOnError: false,
    });
    try {
      return await work({ accounts: context.get(AccountsService), keys: context.get(KeysService), mail: context.get(MailOperations) });
    } finally {
      await context.close();
    }
  } finally {
    await stopOwnDatabase();
  }
}
