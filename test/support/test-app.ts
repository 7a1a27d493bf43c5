import type { INestApplication, ModuleMetadata } from '@nestjs/common';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { createRootLogger } from '../../src/common/logging/logger';
import { RootLogger } from '../../src/common/logging/root-logger';
import { RecordedResponse, responseRecorder, validateAgainstOpenApi } from './openapi-validator';
import { logFileForApp, secretRecorder } from './secret-ledger';

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

/**
 * Boots the real application (the same factory main.ts uses) against the e2e
 * database. `env` overrides environment variables, as an operator would.
 */
export async function startTestApp(
  env: Record<string, string | undefined> = {},
  extra: Pick<ModuleMetadata, 'imports'> = {},
): Promise<TestApp> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'info', ...env });
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
      if (problems.length > 0) throw new Error(`Responses drifted from the OpenAPI document:\n${problems.join('\n')}`);
    },
  };
}
