import 'reflect-metadata';
import { createApp } from './app.factory';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
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
    const server = app.getHttpServer();
    logger.info(
      { host: config.host, port: config.port, database: embedded ? 'embedded' : 'external' },
      `listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
    );

    const gate = app.get(ShutdownGate);
    const shutdown = async (signal: NodeJS.Signals) => {
      if (gate.isStopping) return;
      // First, synchronously: no new connection, no new request (503 on a kept-alive
      // connection), idle connections closed, in-flight answers carry Connection: close.
      gate.begin(server);
      logger.info({ signal, in_flight: gate.inFlightCount }, 'shutting down: no new requests; finishing in-flight ones');
      // A last resort if closing the pool or the embedded database hangs: the exit stays bounded.
      const hardStop = setTimeout(() => {
        logger.fatal('shutdown did not finish in time: exiting');
        process.exit(1);
      }, config.shutdownGraceMs + HARD_STOP_MARGIN_MS);
      hardStop.unref();
      try {
        // Requests still running after the grace period are cut off, and the exit says so.
        const cut = await gate.drain(config.shutdownGraceMs);
        if (cut > 0) {
          logger.error({ cut }, `shutdown grace period (${config.shutdownGraceMs} ms) expired: cut ${cut} in-flight request(s)`);
        }
        await app.close();
        await embedded?.stop();
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
