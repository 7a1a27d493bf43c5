import { Controller, Get } from '@nestjs/common';
import { Client } from 'pg';
import { AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/errors/domain-error';
import { Public } from '../../common/http/decorators';
import { ApiDataResponse } from '../../common/http/api-response.decorators';
import { HealthResponse } from './health.response';

const READY_TIMEOUT_MS = 2_000;

const notReady = (why: string) => new DomainError('unavailable', 'DATABASE_UNAVAILABLE', `Not ready: ${why}`);

/** Liveness and readiness for load balancers and orchestrators: no key, never rate limited. */
@Controller('health')
@Public()
export class HealthController {
  private readonly startedAt = Date.now();

  constructor(private readonly config: AppConfig) {}

  @Get('live')
  @ApiDataResponse(HealthResponse)
  live() {
    return { status: 'ok', uptime_s: Math.floor((Date.now() - this.startedAt) / 1000) };
  }

  /**
   * Ready means the database answers and accepts writes. The probe opens its own
   * connection instead of borrowing one from the request pool: a pool saturated by
   * load is a queue, not an outage, and must not make a load balancer pull a healthy
   * instance; a database that answers but refuses writes (read-only after a failover)
   * is not ready, since every write would fail.
   */
  @Get('ready')
  @ApiDataResponse(HealthResponse)
  async ready() {
    const started = Date.now();
    const client = new Client({
      connectionString: this.config.databaseUrl,
      connectionTimeoutMillis: READY_TIMEOUT_MS,
      query_timeout: READY_TIMEOUT_MS,
      application_name: 'todo-service-health',
    });
    let readOnly: boolean;
    try {
      await client.connect();
      const { rows } = await client.query<{ read_only: string }>(`SELECT current_setting('transaction_read_only') AS read_only`);
      readOnly = rows[0]?.read_only === 'on';
    } catch {
      throw notReady('the database cannot be reached');
    } finally {
      // Never wait on a database that stopped answering: the bound above is the answer.
      void client.end().catch(() => undefined);
    }
    if (readOnly) throw notReady('the database is read-only and refuses writes');
    return { status: 'ok', database: { status: 'ok', latency_ms: Date.now() - started } };
  }
}
