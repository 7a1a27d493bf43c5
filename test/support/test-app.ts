import type { INestApplication, ModuleMetadata } from '@nestjs/common';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { createRootLogger } from '../../src/common/logging/logger';
import { RootLogger } from '../../src/common/logging/root-logger';
import { RecordedResponse, responseRecorder, validateAgainstOpenApi } from './openapi-validator';
import { logFileForApp, secretRecorder } from './secret-ledger';
import { ownDatabase, type OwnDatabase } from './own-database';

export interface TestApp {
  app: INestApplication;
  server: Server;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  /** The raw log text, to prove something never appears in it. */
  logText(): string;
  /** Every JSON response sent so far, for the OpenAPI drift check. */
  responses: RecordedResponse[];
  /**
   * Stops the app, then checks every response it sent against its OpenAPI document
   * (status documented for the route, body matching the schema), failing the spec on drift.
   */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Runs the app on a database of its own (named from this prefix, dropped by close()) rather
   * than the e2e database every spec shares. For specs with webhook deliveries: every app runs
   * a delivery worker, and one of another spec (another clock, another master key) would
   * otherwise claim their deliveries.
   */
  ownDatabase?: string;
}

/**
 * Boots the real application (the same factory main.ts uses) against the e2e
 * database. `env` overrides environment variables, as an operator would.
 */
export async function startTestApp(
  env: Record<string, string | undefined> = {},
  extra: Pick<ModuleMetadata, 'imports'> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const own: OwnDatabase | undefined = options.ownDatabase ? await ownDatabase(options.ownDatabase) : undefined;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'info', ...env, ...(own ? { DATABASE_URL: own.url } : {}) });
  const raw: string[] = [];
  // Also kept for the secrets scan at the end of the e2e run (test/support/secret-scan.js).
  const logFile = logFileForApp();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      logFile?.(String(chunk));
      done();
    },
  });
  const logger = createRootLogger(config.logLevel, sink);
  const app = await createApp(config, new RootLogger(logger), extra);
  const responses: RecordedResponse[] = [];
  app.use(responseRecorder(responses));
  app.use(secretRecorder());
  await app.init();
  return {
    app,
    server: app.getHttpServer(),
    get logs() {
      return raw.flatMap((chunk) =>
        chunk
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      );
    },
    logText: () => raw.join(''),
    responses,
    async close() {
      const problems = process.env.OPENAPI_VALIDATE === '0' ? [] : validateAgainstOpenApi(app, responses);
      await app.close();
      await own?.drop();
      if (problems.length > 0) throw new Error(`Responses drifted from the OpenAPI document:\n${problems.join('\n')}`);
    },
  };
}

/** For specs about something else than the rate limit: a raised limit keeps them independent of it. */
export const NO_RATE_LIMIT = { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_PORTAL_MAX: '1000000' };

/** The same for callers without a key too, for specs that send many unauthenticated requests. */
export const NO_RATE_LIMITS = { ...NO_RATE_LIMIT, RATE_LIMIT_UNAUTHENTICATED_MAX: '1000000' };

/** A TestApp started for a describe block, and its database. */
export interface SharedTestApp extends Omit<TestApp, 'close'> {
  db: DataSource;
}

/**
 * The app of a describe block: started in its beforeAll (with `env`, as startTestApp) and
 * closed, with the OpenAPI drift check, in its afterAll. Call it in the describe's body; the
 * returned object reads through to the running app, so helpers built on it (listsWorld,
 * itemsWorld) may be made at once and used in the tests.
 */
export function useTestApp(
  env: Record<string, string | undefined> = {},
  extra: Pick<ModuleMetadata, 'imports'> = {},
  options: TestAppOptions = {},
): SharedTestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(env, extra, options);
  });
  afterAll(() => started?.close());
  const running = (): TestApp => {
    if (!started) throw new Error('the test app starts in beforeAll: use it in a test or a hook');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get server() {
      return running().server;
    },
    get logs() {
      return running().logs;
    },
    logText: () => running().logText(),
    get responses() {
      return running().responses;
    },
    get db() {
      return running().app.get(DataSource);
    },
  };
}
