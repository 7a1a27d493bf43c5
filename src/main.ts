import 'reflect-metadata';
import { createApp } from './app.factory';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { createRootLogger } from './common/logging/logger';
import { RootLogger } from './common/logging/root-logger';
import { EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createRootLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  const fail = async (error: unknown) => {
    logger.fatal({ err: error }, `start-up failed: ${(error as Error).message}`);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  };

  try {
    if (!config.databaseUrl) {
      embedded = await startEmbeddedPostgres(config.dataDir, logger);
      config = config.with({ databaseUrl: embedded.url });
    }
    const app = await createApp(config, new RootLogger(logger));
    await app.listen(config.port);
    const server = app.getHttpServer();
    logger.info({ port: config.port, database: embedded ? 'embedded' : 'external' }, `listening on http://localhost:${config.port}`);

    let stopping = false;
    const shutdown = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      // Requests still running after the grace period are cut off so the exit is bounded.
      const force = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
      force.unref();
      try {
        await app.close();
        await embedded?.stop();
        logger.info('stopped');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  } catch (error) {
    await fail(error);
  }
}

void main();
