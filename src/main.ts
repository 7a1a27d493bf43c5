import 'reflect-metadata';
import { createApp } from './app.factory';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { dataDirProblem } from './config/data-dir';
import { ShutdownGate } from './common/http/http-server';
import { createRootLogger } from './common/logging/logger';
import { RootLogger } from './common/logging/root-logger';
import { EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';

/** How long closing the pool and the embedded database may take after the grace period. */
const HARD_STOP_MARGIN_MS = 10_000;

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
  // Like a bad value: one plain line before anything starts (docs/deployment.md).
  const problem = dataDirProblem(config);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
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
      embedded = await startEmbeddedPostgres(config.dataDir, logger, { systemDir: config.embeddedPgSystemDir });
      config = config.with({ databaseUrl: embedded.url });
    }
    const app = await createApp(config, new RootLogger(logger));
    await app.listen(config.port, config.host);
    logger.info(
      { host: config.host, port: config.port, database: embedded ? 'embedded' : 'external' },
      `listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
    );

    // Nest's shutdown sequence, `app.close(signal)`: the HTTP adapter's beforeClose stops taking
    // requests and finishes those in flight (ShutdownGate, up to SHUTDOWN_GRACE_MS), then the
    // lifecycle hooks run (workers and janitors stop in onModuleDestroy, the pool closes in
    // onApplicationShutdown). The signal is handled here rather than by `app.enableShutdownHooks()`,
    // which ends the process after the hooks by raising the signal again (or with status 0): the
    // embedded database stops after the pool, and the exit status says whether a request was cut.
    const gate = app.get(ShutdownGate);
    let stopping = false;
    const shutdown = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      // A last resort if closing the pool or the embedded database hangs: the exit stays bounded.
      const hardStop = setTimeout(() => {
        logger.fatal('shutdown did not finish in time: exiting');
        process.exit(1);
      }, config.shutdownGraceMs + HARD_STOP_MARGIN_MS);
      hardStop.unref();
      try {
        logger.info({ signal }, `${signal} received`);
        await app.close();
        await embedded?.stop();
        const cut = gate.cut;
        logger.info({ cut }, 'stopped');
        process.exit(cut > 0 ? 1 : 0);
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    };
    process.on('SIGTERM', (signal) => void shutdown(signal));
    process.on('SIGINT', (signal) => void shutdown(signal));
  } catch (error) {
    await fail(error);
  }
}

void main();
